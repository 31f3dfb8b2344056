"""The search bot plays every game through the public hooks and never uses another seat's
secrets: shuffling what its seat cannot see does not change its choice."""

from __future__ import annotations

import random

import pytest

from crafthall.arena.autoplay import play_to_end
from crafthall.bots.base import RandomBot
from crafthall.bots.search import MonteCarloBot
from crafthall.engine import Match, clone
from crafthall.games import names
from tests.support import midgame, start


def _bot(match: Match, seed: int) -> MonteCarloBot:
    return MonteCarloBot(match.game, seed, playouts=2, candidates=4, horizon=30)


@pytest.mark.parametrize("name", names())
def test_choice_ignores_what_the_seat_cannot_see(name: str) -> None:
    match = midgame(name, 2, moves=6)
    game, state = match.game, match.state
    seat = match.active_seats()[0]
    lookalike = game.determinize(state, seat, random.Random(99))
    assert game.view(lookalike, seat) == game.view(state, seat)
    before = clone(state)
    chosen = _bot(match, seed=3).choose(state, seat)
    assert state == before, "the bot must not change the state it is shown"
    assert game.action_key(_bot(match, seed=3).choose(lookalike, seat)) == game.action_key(chosen)


@pytest.mark.parametrize("name", names())
def test_plays_a_whole_game(name: str) -> None:
    match = start(name, 2, seed=21)
    bots = {0: _bot(match, seed=1), 1: RandomBot(match.game, 2)}
    play_to_end(match, bots, seed=5)  # every move goes through Match.apply: all legal
    assert match.result() is not None
