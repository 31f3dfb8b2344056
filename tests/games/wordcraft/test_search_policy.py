"""Wordcraft's search policy: the moves it weighs and plays out are legal and the best by the
greedy bot's own values, its leaves favour the seat ahead, and a strong bot finds a win."""

from __future__ import annotations

import random
from typing import Any

import pytest

from crafthall.engine import Match, clone
from crafthall.engine.game import Result
from crafthall.games import entry, make_bot, new_match
from crafthall.games.wordcraft.bots import word_values
from crafthall.games.wordcraft.rules import Wordcraft
from crafthall.games.wordcraft.search import POLICY
from crafthall.lexicon import load
from tests.games.wordcraft.helpers import PASS, table, word
from tests.support import positions_along

STANDARD = load("standard")
TEAMS = {"teams": [[0, 2], [1, 3]]}


def _game(match: Match) -> Wordcraft:
    assert isinstance(match.game, Wordcraft)
    return match.game


def _value_after(match: Match, seat: int, action: dict[str, Any]) -> float:
    after = clone(match.state)
    match.game.apply(after, seat, action)
    return match.game.evaluate(after, seat)


def test_the_entry_hands_the_search_this_policy() -> None:
    assert entry("wordcraft").search is POLICY


@pytest.mark.parametrize(("seats", "options"), [(2, None), (3, None), (4, TEAMS)])
def test_rollout_moves_and_weighed_moves_are_always_legal(
    seats: int, options: dict[str, Any] | None
) -> None:
    match = new_match(
        "wordcraft", [f"P{n}" for n in range(seats)], seed=seats, options=options, lexicon=STANDARD
    )
    rng = random.Random(seats)
    for game, state, seat in positions_along(match, every=3, seed=seats, max_moves=400):
        listed = {game.action_key(a) for a in game.legal_actions(state, seat)}
        for _ in range(3):
            move = POLICY.rollout_action(game, state, seat, rng)
            assert game.action_key(move) in listed, move
            game.apply(clone(state), seat, move)
        weighed = POLICY.actions(game, state, seat)
        keys = [game.action_key(a) for a in weighed]
        assert set(keys) <= listed and len(set(keys)) == len(keys)
        assert len(weighed) <= POLICY.max_children + 1


def test_word_values_are_the_evaluation_after_each_move() -> None:
    match = table(3)
    match.apply(0, word("wage", "A3"))
    match.apply(1, word("dread"))
    match.state["supply"][2] = 6  # DARTS + A9 leaves 0 cubes: the trigger's bonus counts
    values = word_values(_game(match), match.state, 2)
    for action in match.game.legal_actions(match.state, 2):
        assert values.value(action) == _value_after(match, 2, action), action


def test_prune_puts_the_most_valuable_word_first_and_keeps_the_pass() -> None:
    match = table(2)
    match.apply(0, word("tree"))
    game, seat = _game(match), 1
    moves = list(game.legal_actions(match.state, seat))
    kept = POLICY.prune(game, match.state, seat, moves)
    best = max(_value_after(match, seat, action) for action in moves)
    assert _value_after(match, seat, kept[0]) == best
    values = [_value_after(match, seat, action) for action in kept if action != PASS]
    assert values == sorted(values, reverse=True)
    assert PASS in kept and len(kept) == POLICY.max_children + 1
    words = [(action["word"], tuple(action["spelling"])) for action in kept if action != PASS]
    assert len(set(words)) == len(words)  # one way to take the cubes per word


def test_a_round_is_not_opened_with_a_pass_but_a_round_reached_in_search_is_skipped() -> None:
    match = table(2)
    game = _game(match)
    kept = POLICY.prune(game, match.state, 0, list(game.legal_actions(match.state, 0)))
    assert PASS not in kept and kept
    assert POLICY.actions(game, match.state, 0) == [PASS]
    assert POLICY.rollout_action(game, match.state, 0, random.Random(1)) == PASS
    match.apply(0, PASS)  # the other side passed first: passing now ends the round
    assert PASS in POLICY.prune(game, match.state, 1, list(game.legal_actions(match.state, 1)))


def test_leaf_values_favour_the_seat_ahead() -> None:
    match = table(2)
    match.apply(0, word("stared"))
    match.apply(1, word("mad"))
    values = POLICY.leaf_values(match.game, match.state)
    assert len(values) == 2 and all(0 <= v <= 1 for v in values)
    assert values[0] > 0.5 > values[1]
    teams = table(4, options=TEAMS)
    teams.apply(0, word("stared"))
    values = POLICY.leaf_values(teams.game, teams.state)
    assert values[0] == values[2] > values[1] == values[3]


def test_a_game_ended_by_skipped_rounds_is_valued_by_margin() -> None:
    details = {"letter_ep": [[30, 0, 0], [20, 0, 0]]}
    skipped = POLICY.final_values(Result([31, 30], [1, 2], [0], details))
    assert 0.5 < skipped[0] < 0.6 and skipped[0] + skipped[1] == pytest.approx(1)
    details = {"letter_ep": [[30, 20, 20], [20, 20, 30]]}
    played = POLICY.final_values(Result([71, 70], [1, 2], [0], details))
    assert played[0] > 0.8 and played[1] < 0.2


def test_a_strong_bot_takes_a_winning_last_word() -> None:
    match = table(2)
    for _ in range(4):  # rounds 1 and 2 passed by both: round 3 on the example grid
        match.apply(match.active_seats()[0], PASS)
    first = match.active_seats()[0]
    match.state["supply"][first] = 5
    match.apply(first, word("dread"))  # 0 cubes left: the round (and game) end is triggered
    seat = match.active_seats()[0]
    game = match.game

    def wins(action: dict[str, Any]) -> bool:
        after = clone(match.state)
        game.apply(after, seat, action)
        while (result := game.result(after)) is None:  # the last word is voted on: kept
            voter = game.active_seats(after)[0]
            game.apply(after, voter, {"type": "vote", "keep": True})
        return result.ranks[seat] == 1

    assert not wins(PASS)
    assert not all(wins(action) for action in game.legal_actions(match.state, seat))
    for seed in range(2):
        assert wins(make_bot(game, "strong", seed).choose(match.state, seat))
