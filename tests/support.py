"""Helpers shared by the tests: play random games, check replays and refusals, and wait for
something to happen (polling, up to :data:`tests.patience.PATIENCE`)."""

from __future__ import annotations

import asyncio
import inspect
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, overload

import pytest

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine import Action, Game, IllegalAction, Match, Seat, State, clone
from crafthall.engine.record import parse_lines
from crafthall.games import entry, new_match
from crafthall.games.entry import TextUI
from tests.patience import PATIENCE

T = TypeVar("T")

POLL = 0.05
"""Seconds between two looks at a condition awaited (how often, not how long: no deadline)."""


def event_types_said(match: Match, text: TextUI | None = None) -> set[str]:
    """The types of ``match``'s events, each checked to get a sentence of the game's own (not
    the generic fallback of :meth:`TextUI.say`): whole, ending with a full stop, no ``None``."""
    text = text or entry(match.game.name).text(match.game, list(match.seat_names))
    seen = set()
    for event in match.events:
        mover = match.moves[event["move"]].seat
        said = text.say(mover, event)
        assert said and said.endswith(".") and "None" not in said, (event, said)
        assert said != TextUI.say(text, mover, event), f"no sentence of the game's own: {event}"
        seen.add(event["type"])
    return seen


def start(game: str, seats: int, seed: int = 1, **kwargs: Any) -> Match:
    return new_match(game, [Seat(f"P{n + 1}") for n in range(seats)], seed=seed, **kwargs)


def play_out(match: Match, level: str = "random", seed: int = 0, max_moves: int = 5000) -> Match:
    """Let bots of ``level`` play every seat to the end (at most ``max_moves`` moves)."""
    return play_to_end(match, seat_bots(match, [level], seed), seed, max_moves)


def assert_replays(match: Match) -> None:
    """The record alone rebuilds exactly the live state."""
    again = Match.replay(match.game, *parse_lines(match.record_lines()))
    assert again.state == match.state
    assert again.result() == match.result()


def assert_refused(match: Match, seat: int, action: Action, code: str) -> IllegalAction:
    """``action`` is refused with ``code``, a sentence, and the match is exactly as before."""
    before_state, before_moves = clone(match.state), len(match.moves)
    with pytest.raises(IllegalAction) as caught:
        match.apply(seat, action)
    assert caught.value.code == code, caught.value.message
    assert caught.value.message.endswith((".", "!", "?", ")")), caught.value.message
    assert match.state == before_state
    assert len(match.moves) == before_moves
    return caught.value


def midgame(game: str, seats: int, moves: int, seed: int = 11, play_seed: int = 4) -> Match:
    """A match ``moves`` random moves in (fewer if it ends first); where several seats may
    act, the mover is drawn as the moves are, from ``play_seed``."""
    match = start(game, seats, seed=seed)
    rng = random.Random(play_seed)
    for _ in range(moves):
        active = match.active_seats()
        if not active:
            break
        seat = rng.choice(active)
        match.apply(seat, match.game.sample_action(match.state, seat, rng))
    return match


def positions_along(
    match: Match, every: int, seed: int, max_moves: int
) -> list[tuple[Game, State, int]]:
    """(game, a copy of the state, the seat to act) at every ``every``-th move of a random
    game played to its end by ``sample_action`` from ``seed``."""
    game, rng = match.game, random.Random(seed)
    found = []
    for step in range(max_moves):
        active = game.active_seats(match.state)
        if not active:
            break
        seat = rng.choice(active)
        if step % every == 0:
            found.append((game, clone(match.state), seat))
        match.apply(seat, game.sample_action(match.state, seat, rng))
    assert match.result() is not None
    return found


def wait_until(
    condition: Callable[[], T], what: str, within: float = PATIENCE, every: float = POLL
) -> T:
    """Ask ``condition`` again and again, ``every`` seconds, until its answer is true, and
    return that answer; past ``within`` seconds, :class:`TimeoutError` says ``what`` never
    happened."""
    deadline = time.monotonic() + within
    while not (found := condition()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} (waited {within:g} s)")
        time.sleep(every)
    return found


@overload
async def wait_until_async(
    condition: Callable[[], Awaitable[T]], what: str, within: float = PATIENCE
) -> T: ...


@overload
async def wait_until_async(
    condition: Callable[[], T], what: str, within: float = PATIENCE
) -> T: ...


async def wait_until_async(
    condition: Callable[[], Any], what: str, within: float = PATIENCE
) -> Any:
    """:func:`wait_until` inside an event loop, which runs on between two looks;
    ``condition`` may be a coroutine function."""
    deadline = time.monotonic() + within
    while True:
        found = condition()
        if inspect.isawaitable(found):
            found = await found
        if found:
            return found
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} (waited {within:g} s)")
        await asyncio.sleep(POLL)
