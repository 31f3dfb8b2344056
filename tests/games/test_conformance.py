"""Every registered game against the engine contract, as PettingZoo's api_test does for
environments: random games end, records replay, views are plain JSON without the generator,
listed legal actions are accepted, and refusals change nothing."""

from __future__ import annotations

import json
import random

import pytest

from crafthall.engine import IllegalAction, Match, clone
from crafthall.engine.record import parse_lines
from crafthall.games import entry, make_bot, names
from tests.support import assert_replays, start

GAMES = names()


def _seat_counts(name: str) -> list[int]:
    game = entry(name).game
    return sorted({game.min_seats, game.max_seats})


@pytest.mark.parametrize("name", GAMES)
def test_entry_is_complete(name: str) -> None:
    game_entry = entry(name)
    game = game_entry.game
    assert game.name == name
    assert game.title and game_entry.summary
    assert 1 <= game.min_seats <= game.max_seats <= 6


@pytest.mark.parametrize(("name", "seats"), [(n, s) for n in GAMES for s in _seat_counts(n)])
def test_random_game_keeps_the_contract(name: str, seats: int) -> None:
    match = start(name, seats, seed=seats * 101)
    picker = random.Random(seats)
    bots = {seat: make_bot(match.game, "random", seat) for seat in range(seats)}
    for _ in range(20_000):
        active = match.active_seats()
        if not active:
            break
        for seat in [None, *range(seats)]:
            view = match.view(seat)
            assert "rng" not in view
            json.dumps(view)
        seat = picker.choice(active)
        legal = match.legal_actions(seat)
        assert legal, f"seat {seat} is active but has no legal action"
        idle = [s for s in range(seats) if s not in active]
        if idle:
            before = clone(match.state)
            with pytest.raises(IllegalAction):
                match.apply(idle[0], legal[0])
            assert match.state == before
        action = bots[seat].choose(match.state, seat)
        json.dumps(action)
        events = match.apply(seat, action)
        json.dumps(events)
    result = match.result()
    assert result is not None, "the game did not end"
    assert len(result.scores) == seats and result.winners
    assert all(result.ranks[w] == 1 for w in result.winners)
    assert_replays(match)
    summary = Match.replay(match.game, *parse_lines(match.record_lines())).summary()
    assert summary["finished"] and summary["winners"]
