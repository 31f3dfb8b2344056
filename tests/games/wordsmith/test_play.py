"""The terminal (real-time race and turn-by-turn loop), the text screen and the bots."""

from __future__ import annotations

import heapq
import io
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from crafthall.bots.base import Bot
from crafthall.cli.table import TerminalTable
from crafthall.engine import IllegalAction, Match, Seat
from crafthall.games import entry, make_bot, new_match
from crafthall.games.wordsmith.bots import LEVELS
from crafthall.games.wordsmith.text import WordsmithText
from crafthall.lexicon import load
from tests.games.wordsmith.helpers import BAG_POOL, LEXICON, claim, table
from tests.support import assert_replays, play_out, wait_until


def scripted(match: Match, lines: list[str]) -> Callable[[str], str]:
    """A ``read`` giving the lines, then waiting until the game is over."""

    def read(prompt: str) -> str:
        if lines:
            return lines.pop(0)
        wait_until(lambda: match.result() is not None, "the game never ended")
        raise EOFError

    return read


def quiet_bots(match: Match, seats: list[int], level: str = "strong") -> dict[int, Bot]:
    bots = {}
    for seat in seats:
        bot = make_bot(match.game, level, seat)
        bot.think_seconds = lambda: 0.001  # type: ignore[method-assign]
        bots[seat] = bot
    return bots


def test_real_time_race_person_against_bots(tmp_path: Path) -> None:
    match = new_match(
        "wordsmith",
        [Seat("Ann"), Seat("Bot", "bot:strong")],
        seed=3,
        fixed={"pool": BAG_POOL},
        options={"challenges": 1},
        lexicon=LEXICON,
    )
    out = io.StringIO()
    lines = ["help", "", "bla bla", "claim cast", "gab", "roll", "pass", "roll"]
    table_ = TerminalTable(
        match,
        quiet_bots(match, [1]),
        console=Console(file=out, width=120),
        read=scripted(match, lines),
        record_dir=tmp_path,
    )
    table_.run()
    text = out.getvalue()
    assert match.result() is not None
    assert "Real-time race" in text and "Commands:" in text
    assert "Game over" in text
    assert list(tmp_path.iterdir())
    assert_replays(match)
    ann = [m.action for m in match.moves if m.seat == 0]
    assert {"type": "pass"} in ann
    assert "cast" in match.state["history"][0]["sheets"][0][0]["word"] or "refused" in text


def test_real_time_quit_stops_the_game(tmp_path: Path) -> None:
    match = table()
    out = io.StringIO()
    table_ = TerminalTable(
        match,
        {1: make_bot(match.game, "easy", 1)},
        console=Console(file=out),
        read=scripted(match, ["quit"]),
        record_dir=tmp_path,
    )
    table_.run()
    assert "Game stopped" in out.getvalue()
    assert match.result() is None


def test_word_by_word_hot_seat_and_solo_take_turns(tmp_path: Path) -> None:
    match = new_match(
        "wordsmith",
        [Seat("Ann"), Seat("Bo")],
        seed=2,
        options={"mode": "word-by-word", "challenges": 1},
        lexicon=LEXICON,
    )
    out = io.StringIO()
    table_ = TerminalTable(
        match,
        {},
        console=Console(file=out),
        read=scripted(match, ["pass"] * 12),
        record_dir=tmp_path,
    )
    table_.run()
    assert match.result() is not None
    assert [m.seat for m in match.moves] == [0, 1] * 6
    solo = new_match(
        "wordsmith",
        [Seat("Sol")],
        seed=2,
        options={"mode": "word-by-word", "challenges": 1},
        lexicon=LEXICON,
    )
    TerminalTable(
        solo,
        {},
        console=Console(file=io.StringIO()),
        read=scripted(solo, ["pass"] * 6),
        record_dir=tmp_path,
    ).run()
    assert solo.result() is not None


def test_bots_only_race_with_generic_bots_lets_every_seat_act(tmp_path: Path) -> None:
    """Generic bots have no pace (``think_seconds`` 0): every seat must still get its go,
    and the race must end (it once looped on seat 1 forever after seat 1 called Done)."""
    match = new_match(
        "wordsmith",
        [Seat("a", "bot:random"), Seat("b", "bot:greedy")],
        seed=1,
        options={"challenges": 1},
        lexicon=load("standard"),
    )
    bots = {0: make_bot(match.game, "random", 0), 1: make_bot(match.game, "greedy", 1)}
    moves: list[int] = []
    asked = [0]
    original_apply, original_active = match.apply, match.active_seats

    def counted_apply(seat: int, action: dict[str, object]) -> list[dict[str, object]]:
        moves.append(seat)
        return original_apply(seat, action)

    def counted_active() -> list[int]:
        asked[0] += 1
        if asked[0] > 20_000:
            raise AssertionError("the bots-only race does not end")
        return original_active()

    match.apply = counted_apply  # type: ignore[method-assign,assignment]
    match.active_seats = counted_active  # type: ignore[method-assign]
    TerminalTable(match, bots, console=Console(file=io.StringIO()), record_dir=tmp_path).run()
    assert match.result() is not None
    assert {0, 1} <= set(moves)


def test_bots_only_race_uses_the_turn_loop(tmp_path: Path) -> None:
    match = new_match(
        "wordsmith",
        [Seat("a", "bot:easy"), Seat("b", "bot:medium")],
        seed=5,
        options={"challenges": 1},
        lexicon=load("standard"),
    )
    bots = {0: make_bot(match.game, "easy", 0), 1: make_bot(match.game, "medium", 1)}
    TerminalTable(match, bots, console=Console(file=io.StringIO()), record_dir=tmp_path).run()
    assert match.result() is not None


# --- text -----------------------------------------------------------------------------------


def test_parse_commands() -> None:
    match = table()
    ui = WordsmithText(match.game, match.seat_names)
    view = match.view(0)
    assert ui.parse("roll", view, 0) == {"type": "roll"}
    assert ui.parse("r", view, 0) == {"type": "roll"}
    assert ui.parse("take b", view, 0) == {"type": "take", "piece": "blue"}
    assert ui.parse("t long", view, 0) == {"type": "take", "piece": "red"}
    assert ui.parse("cast", view, 0) == claim("cast")
    assert ui.parse("claim pass", view, 0) == claim("pass")
    assert ui.parse("pass", view, 0) == {"type": "pass"}
    for bad in ["", "take", "take purple", "claim", "cast 2"]:
        with pytest.raises(IllegalAction) as err:
            ui.parse(bad, view, 0)
        assert err.value.code == "unreadable-input"


def test_parse_advanced_lines() -> None:
    match = table(options={"advanced": True}, required="gtdpmc")
    ui = WordsmithText(match.game, match.seat_names)
    view = match.view(0)
    assert ui.parse("cast 3", view, 0) == claim("cast", 2)
    assert ui.parse("cast", view, 0) == claim("cast", 1)  # first free line whose letter fits
    with pytest.raises(IllegalAction):
        ui.parse("cast 9", view, 0)


def test_render_and_describe() -> None:
    match = table(dice=["blue"], options={"secret": True})
    ui = entry("wordsmith").text(match.game, match.seat_names)
    events = match.apply(0, claim("bag"))
    line = ui.describe(0, claim("bag"), events)
    assert "BAG" not in line and "secret" in line
    out = io.StringIO()
    Console(file=out, width=140).print(ui.render(match.view(1), 1))
    assert "(hidden)" in out.getvalue() and "BAG" not in out.getvalue()
    assert ui.private_between_seats()
    assert not entry("wordsmith").text(table().game, ["a", "b"]).private_between_seats()
    events = match.apply(1, {"type": "roll"})
    assert "wild" in ui.describe(1, {"type": "roll"}, events)
    assert "Alphabet" in ui.help() and "B " in ui.help()


# --- bots -----------------------------------------------------------------------------------


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_bots_finish_games(level: str) -> None:
    match = new_match(
        "wordsmith", ["a", "b", "c"], seed=11, options={"challenges": 1}, lexicon=load("standard")
    )
    play_out(match, level, seed=2)
    assert match.result() is not None
    assert_replays(match)


def test_bots_are_paced_by_level() -> None:
    match = table()
    paces = {level: make_bot(match.game, level, 1).think_seconds() for level in LEVELS}
    assert paces["easy"] > paces["medium"] > paces["strong"] > 0


def test_strong_bot_takes_the_piece_that_unlocks_a_word() -> None:
    match = table(pool={"red": 3, "yellow": 2, "blue": 1, "green": 1}, dice=["blue"])
    match.apply(0, {"type": "roll"})
    action = make_bot(match.game, "strong", 1).choose(match.state, 0)
    assert action == {"type": "take", "piece": "green"}  # completes BAG, CAST, GLIB...


def test_strong_bot_outscores_easy_bot_at_their_paces() -> None:
    """Simulated time: each bot acts every ``think_seconds``, as in the terminal race."""
    lexicon = load("standard")
    wins = 0
    for seed in range(4):
        match = new_match(
            "wordsmith", ["s", "e"], seed=seed, options={"challenges": 1}, lexicon=lexicon
        )
        bots = {0: make_bot(match.game, "strong", seed), 1: make_bot(match.game, "easy", seed)}
        clock = [(bots[seat].think_seconds(), seat) for seat in bots]
        heapq.heapify(clock)
        while match.result() is None:
            moment, seat = heapq.heappop(clock)
            if seat in match.active_seats():
                match.apply(seat, bots[seat].choose(match.state, seat))
            heapq.heappush(clock, (moment + bots[seat].think_seconds(), seat))
        result = match.result()
        assert result is not None
        wins += result.scores[0] > result.scores[1]
    assert wins >= 3
