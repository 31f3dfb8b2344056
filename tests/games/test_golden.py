"""Golden playthroughs: a whole recorded game per game must replay to the same views, move
by move, and the same result. A difference means the rules or the views changed: the failure
names the first view and key that differ; if the change is meant, rewrite the files with
``scripts/golden_playthroughs.py --update --game <name>``."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from crafthall.arena import golden
from crafthall.engine import to_json
from crafthall.games import load_match, names


@pytest.mark.parametrize("name", names())
def test_golden_playthrough_replays_as_recorded(name: str) -> None:
    assert golden.first_difference(name) is None, golden.first_difference(name)


def _earlier() -> list[Path]:
    return [record for name in names() for record in golden.earlier_records(name)]


@pytest.mark.parametrize(
    "record", _earlier(), ids=lambda path: f"{path.parents[2].name}-{path.stem}"
)
def test_a_record_of_earlier_rules_still_replays_to_its_result(record: Path) -> None:
    """A game whose rules changed replays its old records under the old reading's options."""
    expected = json.loads(record.with_suffix(".result.json").read_text(encoding="utf-8"))
    match = load_match(record)
    assert match.header.game_version != match.game.version
    assert match.game.replays(match.header.game_version)
    result = match.result()
    assert result is not None and json.loads(to_json(result.to_json())) == expected


def test_a_changed_view_is_reported_at_its_first_differing_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The failure a reader sees names the move, the seat and the key, not a hash."""
    name = names()[0]
    stored = gzip.decompress(golden.views_path(name).read_bytes()).decode().splitlines()
    views = json.loads(stored[1])
    spectator = views[0]
    key = next(iter(spectator))
    spectator[key] = "something else"
    stored[1] = json.dumps(views)
    changed = tmp_path / "views.jsonl.gz"
    changed.write_bytes(gzip.compress("\n".join(stored).encode()))
    monkeypatch.setattr(golden, "views_path", lambda game: changed)
    difference = golden.first_difference(name)
    assert difference is not None
    assert difference.startswith("After move 1 (seat ")
    assert f'the spectator\'s view differs at .{key}: was "something else", now ' in difference
