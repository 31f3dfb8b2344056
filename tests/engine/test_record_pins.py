"""A record pins every option and its dictionary, so it replays the same or not at all."""

from __future__ import annotations

import dataclasses

import pytest

from crafthall.engine import RecordError
from crafthall.engine.record import dump_lines, parse_lines
from crafthall.games import make_game, match_from_lines, new_match
from crafthall.lexicon import Lexicon


def _played(options: dict[str, str] | None = None) -> list[str]:
    match = new_match("wordsmith", ["Ann", "Ben"], seed=3, options=options)
    match.apply(0, {"type": "roll"})
    return match.record_lines()


def test_header_keeps_every_option_and_the_dictionary_hash() -> None:
    header, _ = parse_lines(_played())
    assert header.options == make_game("wordsmith").options.model_dump(mode="json")
    assert header.pins["dictionary"] == "standard"
    assert len(header.pins["dictionary_sha256"]) == 64


def test_the_same_words_give_the_same_hash_and_other_words_another() -> None:
    assert Lexicon("a", ["cat", "dog"]).content_hash == Lexicon("b", ["dog", "cat"]).content_hash
    assert Lexicon("a", ["cat"]).content_hash != Lexicon("a", ["cat", "dog"]).content_hash


def test_a_record_made_with_other_words_is_refused_with_a_reason() -> None:
    lines = _played()
    assert match_from_lines(lines).moves  # the same dictionary replays
    header, moves = parse_lines(lines)
    changed = dataclasses.replace(header, pins={**header.pins, "dictionary_sha256": "0" * 64})

    with pytest.raises(RecordError, match="cannot replay exactly"):
        match_from_lines(list(dump_lines(changed, moves)))


def test_records_without_pins_still_replay() -> None:
    header, moves = parse_lines(_played())

    old = dataclasses.replace(header, pins={})
    assert match_from_lines(list(dump_lines(old, moves))).moves == moves
