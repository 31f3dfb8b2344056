"""Bots: the generic random and greedy bots and Wordcraft's fast greedy."""

from __future__ import annotations

import pytest

from crafthall.bots.base import GreedyBot
from crafthall.engine import clone
from crafthall.games import make_bot
from crafthall.games.wordcraft.bots import WordcraftGreedy
from tests.games.wordcraft.helpers import PASS, table, word
from tests.support import assert_replays, play_out


def test_greedy_level_is_the_fast_wordcraft_greedy() -> None:
    match = table()
    assert isinstance(make_bot(match.game, "greedy", 1), WordcraftGreedy)


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_bots_finish_games(level: str) -> None:
    match = play_out(table(3), level, seed=3)
    assert match.result() is not None
    assert_replays(match)


@pytest.mark.parametrize("setup", ["fresh", "after-words", "triggered"])
def test_fast_greedy_reaches_the_generic_greedys_best_value(setup: str) -> None:
    match = table(3)
    if setup != "fresh":
        match.apply(0, word("wage", "A3"))
        match.apply(1, word("dread"))
    if setup == "triggered":
        match.state["supply"][2] = 6  # DARTS + A9 leaves 0: the +2 EP counts
    seat = match.active_seats()[0]
    game = match.game
    generic = GreedyBot(game, 1)
    fast = WordcraftGreedy(game, 1)

    def value(action: dict[str, object]) -> float:
        after = clone(match.state)
        game.apply(after, seat, action)
        return game.evaluate(after, seat)

    best = max(value(action) for action in game.legal_actions(match.state, seat))
    assert value(generic.choose(match.state, seat)) == best
    for seed in range(5):
        choice = WordcraftGreedy(game, seed).choose(match.state, seat)
        assert choice in list(game.legal_actions(match.state, seat))
        assert value(choice) == best
    assert fast.choose(match.state, seat) != PASS


def test_evaluate_is_the_lead_over_the_best_opponent() -> None:
    match = table(3)
    match.apply(0, word("wage", "A3"))  # W5 A2 G5 E2 + A3 medium 3 = 17
    assert match.game.evaluate(match.state, 0) == 17
    assert match.game.evaluate(match.state, 1) == -17
