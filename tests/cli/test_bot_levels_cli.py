"""Bot levels in the terminal: ``crafthall play --help`` lists them with their lines, an
unknown level is refused naming them, and a bot's move in the log says how long the bot
thought (plain and full-screen)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot

from crafthall import games
from crafthall.bots.levels import LADDER, describe_levels
from crafthall.cli.table import TerminalTable
from crafthall.engine import Seat
from tests.cli.test_cli import run
from tests.cli.test_screen import drive, events, table_app, wait_for

THOUGHT = re.compile(r"\((\w+) bot thought (under 0\.1|\d+\.\d) s\)")


def test_play_help_lists_every_level_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run(capsys, "play", "--help")
    out = " ".join(capsys.readouterr().out.split())
    for name, line in describe_levels().items():
        assert f"{name} {line}" in out, name


def test_an_unknown_level_is_refused_with_the_levels(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(
        capsys, "play", "wordcraft", "--seat", "Ann", "--seat", "bot:wizard",
        "--record-dir", str(tmp_path),
    )  # fmt: skip
    assert code == 2
    assert "no bot level 'wizard'" in err
    for name in LADDER:
        assert name in err
    assert not list(tmp_path.iterdir()), "a refused game leaves no record"


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "swordcrafters", "--bot", "wizard", "--bot", "greedy"],
        ["tournament", "swordcrafters", "--bot", "wizard", "--bot", "greedy"],
        ["study", "swordcrafters", "--bot", "wizard", "--games", "2"],
    ],
)
def test_every_command_refuses_an_unknown_level_in_one_short_sentence(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    said = err.strip()
    assert "no bot level 'wizard'" in said
    assert len(said.splitlines()) == 1 and said.count(". ") == 0 and said.endswith(".")
    for name in games.bot_levels("swordcrafters"):
        assert name in said


def test_a_bots_move_in_the_plain_log_says_how_long_it_thought(tmp_path: Path) -> None:
    seats = [Seat("Casual", "bot:casual"), Seat("Greedy", "bot:greedy")]
    match = games.new_match("swordcrafters", seats, seed=4)
    bots = {n: games.make_bot(match.game, seat.bot_level or "", n) for n, seat in enumerate(seats)}
    out = io.StringIO()
    table = TerminalTable(match, bots, console=Console(file=out, width=200), record_dir=tmp_path)
    for _ in range(4):
        table.play_turn(match.active_seats()[0])
    said = [THOUGHT.search(line) for _, line in table.log]
    assert all(said), table.log
    assert {found.group(1) for found in said if found} == {"casual", "greedy"}
    assert THOUGHT.search(out.getvalue())


def test_a_bots_move_on_the_full_screen_says_how_long_it_thought(tmp_path: Path) -> None:
    seats = [Seat("A", "bot:random"), Seat("B", "bot:beginner")]
    match = games.new_match("swordcrafters", seats, seed=3)
    bots = {n: games.make_bot(match.game, seat.bot_level or "", n) for n, seat in enumerate(seats)}
    app = table_app(match, bots, tmp_path)

    async def steps(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: len(match.moves) >= 2)
        shown = events(app)
        assert "random bot thought" in shown and "beginner bot thought" in shown
        app.action_stop()

    drive(app, steps)
