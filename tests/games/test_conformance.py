"""Every registered game against the engine contract, as PettingZoo's api_test does for
environments: random games end, records replay, views are plain JSON without the generator and
start with the common frame, every listed action is accepted, ``sample_action`` is always legal,
the action codec round-trips, observations keep their shape, determinizations keep a seat's
view and depend on nothing else, and malformed actions are refused with ``bad-action``."""

from __future__ import annotations

import gc
import json
import random
from itertools import islice
from typing import Any

import numpy as np
import pytest

from crafthall.engine import Game, IllegalAction, Match, State, clone
from crafthall.engine.record import parse_lines
from crafthall.games import entry, names
from tests.support import assert_refused, start

GAMES = names()
FRAME = ("game", "seat", "active", "phase", "prompt", "scores")
CHECK_EVERY = 7
"""The costly checks (every listed action, codec, determinize) run on every 7th position."""


def _seat_counts(name: str) -> list[int]:
    game = entry(name).game
    return sorted({game.min_seats, game.max_seats})


CASES = [(n, s) for n in GAMES for s in _seat_counts(n)]


@pytest.mark.parametrize("name", GAMES)
def test_entry_is_complete(name: str) -> None:
    game_entry = entry(name)
    game = game_entry.game
    assert game.name == name
    assert game.title and game_entry.summary
    assert 1 <= game.min_seats <= game.max_seats <= 6
    assert game.actions, "a game declares the shape of each of its actions"


def _check_view(game: Game, state: State, seat: int | None, seats: int) -> None:
    view = game.view(state, seat)
    assert "rng" not in view
    json.dumps(view)
    assert tuple(view)[: len(FRAME)] == FRAME, "a view starts with the common frame"
    assert view["game"] == game.name and view["seat"] == seat
    assert view["active"] == game.active_seats(state)
    assert isinstance(view["phase"], str) and isinstance(view["prompt"], str)
    assert len(view["scores"]) == seats and all(isinstance(s, int) for s in view["scores"])


def _check_listed_actions(game: Game, state: State, seat: int, seats: int) -> None:
    """Every listed action is accepted, and a codec round-trips each one, distinctly."""
    legal = list(game.legal_actions(state, seat))
    for action in legal:
        game.check_action(action)
        game.apply(clone(state), seat, action)
    if game.has_codec():
        _check_codec(game, state, seat, seats, legal)


def _check_codec(game: Game, state: State, seat: int, seats: int, legal: list[Any]) -> None:
    size = game.action_space_size(seats)
    codes: dict[int, Any] = {}
    for action in legal:
        code = game.encode_action(state, seat, action)
        assert 0 <= code < size, f"{action} encodes to {code}, outside range({size})"
        assert code not in codes, f"{action} and {codes[code]} share the code {code}"
        codes[code] = action
        back = game.decode_action(state, seat, code)
        assert game.action_key(back) == game.action_key(action), (action, back)
    mask = game.legal_action_mask(state, seat)
    assert mask.shape == (size,) and mask.dtype == bool
    assert set(np.flatnonzero(mask)) == set(codes)


def _check_determinize(game: Game, state: State, seat: int) -> None:
    """A determinization keeps what ``seat`` sees, and depends on nothing it cannot see: from
    another state that looks the same to ``seat`` the same draws give the same state."""
    before = clone(state)
    sampled = game.determinize(state, seat, random.Random(1))
    assert state == before, "determinize must not change the state it is given"
    assert game.view(sampled, seat) == game.view(state, seat)
    again = game.determinize(sampled, seat, random.Random(2))
    assert game.determinize(state, seat, random.Random(3)) == game.determinize(
        again, seat, random.Random(3)
    ), (
        "determinize must depend only on what the seat can see: build the unseen pool in a "
        "canonical order (sorted) before shuffling it"
    )


def _check_observation(game: Game, state: State, seat: int, seats: int) -> None:
    observed = game.encode_observation(game.view(state, seat))
    assert observed.shape == game.observation_shape(seats)
    assert observed.dtype == np.float32
    assert np.isfinite(observed).all()


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_random_game_keeps_the_contract(name: str, seats: int) -> None:
    match = start(name, seats, seed=seats * 101)
    game = match.game
    rng = random.Random(seats)
    for position in range(20_000):
        active = match.active_seats()
        if not active:
            break
        seat = rng.choice(active)
        for viewer in [None, *range(seats)]:
            _check_view(game, match.state, viewer, seats)
        if position % CHECK_EVERY == 0:
            viewers = [None, *range(seats)]
            together = game.views(match.state, viewers)
            assert together == {viewer: game.view(match.state, viewer) for viewer in viewers}
            _check_listed_actions(game, match.state, seat, seats)
            _check_determinize(game, match.state, seat)
            if game.has_codec():
                _check_observation(game, match.state, seat, seats)
        idle = [s for s in range(seats) if s not in active]
        action = game.sample_action(match.state, seat, rng)
        if idle:
            before = clone(match.state)
            with pytest.raises(IllegalAction):
                match.apply(idle[0], action)
            assert match.state == before
        json.dumps(action)
        events = match.apply(seat, action)
        json.dumps(events)
    result = match.result()
    assert result is not None, "the game did not end"
    assert len(result.scores) == seats and result.winners
    assert all(result.ranks[w] == 1 for w in result.winners)
    for viewer in [None, *range(seats)]:
        _check_view(game, match.state, viewer, seats)
    again = Match.replay(game, *parse_lines(match.record_lines()))
    assert again.state == match.state
    assert again.summary()["finished"] and again.summary()["winners"]


@pytest.mark.parametrize("name", GAMES)
def test_malformed_actions_are_refused_with_bad_action(name: str) -> None:
    match = start(name, entry(name).game.min_seats, seed=5)
    seat = match.active_seats()[0]
    action = match.game.sample_action(match.state, seat, random.Random(0))
    assert_refused(match, seat, {**action, "zzz": 1}, "bad-action")
    assert_refused(match, seat, {"type": "no-such-action"}, "bad-action")
    assert_refused(match, seat, {"no": "type"}, "bad-action")
    assert_refused(match, seat, ["not", "an", "object"], "bad-action")  # type: ignore[arg-type]
    for field in [key for key in action if key != "type"]:
        assert_refused(match, seat, {**action, field: {"an": "object"}}, "bad-action")
    for kind, shape in match.game.actions.items():
        if shape.required:
            with pytest.raises(IllegalAction) as caught:
                match.game.check_action({"type": kind})
            assert caught.value.code == "bad-action"


def _serve_a_game(name: str, seed: int) -> None:
    """What the server does with a game: after each move, every seat's view and a
    spectator's, the legal actions of the seats to act (the first 300), then a sampled
    move."""
    match = start(name, entry(name).game.min_seats, seed=seed)
    picker = random.Random(seed)
    seats = list(range(len(match.seat_names)))
    while match.result() is None:
        match.views([*seats, None])
        active = match.active_seats()
        for seat in active:
            list(islice(match.game.legal_actions(match.state, seat), 300))
        seat = active[0]
        match.apply(seat, match.game.sample_action(match.state, seat, picker))


@pytest.mark.parametrize("name", GAMES)
def test_playing_leaves_no_reference_cycles(name: str) -> None:
    """The server freezes what lives on out of the garbage collector's way, so a cycle made
    while playing would wait for the next thaw: the games' work makes none (a closure that
    calls itself was one)."""
    _serve_a_game(name, seed=1)  # first calls fill the games' caches
    gc.collect()
    gc.disable()
    try:
        _serve_a_game(name, seed=2)
        assert gc.collect() == 0
    finally:
        gc.enable()
