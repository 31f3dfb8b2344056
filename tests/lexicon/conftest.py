from __future__ import annotations

import pytest

from crafthall.lexicon import Lexicon, load


@pytest.fixture(scope="session")
def standard() -> Lexicon:
    return load("standard")
