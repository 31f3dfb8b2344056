"""Match records pin the table's dictionary: its name (size, spelling, adult words) and hash."""

from __future__ import annotations

import json

import pytest

from crafthall.engine.errors import RecordError
from crafthall.games import match_from_lines, new_match


def test_the_pins_name_the_spelling_and_adult_words() -> None:
    options = {"spelling": "en-GB", "adult_words": True}
    match = new_match("wordcraft", ["A", "B"], seed=3, options=options)
    header = json.loads(match.record_lines()[0])
    assert header["pins"]["dictionary"] == "standard en-GB adult"
    assert match_from_lines(match.record_lines()).header.pins == header["pins"]


def test_a_record_made_with_other_word_lists_is_refused_with_a_sentence() -> None:
    lines = new_match("wordcraft", ["A", "B"], seed=3).record_lines()
    header = json.loads(lines[0])
    header["pins"]["dictionary_sha256"] = "0" * 64  # as the lists before a rebuild
    with pytest.raises(RecordError, match="the words allowed may differ"):
        match_from_lines([json.dumps(header), *lines[1:]])
