"""What a newcomer meets first in the terminal: the board in view at 80x24, a refused word
gone from the prompt, bot seats however they are capitalised, how to resume a stopped game,
and sentences that address "You" in the second person."""

from __future__ import annotations

import asyncio
import io
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console, Group
from textual.pilot import Pilot

from crafthall import games
from crafthall.cli import commands
from crafthall.cli.commands import parse_seats
from crafthall.cli.learn import learn
from crafthall.cli.main import main
from crafthall.cli.screen import TableApp
from crafthall.cli.table import TerminalTable
from crafthall.engine import Seat
from crafthall.engine.errors import IllegalAction
from crafthall.engine.grammar import acts, whose
from crafthall.engine.match import Match
from crafthall.games import entry
from crafthall.games.entry import Board
from crafthall.games.wordcraft.text import WordcraftText
from crafthall.tutorial import load
from tests.cli.test_learn import typist
from tests.cli.test_screen import (
    SIZE,
    drive,
    events,
    mid_game,
    prompt,
    screen_text,
    table_app,
    type_line,
    wait_for,
)
from tests.games.wordcraft.helpers import table as wordcraft_table
from tests.games.wordcraft.helpers import word


def board_shown(app: TableApp) -> None:
    """Every line of the game's board (the parts its screen marks as :class:`Board`) is on
    the screen, in order."""
    drawn = app.table.ui.render(app.match.view(app.viewer), app.viewer)
    assert isinstance(drawn, Group)
    parts = [part for part in drawn.renderables if isinstance(part, Board)]
    assert parts, f"{app.match.game.title} marks no board on its screen"
    width = app.query_one("#board-view").size.width
    console = Console(width=width, file=io.StringIO(), record=True)
    for part in parts:
        console.print(part)
    wanted = [line.rstrip() for line in console.export_text().splitlines()]
    shown = [line[:width].rstrip() for line in screen_text(app).splitlines()]
    starts = range(len(shown) - len(wanted) + 1)
    assert any(shown[at : at + len(wanted)] == wanted for at in starts), (
        "\n".join(wanted) + "\n---- is not all on ----\n" + "\n".join(shown)
    )


def greedy_move(match: Match, seat: int) -> None:
    """``seat`` moves (as if typed): the move a greedy bot would make."""
    bot = games.make_bot(match.game, "greedy", 5)
    match.apply(seat, bot.choose(match.state, seat))


def at_the_start(game: str) -> Match:
    return games.new_match(game, [Seat("Ann"), Seat("Greedy", "bot:greedy")], seed=7)


@pytest.mark.parametrize("start", [at_the_start, mid_game], ids=["start", "mid-game"])
@pytest.mark.parametrize("game", games.names())
def test_the_board_is_in_view_at_80x24_at_each_turn(
    game: str, start: Callable[[str], Match], tmp_path: Path
) -> None:
    """The board a player acts on stays in view at the start and after a move, with the long
    reference tables (Wordcraft's achievements) off screen rather than the board."""
    match = start(game)
    bot = games.make_bot(match.game, "greedy", 1)
    bot.think_seconds = lambda: 0.05  # type: ignore[method-assign]  # a quick race
    app = table_app(match, {1: bot}, tmp_path)

    async def steps(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.turn == 0 and 0 in match.active_seats())
        await pilot.pause(0.1)
        board_shown(app)
        moves = len(match.moves)
        action = games.make_bot(match.game, "greedy", 5).choose(match.state, 0)
        assert app.apply(0, action, "green")
        if not app.racing:
            app.advance()  # as after a typed move: the bot plays, and Ann's turn comes back
        bot_moved = lambda: len(match.moves) > moves + 1 or not app.racing  # noqa: E731
        await wait_for(pilot, lambda: (app.turn == 0 and bot_moved()) or app.over)
        await pilot.pause(0.1)
        if not app.over:
            board_shown(app)

    drive(app, steps)


def late_in_a_round_of_four() -> Match:
    """Four players, the round's end triggered: the grid at its tallest (cubes of all four on
    most cards, the header on two lines and a word to doubt above it)."""
    match = games.new_match("wordcraft", ["Ann", "Ben", "Cy", "Di"], seed=3)
    while match.view(None)["round_end"]["triggered_by"] is None:
        greedy_move(match, match.active_seats()[0])
    return match


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_wordcraft_letter_grid_of_four_players_is_whole_on_screen(
    size: tuple[int, int], tmp_path: Path
) -> None:
    match = late_in_a_round_of_four()
    app = table_app(match, {}, tmp_path)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: app.turn is not None and not app.screen_stack[1:])
            await pilot.pause(0.1)
            board_shown(app)
            text = screen_text(app)
            assert "Round end triggered" in text
            for card in match.view(None)["grid"]:
                assert f" {card['label']:<2} " in text, card["label"]

    asyncio.run(run())


def test_a_refused_word_leaves_the_prompt_empty_for_the_next(tmp_path: Path) -> None:
    grid = ["e", "i", "n", "r", "s", "c", "d", "l", "p", "y", "k", "z"]
    match = games.new_match(
        "wordcraft", ["Ann", "Ben"], seed=2, fixed={"grids": [grid], "first_player": 0}
    )
    app = table_app(match, {}, tmp_path)

    async def steps(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.turn == 0)
        await type_line(pilot, "zebra")
        assert not match.moves
        assert "ZEBRA" in events(app)  # the refusal is still told ...
        assert prompt(app).value == ""  # ... and the word is gone from the prompt
        await type_line(pilot, "nicely")
        assert [move.action.get("word") for move in match.moves] == ["nicely"]
        await type_line(pilot, "quit")

    drive(app, steps)


@pytest.mark.parametrize("spec", ["Bot:Greedy", "BOT:greedy", "bot:GREEDY", " bot: Greedy "])
def test_a_bot_seat_is_a_bot_however_it_is_capitalised(spec: str) -> None:
    ann, bot = parse_seats(["Ann", spec])
    assert bot == Seat("Greedy bot 2", "bot:greedy")
    assert ann.bot_level is None and bot.bot_level == "greedy"
    (named,) = parse_seats([f"Robo={spec}"])
    assert named == Seat("Robo", "bot:greedy")


def test_bots_capitalised_play_a_whole_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = main(
        ["play", "swordcrafters", "--seat", "Bot:Random", "--seat", "BOT:Greedy", "--seed", "3",
         "--bot-pause", "0", "--plain", "--record-dir", str(tmp_path)]
    )  # fmt: skip
    assert code == 0 and "Game over" in capsys.readouterr().out
    (record,) = tmp_path.glob("*.jsonl")
    assert [seat.player for seat in games.load_match(record).header.seats] == [
        "bot:random",
        "bot:greedy",
    ]


def test_an_unknown_bot_level_is_refused_in_one_short_sentence(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["play", "wordcraft", "--seat", "Ann", "--seat", "bot:grandmaster"]
    assert main([*argv, "--record-dir", str(tmp_path)]) == 2
    said = capsys.readouterr().err.strip()
    assert said.startswith("crafthall: There is no bot level 'grandmaster'")
    assert len(said.splitlines()) == 1 and said.count(". ") == 0 and said.endswith(".")
    assert len(said) <= 160, said
    for level in games.bot_levels("wordcraft"):
        assert level in said
    assert not list(tmp_path.iterdir())


@pytest.fixture
def in_a_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder holds the .venv crafthall runs from, as after ``make run``."""
    (tmp_path / ".venv").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "prefix", str(tmp_path / ".venv"))
    return tmp_path


def stop_by(how: str) -> Callable[[str], str]:
    """What the person at the keyboard does at the first prompt: quit, Ctrl-C or end of input."""

    def read(prompt: str = "") -> str:
        if how == "ctrl-c":
            raise KeyboardInterrupt
        if how == "end of input":
            raise EOFError
        return "quit"

    return read


PLAY = ["play", "wordcraft", "--seat", "Ann", "--seat", "bot:greedy", "--seed", "4"]


def resume_line(out: str) -> str:
    """The line of ``out`` that says how to go on, and the record it names exists."""
    (line,) = [line for line in out.splitlines() if "--resume" in line]
    assert Path(line.rpartition(" ")[2]).is_file()
    return line


@pytest.mark.parametrize("how", ["quit", "ctrl-c", "end of input"])
@pytest.mark.usefixtures("in_a_checkout")
def test_a_plain_game_stopped_says_the_whole_command_that_resumes_it(
    how: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("builtins.input", stop_by(how))
    assert main([*PLAY, "--plain"]) == (130 if how == "ctrl-c" else 1)  # Ctrl-C: as everywhere
    out = capsys.readouterr().out
    assert "Game stopped." in out
    assert resume_line(out).startswith(
        "To go on with it: .venv/bin/crafthall play --resume records/"
    )


def test_without_a_venv_here_the_command_is_plain_crafthall(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", stop_by("quit"))
    assert main([*PLAY, "--plain"]) == 1
    assert resume_line(capsys.readouterr().out).startswith(
        "To go on with it: crafthall play --resume records/"
    )


@pytest.mark.usefixtures("in_a_checkout")
def test_a_full_screen_game_stopped_says_the_whole_command_that_resumes_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run = TableApp.run

    def headless(app: TableApp) -> None:
        async def quit(pilot: Pilot[None]) -> None:
            await wait_for(pilot, lambda: app.turn == 0)
            await type_line(pilot, "quit")

        run(app, headless=True, size=SIZE, auto_pilot=quit)

    monkeypatch.setattr(TableApp, "run", headless)
    stopped = commands.play(
        "wordcraft", ["Ann", "bot:greedy"], seed=4, options=[], fixed=None,
        record_dir=Path("records"), bot_pause=0, plain=False,
    )  # fmt: skip
    assert stopped == 1
    out = capsys.readouterr().out
    assert "Game stopped." in out
    assert resume_line(out).startswith(
        "To go on with it: .venv/bin/crafthall play --resume records/"
    )


@pytest.mark.parametrize(
    ("verb", "yours"),
    [("passes", "pass"), ("doubts", "doubt"), ("votes", "vote"), ("wins", "win"),
     ("is", "are"), ("has", "have"), ("reaches", "reach"), ("chooses", "choose"),
     ("tries", "try"), ("calls", "call")],
)  # fmt: skip
def test_a_verb_agrees_with_you_and_stays_for_anyone_else(verb: str, yours: str) -> None:
    assert acts("You", verb) == f"You {yours}"
    assert acts("you", verb) == f"you {yours}"
    assert acts("Ann", verb) == f"Ann {verb}"
    assert acts("Youssef", verb) == f"Youssef {verb}"


def test_the_possessive_of_you_is_your() -> None:
    assert whose("You") == "Your" and whose("you") == "your" and whose("YOU") == "YOUR"
    assert whose("Ann") == "Ann's"


THIRD_PERSON_YOU = re.compile(r"\b(You's|You (?!\w*ss\b)[a-z]+s)\b")
""""You passes", "You is", "You's": a sentence about You in the third person ("You pass",
"You placed" and "You 12 pts" are not caught)."""


@pytest.mark.parametrize("game", games.names())
def test_every_game_speaks_to_you_in_the_second_person(game: str) -> None:
    """A game between bots, the first seat named You: every log line and every screen."""
    match = games.new_match(game, ["You", "Ben"], seed=5)
    ui = entry(game).text(match.game, match.seat_names)
    bots = [games.make_bot(match.game, "greedy", seat) for seat in (0, 1)]
    said: list[str] = []
    console = Console(width=100, file=io.StringIO(), record=True)
    for _ in range(60):
        if match.result() is not None:
            break
        seat = match.active_seats()[0]
        action = bots[seat].choose(match.state, seat)
        said.append(ui.describe(seat, action, match.apply(seat, action)))
        console.print(ui.render(match.view(0), 0))
    said.append(console.export_text())
    wrong = [line for line in "\n".join(said).splitlines() if THIRD_PERSON_YOU.search(line)]
    assert not wrong


def test_wordcraft_votes_and_a_turn_refused_speak_to_you() -> None:
    match = wordcraft_table(3)
    match.apply(0, word("tree"))
    ui = WordcraftText(match.game, ["Ann", "Ben", "You"])
    events = match.apply(2, {"type": "dispute"})
    assert ui.describe(2, {}, events) == (
        "You doubt TREE and call the table's vote (a vote to reject it)."
    )
    console = Console(width=120, file=io.StringIO(), record=True)
    console.print(ui.render(match.view(1), 1))
    assert "You reject." in console.export_text()
    events = match.apply(1, {"type": "vote", "keep": True})
    assert ui.describe(1, {}, events).startswith("Ben votes to keep the word.")
    with pytest.raises(IllegalAction) as refused:
        match.game.check_turn(match.state, 2, ["Ann", "You", "Cy"])
    assert refused.value.message == "It is not your turn: You are to play."


def test_a_turn_timer_running_out_is_your_time(tmp_path: Path) -> None:
    match = games.new_match(
        "wordcraft", ["You", "Ben"], options={"turn_seconds": 30}, seed=2,
        fixed={"first_player": 0},
    )  # fmt: skip
    out = io.StringIO()
    table = TerminalTable(match, {}, console=Console(file=out), record_dir=tmp_path)
    table.read_within = lambda prompt, seconds: None
    table.play_turn(0)
    assert "Your time is up." in out.getvalue()
    assert table.log[-1][1] == "You pass (time ran out)."


def tutorial_answers(game: str, step: int, *typed: str) -> str:
    """What ``crafthall learn GAME`` says to ``typed`` at step ``step`` (the earlier steps
    done as they ask)."""
    steps = load(game).steps
    lines = [done.typed for done in steps[: step - 1]] + list(typed)
    out = io.StringIO()
    learn(game, Console(file=out, width=400), typist(lines))
    said = out.getvalue()
    return said[said.index(f"Step {step} of") :]


def test_a_whole_slice_that_is_not_the_steps_hears_no_reason_of_a_half_slice() -> None:
    said = tutorial_answers("swordcrafters", 1, "A v2")
    assert "The rules allow that move, but it is not this step's." in said
    assert "Type: A h1" in said
    assert "stopping halfway" not in said
    # The half slice the tutorial's words were written for still hears them, and the rules.
    said = tutorial_answers("swordcrafters", 1, "0,1 2,1")
    assert "stops short" in said and "stopping halfway does not split it" in said


def test_a_slice_the_rules_refuse_hears_their_reason_and_what_the_step_asks() -> None:
    said = tutorial_answers("swordcrafters", 2, "B h1")
    assert "The rules say: That slice runs along existing separations only" in said
    assert "Slice B along vertical line 1, so that its green tile stands alone. Type: B v1" in said
    assert "run on through another" not in said


def test_publishing_without_the_achievement_is_not_told_the_spell_has_5_letters_not_6() -> None:
    said = tutorial_answers("evocabulary", 6, "publish 5")
    assert "The rules allow that move, but it is not this step's." in said
    assert "claim the 5-letter achievement" in said and "Type: publish 5 len5" in said
    assert "not 6" not in said
    said = tutorial_answers("evocabulary", 6, "publish 5 len6")
    assert "is not a spell of exactly 6 letters" in said and "STONE has 5 letters, not 6" in said
