"""The terminal table: turn timers and the record kept when people stop."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from crafthall.cli.table import TerminalTable
from crafthall.engine import Seat
from crafthall.games import new_match


def test_a_person_whose_turn_timer_runs_out_passes(tmp_path: Path) -> None:
    match = new_match(
        "wordcraft",
        [Seat("Ann"), Seat("Ben")],
        options={"turn_seconds": 30},
        seed=2,
        fixed={"first_player": 0},
    )
    asked: list[float] = []

    def silent(prompt: str, seconds: float) -> str | None:
        asked.append(seconds)
        return None

    table = TerminalTable(match, {}, console=Console(file=io.StringIO()), record_dir=tmp_path)
    table.read_within = silent
    table.play_turn(0)
    assert match.moves[-1].seat == 0
    assert match.moves[-1].action == {"type": "pass", "timed_out": True}
    assert 0 < asked[0] <= 30


def test_without_a_timer_the_plain_reader_is_used(tmp_path: Path) -> None:
    match = new_match("wordcraft", [Seat("Ann"), Seat("Ben")], seed=2, fixed={"first_player": 0})
    typed = iter(["pass"])
    table = TerminalTable(
        match,
        {},
        console=Console(file=io.StringIO()),
        read=lambda prompt: next(typed),
        record_dir=tmp_path,
    )
    table.play_turn(0)
    assert match.moves[-1].action["type"] == "pass"
