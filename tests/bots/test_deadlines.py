"""Deadlines: a search stops between two iterations when its deadline passes and the bot plays
the best move it has found so far, always a legal one; a deadline not reached changes nothing,
so iteration budgets repeat exactly as before."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from crafthall.bots.ismcts import DEFAULT_POLICY, Budget, Deadline, SearchPolicy, ismcts
from crafthall.bots.levels import LADDER, Level, LevelBot
from crafthall.bots.thinking import think
from crafthall.engine import Match, clone
from crafthall.engine.data import Action
from crafthall.games import entry, make_bot, names
from tests.bots.test_network import _small
from tests.support import midgame

LONG = 5_000
"""An iteration budget a search takes seconds to spend: the tiny deadlines here stop it first."""


def _policy(name: str) -> SearchPolicy:
    return entry(name).search or DEFAULT_POLICY


def _position(name: str) -> tuple[Match, int]:
    """A position of ``name`` from the fifth move on where the seat to act has moves to
    weigh (more than one that its game's search keeps)."""
    match = midgame(name, 2, moves=5, seed=4)
    game, rng = match.game, random.Random(4)
    while True:
        seat = match.active_seats()[0]
        legal = list(game.legal_actions(match.state, seat))
        if len(_policy(name).prune(game, match.state, seat, legal)) > 1:
            return match, seat
        match.apply(seat, rng.choice(legal))


def _assert_legal(match: Match, seat: int, action: Action) -> None:
    match.game.apply(clone(match.state), seat, action)  # raises IllegalAction if it is not


def _passed() -> Deadline:
    return Deadline.after(-1.0, cpu=True)


@pytest.mark.parametrize("name", names())
def test_a_deadline_already_passed_still_plays_a_legal_move(name: str) -> None:
    match, seat = _position(name)
    bot = LevelBot(match.game, 4, LADDER["expert"], _policy(name))
    action = bot.choose_before(match.state, seat, _passed())
    _assert_legal(match, seat, action)
    assert bot.iterations == 0 and bot.cut == 1


@pytest.mark.parametrize("name", ["swordcrafters", "wordcraft"])
def test_a_tiny_deadline_cuts_a_long_search_short(name: str) -> None:
    match, seat = _position(name)
    level = replace(LADDER["expert"], name="long", iterations=LONG)  # no game tunes it
    bot = LevelBot(match.game, 1, level, _policy(name))
    action = bot.choose_before(match.state, seat, Deadline.after(0.05, cpu=True))
    _assert_legal(match, seat, action)
    assert bot.iterations < LONG and bot.cut == 1
    # The search itself, on the wall clock: its answer is the most visited of what it tried.
    budget = Budget(iterations=LONG, deadline=Deadline.after(0.05))
    choice = ismcts(match.game, match.state, seat, budget, random.Random(2), _policy(name))
    _assert_legal(match, seat, choice.action)
    assert choice.iterations < LONG
    assert sum(visits for _, visits, _ in choice.stats) == choice.iterations
    if choice.stats:
        most = max(visits for _, visits, _ in choice.stats)
        assert any(a == choice.action and v == most for a, v, _ in choice.stats)


@pytest.mark.parametrize("name", names())
def test_a_deadline_not_reached_changes_nothing(name: str) -> None:
    match, seat = _position(name)
    level = replace(LADDER["strong"], name="quick", iterations=24)  # no game tunes it
    timed, untimed = (LevelBot(match.game, 9, level, _policy(name)) for _ in range(2))
    thought = think(timed, match.state, seat, seconds=3600.0)
    assert thought.action == untimed.choose(match.state, seat)
    assert timed.iterations == untimed.iterations == 24 and timed.cut == 0


def test_think_gives_a_move_its_levels_budget_at_most() -> None:
    match, seat = _position("evocabulary")
    for name, level in LADDER.items():
        bot = make_bot(match.game, name, 1)
        assert bot.think_budget() == level.think > 0
    hurried: Level = replace(LADDER["strong"], think=0.0)
    bot = LevelBot(match.game, 1, hurried, _policy("evocabulary"))
    thought = think(bot, match.state, seat)
    _assert_legal(match, seat, thought.action)
    assert bot.iterations == 0 and bot.cut == 1


def test_guided_levels_keep_to_a_deadline_too() -> None:
    match, seat = _position("swordcrafters")
    game = match.game
    guided = LevelBot(game, 3, LADDER["master"], _policy(game.name), network=_small(game, 2))
    _assert_legal(match, seat, guided.choose_before(match.state, seat, _passed()))
    assert guided.iterations == 0 and guided.cut == 1
    # Without a network it plays as expert, under the same deadline.
    fallback = make_bot(game, "master", 3)
    assert isinstance(fallback, LevelBot) and fallback.guiding_network(2) is None
    _assert_legal(match, seat, fallback.choose_before(match.state, seat, _passed()))
    assert fallback.iterations == 0 and fallback.cut == 1


def test_a_kept_tree_counts_for_its_share_of_the_seconds_too() -> None:
    budget = Budget(iterations=100, seconds=3600.0, cpu=True)
    assert not any(d.passed() for d in budget.deadlines())
    assert not any(d.passed() for d in budget.deadlines(kept=50))
    (spent,) = budget.deadlines(kept=100)  # the whole budget was spent on the kept tree
    assert spent.passed() and spent.cpu
    half, whole = budget.deadlines(kept=50)[0].left(), budget.deadlines()[0].left()
    assert half < whole
