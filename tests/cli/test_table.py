"""The terminal table: turn timers and the record kept when people stop."""

from __future__ import annotations

import io
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from crafthall import games
from crafthall.bots.base import Bot
from crafthall.cli.table import TerminalTable
from crafthall.engine import Seat
from crafthall.games import new_match
from tests.patience import PATIENCE
from tests.toygames import MODULES


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


@pytest.fixture
def toy_race() -> Iterator[None]:
    """The test-only simultaneous game, registered for the length of a test."""
    games.register("toy-race", MODULES["toy-race"])
    yield
    games.unregister("toy-race")


def _paced(bot: Bot, seconds: float) -> Bot:
    bot.think_seconds = lambda: seconds  # type: ignore[method-assign]
    return bot


@pytest.mark.usefixtures("toy_race")
def test_a_simultaneous_game_of_bots_alone_runs_on_the_race_clock(tmp_path: Path) -> None:
    """Any game with ``simultaneous`` gets the race loop: the faster bot acts more often."""
    match = games.new_match("toy-race", ["a", "b"], options={"numbers": 12}, seed=1)
    bots = {
        0: _paced(games.make_bot(match.game, "random", 0), 1.0),
        1: _paced(games.make_bot(match.game, "random", 1), 3.0),
    }
    TerminalTable(match, bots, console=Console(file=io.StringIO()), record_dir=tmp_path).run()
    result = match.result()
    assert result is not None and result.scores == [9, 3]


@pytest.mark.usefixtures("toy_race")
def test_one_person_and_a_bot_race_in_real_time(tmp_path: Path) -> None:
    match = games.new_match("toy-race", ["Ann", "b"], options={"numbers": 3}, seed=1)
    typed = ["", "help"]  # the person only looks at the table; the bot claims every number

    def read(prompt: str) -> str:
        if typed:
            return typed.pop(0)
        deadline = time.monotonic() + PATIENCE
        while match.result() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        raise EOFError

    out = io.StringIO()
    bot = _paced(games.make_bot(match.game, "random", 1), 0.01)
    TerminalTable(match, {1: bot}, console=Console(file=out), read=read, record_dir=tmp_path).run()
    result = match.result()
    assert result is not None and result.scores == [0, 3]
    assert "Real-time race" in out.getvalue()


@pytest.fixture
def toy_hand() -> Iterator[None]:
    games.register("toy-hand", "tests.cli.toy_hand")
    yield
    games.unregister("toy-hand")


@pytest.mark.usefixtures("toy_hand")
def test_hot_seat_passes_the_keyboard_only_when_the_seat_changes(tmp_path: Path) -> None:
    match = games.new_match("toy-hand", ["Ann", "Ben"], options={"target": 50}, seed=4)
    answers = iter(["add 2", "add 1", "roll", "", "quit"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = io.StringIO()
    table = TerminalTable(match, {}, console=Console(file=out), read=read, record_dir=tmp_path)
    table.run()
    assert prompts == [
        "Pass the keyboard to Ann and press Enter. ",
        "Ann> ",  # "add 2", typed at the pass prompt, was Ann's first command
        "Ann> ",
        "Pass the keyboard to Ben and press Enter. ",
        "Ben> ",
    ]
    assert [move.action for move in match.moves] == [
        {"type": "add", "amount": 2},
        {"type": "add", "amount": 1},
        {"type": "roll"},
    ]
    shown = out.getvalue()
    assert "Ben, since your last turn:\n  Ann did add 2\n  Ann did add 1\n  Ann did roll" in shown
    assert "Ann, since your last turn" not in shown  # nothing had happened before Ann's turn


@pytest.mark.usefixtures("toy_hand")
def test_a_resumed_game_knows_what_each_person_has_not_seen(tmp_path: Path) -> None:
    match = games.new_match("toy-hand", ["Ann", "Ben"], options={"target": 50}, seed=4)
    for seat, action in [(0, "add 2"), (0, "roll"), (1, "roll"), (0, "add 3"), (0, "roll")]:
        match.apply(seat, {"type": action.split()[0], **_amount(action)})
    table = TerminalTable(match, {}, console=Console(file=io.StringIO()), record_dir=tmp_path)
    table.recall()
    assert [line for _, line in table.log][-2:] == ["Ann did add 3", "Ann did roll"]
    assert table.since_last_turn(1) == ["Ann did add 3", "Ann did roll"]
    assert table.since_last_turn(0) == []


def _amount(action: str) -> dict[str, int]:
    words = action.split()
    return {"amount": int(words[1])} if len(words) == 2 else {}
