"""Hints and reviews judged by the game's network where it ships a model that fits the table:
the ``swift`` level's guided search, still from the seat's knowledge alone, still going on
from the seat's own tree when it moves again."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from crafthall.bots.learned import network as runtime
from crafthall.bots.learned.network import header_for, random_network, save_model
from crafthall.bots.levels import LADDER
from crafthall.engine.game import Game
from crafthall.review import Effort, assess, hints
from crafthall.review.analysis import GUIDED_JUDGE, Keeper, judge_level, judge_of, policy_of
from tests.review.test_review import _before, _greedy_game, _moving_again
from tests.support import midgame

QUICK = Effort(iterations=30, seed=7)


def _ship(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: Game, seats: int) -> None:
    """A model for ``game`` at ``seats`` where the game's own would be."""
    path = tmp_path / "model.npz"
    header = header_for(game, seats, (8,), command="test", seed=2)
    save_model(path, random_network(header, 2))
    monkeypatch.setattr(runtime, "model_path", lambda _: path)


def test_without_a_model_the_strong_search_judges() -> None:
    game = midgame("swordcrafters", 2, moves=3).game
    judge = judge_of(game, 2)
    assert judge.network is None
    assert judge.level == judge_level(policy_of(game))


def test_a_shipped_model_makes_the_swift_search_the_judge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = midgame("swordcrafters", 2, moves=6, seed=4)
    game, state, seat = match.game, match.state, match.active_seats()[0]
    plain = [h.to_json() for h in hints(game, state, seat, QUICK)]
    _ship(tmp_path, monkeypatch, game, 2)
    judge = judge_of(game, 2)
    assert judge.network is not None and judge.level.name == GUIDED_JUDGE
    guide = LADDER[GUIDED_JUDGE].guide
    assert guide is not None
    expert = policy_of(game).for_level(LADDER["expert"]).tune(LADDER["expert"]).iterations
    assert judge.level.iterations == round(expert * guide.share)
    guided = [h.to_json() for h in hints(game, state, seat, QUICK)]
    assert guided != plain  # the network's prior steers the search
    # ...from what the seat knows alone: the same answer with the hidden cards reshuffled
    for shuffle in (31, 32):
        lookalike = game.determinize(state, seat, random.Random(shuffle))
        assert [h.to_json() for h in hints(game, lookalike, seat, QUICK)] == guided
    # A model for another table size is not this table's judge.
    assert judge_of(game, 3).network is None


def test_the_guided_judge_goes_on_from_the_seats_own_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = _greedy_game("swordcrafters")
    game = match.game
    _ship(tmp_path, monkeypatch, game, len(match.seat_names))
    index = _moving_again(match)
    move, again = match.moves[index], match.moves[index + 1]
    keeper = Keeper()
    assess(game, _before(match, index), move.seat, QUICK, [move.action], keeper=keeper)
    keeper.played(move.seat, move.action)
    assess(game, _before(match, index + 1), again.seat, QUICK, [again.action], keeper=keeper)
    assert keeper.reused == 1 and keeper.kept > 0
    assert QUICK.iterations is not None
    # The second search ran only what the kept visits left of its budget.
    assert keeper.iterations == 2 * QUICK.iterations - keeper.kept
