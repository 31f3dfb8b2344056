"""What a remote client may ask the server to load.

A table's ``dictionary`` option may name a word list file on the command line; over the
network that would let anyone make the server open files on its disk, so hosted tables and
uploaded records use the bundled dictionaries only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crafthall.engine.errors import SetupError
from crafthall.lexicon import SIZES


def check_hosted_options(options: Mapping[str, Any]) -> None:
    """Refuse options a hosted table may not have."""
    dictionary = options.get("dictionary")
    if dictionary is not None and dictionary not in SIZES:
        raise SetupError(
            f"Hosted tables use a bundled dictionary: {', '.join(SIZES)} "
            f"(not '{str(dictionary)[:60]}')."
        )
