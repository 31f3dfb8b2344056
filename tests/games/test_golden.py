"""Golden playthroughs: a whole recorded game per game must replay to the same views, move
by move, and the same result. A difference means the rules or the views changed: look at it,
and if it is meant, rewrite the files with ``scripts/golden_playthroughs.py --update``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crafthall.games import load_match, names
from scripts.golden_playthroughs import digests, earlier_records, paths


@pytest.mark.parametrize("name", names())
def test_golden_playthrough_replays_as_recorded(name: str) -> None:
    record, digest_file = paths(name)
    expected = json.loads(digest_file.read_text(encoding="utf-8"))
    got = digests(load_match(record))
    for move, (was, now) in enumerate(zip(expected["views"], got["views"], strict=True)):
        assert was == now, f"the views differ after move {move} of {record.name}"
    assert got["result"] == expected["result"]


@pytest.mark.parametrize("record", earlier_records(), ids=lambda path: path.stem)
def test_a_record_of_earlier_rules_still_replays_to_its_result(record: Path) -> None:
    """A game whose rules changed replays its old records under the old reading's options."""
    digest_file = record.with_name(record.stem + ".digests.json")
    expected = json.loads(digest_file.read_text(encoding="utf-8"))
    match = load_match(record)
    assert match.header.game_version != match.game.version
    assert match.game.replays(match.header.game_version)
    assert digests(match)["result"] == expected["result"]
