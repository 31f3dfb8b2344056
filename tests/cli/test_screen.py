"""The full-screen table through Textual's pilot, at 80x24: every game's layout, the race's
prompt, and hot-seat play."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from crafthall import games
from crafthall.bots.base import Bot
from crafthall.cli.screen import PassScreen, TableApp
from crafthall.cli.table import TerminalTable
from crafthall.engine import Seat
from crafthall.engine.match import Match
from tests.patience import PATIENCE

SIZE = (80, 24)
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


def screen_text(app: TableApp) -> str:
    """The screen as plain text, as a terminal of the app's size shows it."""
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(), record=True)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


def events(app: TableApp) -> str:
    return "\n".join(strip.text for strip in app.query_one("#events", RichLog).lines)


def prompt(app: TableApp) -> Input:
    return app.query_one("#command", Input)


async def wait_for(pilot: Pilot[None], done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + PATIENCE
    while not done():
        assert time.monotonic() < deadline, "the screen never got there"
        await pilot.pause(0.05)
    await pilot.pause()  # and the screen is drawn


async def type_line(pilot: Pilot[None], text: str) -> None:
    await pilot.press(*text, "enter")
    await pilot.pause()


def drive(app: TableApp, steps: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await steps(pilot)

    asyncio.run(run())


def table_app(match: Match, bots: dict[int, Bot], tmp_path: Path) -> TableApp:
    table = TerminalTable(match, bots, console=Console(file=io.StringIO()), record_dir=tmp_path)
    return TableApp(table)


def mid_game(game: str, moves: int = 6) -> Match:
    """Ann and a greedy bot, a few moves in (greedy choices for both), Ann to act."""
    match = games.new_match(game, [Seat("Ann"), Seat("Greedy", "bot:greedy")], seed=7)
    bots = [games.make_bot(match.game, "greedy", seat) for seat in (0, 1)]
    for number in range(moves):
        active = match.active_seats()
        seat = active[number % len(active)]
        match.apply(seat, bots[seat].choose(match.state, seat))
    while match.active_seats() and 0 not in match.active_seats():
        seat = match.active_seats()[0]
        match.apply(seat, bots[seat].choose(match.state, seat))
    assert match.result() is None
    return match


@pytest.mark.parametrize("game", games.names())
def test_every_game_keeps_board_players_events_and_prompt_on_one_screen(
    game: str, tmp_path: Path
) -> None:
    match = mid_game(game)
    bot = games.make_bot(match.game, "greedy", 1)
    bot.think_seconds = lambda: 0.05  # type: ignore[method-assign]  # a quick race
    app = table_app(match, {1: bot}, tmp_path)
    app.table.recall()

    async def steps(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.turn == 0)
        board = app.query_one("#board").region
        players = app.query_one("#players").region
        log = app.query_one("#events").region
        row = app.query_one("#prompt-row").region
        assert board.y == 0 and board.height >= 12
        assert board.bottom <= players.y < log.y < row.y == SIZE[1] - 1
        assert board.width == players.width == row.width == SIZE[0]
        text = screen_text(app)
        assert "Ann>" in text.splitlines()[-1]
        assert app.table.log[-1][1][:30] in events(app)  # the last moves are shown
        assert "▶ Ann" in text or game == "wordsmith"  # the race's seats all act at once
        # A refused command is explained in the log and leaves the prompt empty.
        await type_line(pilot, "zzzq 99 qqq")
        assert prompt(app).value == ""
        assert events(app)
        # Help comes over the table and goes with Escape; the screen is the same size.
        await type_line(pilot, "help")
        assert app.screen is not app.screen_stack[0]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.screen_stack[0]
        await wait_for(pilot, lambda: len(match.moves) > 0 or game != "wordsmith")
        SCREENSHOTS.mkdir(exist_ok=True)
        (SCREENSHOTS / f"{game}-80x24.svg").write_text(app.export_screenshot(), encoding="utf-8")
        (SCREENSHOTS / f"{game}-80x24.txt").write_text(screen_text(app), encoding="utf-8")

    drive(app, steps)


@pytest.fixture
def toy_games() -> Iterator[None]:
    games.register("toy-race", "tests.toygames_race")
    games.register("toy-hand", "tests.cli.toy_hand")
    yield
    games.unregister("toy-race")
    games.unregister("toy-hand")


@pytest.mark.usefixtures("toy_games")
def test_in_the_race_the_prompt_keeps_what_you_type_while_bots_claim(tmp_path: Path) -> None:
    match = games.new_match("toy-race", ["Ann", "Quick"], options={"numbers": 4}, seed=1)
    bot = games.make_bot(match.game, "random", 1)
    bot.think_seconds = lambda: 0.05  # type: ignore[method-assign]
    app = table_app(match, {1: bot}, tmp_path)

    async def steps(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.turn == 0)
        await pilot.press(*"cla")  # half a word, not yet sent
        await wait_for(pilot, lambda: match.result() is not None)
        assert prompt(app).value == "cla"
        assert app.over and "Game over" in events(app)
        assert "Real-time race" in events(app)
        await pilot.press("enter")  # Enter leaves once the game is over

    drive(app, steps)
    assert match.result() is not None and match.result().scores == [0, 4]  # type: ignore[union-attr]


@pytest.mark.usefixtures("toy_games")
def test_hot_seat_hides_the_hand_and_asks_to_pass_only_when_the_seat_changes(
    tmp_path: Path,
) -> None:
    match = games.new_match("toy-hand", ["Ann", "Ben"], options={"target": 50}, seed=4)
    app = table_app(match, {}, tmp_path)
    secrets = match.state["secret"]

    async def steps(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
        text = screen_text(app)
        assert "Pass the keyboard to Ann" in text
        assert "HAND OF SEAT" not in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.turn == 0)
        assert f"HAND OF SEAT 0: {secrets[0]}" in screen_text(app)
        # Several actions within Ann's turn: no pass screen between them.
        await type_line(pilot, "add 2")
        await type_line(pilot, "add 1")
        assert not isinstance(app.screen, PassScreen) and app.turn == 0
        await type_line(pilot, "roll")
        # Ben's turn: Ann's hand is gone from the screen, and Ben hears what she did.
        await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
        text = screen_text(app)
        assert "Pass the keyboard to Ben" in text and "HAND OF SEAT 0" not in text
        assert "Since your last turn, Ben:" in text
        assert "Ann did add 2" in text and "Ann did roll" in text
        # What Ben types at the pass screen is his first command, not thrown away.
        await type_line(pilot, "add 3")
        await wait_for(pilot, lambda: len(match.moves) == 4)
        assert match.moves[-1].seat == 1 and match.moves[-1].action["amount"] == 3
        assert "HAND OF SEAT 1" in screen_text(app)
        await type_line(pilot, "roll")
        await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
        text = screen_text(app)
        assert "Since your last turn, Ann:" in text
        assert "Ben did add 3" in text and "Ann did add 2" not in text  # only what is new
        await pilot.press("enter")
        await type_line(pilot, "quit")

    drive(app, steps)
    assert app.stopped and match.result() is None


def test_a_turn_timer_counts_down_in_the_prompt_and_passes(tmp_path: Path) -> None:
    match = games.new_match(
        "wordcraft", ["Ann", "Ben"], options={"turn_seconds": 1}, seed=2,
        fixed={"first_player": 0},
    )  # fmt: skip
    app = table_app(match, {}, tmp_path)

    async def steps(pilot: Pilot[None]) -> None:
        # Ann's second may be up before the first look (a slow start): Ben's counts down then.
        await wait_for(pilot, lambda: app.turn is not None)
        assert " s)>" in screen_text(app).splitlines()[-1]
        await wait_for(pilot, lambda: len(match.moves) >= 1)
        assert match.moves[0].seat == 0
        assert match.moves[0].action == {"type": "pass", "timed_out": True}
        assert "time is up" in events(app)
        await type_line(pilot, "quit")

    drive(app, steps)


def test_bots_alone_play_to_the_end_and_enter_leaves(tmp_path: Path) -> None:
    seats = [Seat("A", "bot:random"), Seat("B", "bot:random")]
    match = games.new_match("swordcrafters", seats, seed=3)
    bots = {seat: games.make_bot(match.game, "random", seat) for seat in (0, 1)}
    app = table_app(match, bots, tmp_path)

    async def steps(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.over)
        assert "Game over. Winner:" in events(app)
        assert "Game over: press Enter" in screen_text(app)
        await pilot.press("enter")

    drive(app, steps)
    assert match.result() is not None and not app.stopped


def test_ctrl_c_stops_the_game_and_a_resumed_game_shows_its_last_moves(tmp_path: Path) -> None:
    match = games.new_match("wordcraft", ["Ann", "Ben"], seed=2, fixed={"first_player": 0})
    match.apply(0, {"type": "pass"})
    table = TerminalTable(match, {}, console=Console(file=io.StringIO()), record_dir=tmp_path)
    table.recall()
    app = TableApp(table)

    async def steps(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.turn == 1)
        assert "Ann passes" in events(app)
        await pilot.press(*"half typed")
        await pilot.press("ctrl+c")

    drive(app, steps)
    assert app.stopped and len(match.moves) == 1
    assert table.interrupted is not None  # the command exits 130, as any Ctrl-C ends it


def test_a_larger_terminal_gives_the_board_the_room(tmp_path: Path) -> None:
    app = table_app(mid_game("swordcrafters"), {}, tmp_path)

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: app.turn == 0)
            board = app.query_one("#board").region
            assert board.width == 120 and board.height == 40 - 1 - 5 - 1
            assert app.query_one("#prompt-row").region.y == 39

    asyncio.run(run())


class Stubborn(Bot):
    """A broken bot: always the same move, which the rules refuse."""

    def choose(self, state: object, seat: int) -> dict[str, object]:
        return {"type": "add", "amount": 9}


@pytest.mark.usefixtures("toy_games")
def test_a_bot_whose_move_is_refused_stops_the_game_instead_of_asking_forever(
    tmp_path: Path,
) -> None:
    match = games.new_match("toy-hand", [Seat("A", "bot:random"), Seat("B", "bot:random")])
    app = table_app(match, {0: Stubborn(match.game, 0), 1: Stubborn(match.game, 1)}, tmp_path)

    async def steps(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.stopped)

    drive(app, steps)
    assert app.trouble == "A made a move the rules refuse." and not match.moves
