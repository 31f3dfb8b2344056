"""Evocabulary's search policy: its moves are legal, its leaves favour the seat ahead, its
pruning keeps the best spell, and the search levels take an obvious win."""

from __future__ import annotations

import random

from crafthall.bots.levels import LADDER, LevelBot
from crafthall.engine import Match, clone
from crafthall.games import entry, make_bot
from crafthall.games.evocabulary.search import POLICY, EvocabularyPolicy, projected_gain
from tests.games.evocabulary.helpers import BURN, DRAW, PUBLISH, fam, table
from tests.support import positions_along, start


def test_the_game_hands_the_search_its_own_policy() -> None:
    assert entry("evocabulary").search is POLICY
    assert isinstance(POLICY, EvocabularyPolicy)
    assert POLICY.tune(LADDER["expert"]).iterations > POLICY.tune(LADDER["strong"]).iterations


def test_rollout_moves_and_pruned_moves_are_legal_in_random_positions() -> None:
    rng = random.Random(3)
    seen: set[str] = set()
    for seats, seed in ((2, 5), (3, 6)):
        for game, state, seat in positions_along(start("evocabulary", seats, seed), 9, seed, 3000):
            before = clone(state)
            rollout = POLICY.rollout_action(game, state, seat, rng)
            game.apply(clone(state), seat, rollout)  # refused if illegal
            seen.add(rollout["type"])
            legal = list(game.legal_actions(state, seat))
            kept = POLICY.prune(game, state, seat, legal)
            assert kept and len(kept) <= len(legal)
            keys = {game.action_key(m) for m in legal}
            assert all(game.action_key(m) in keys for m in kept)
            assert state == before, "the policy must not change the state it reads"
    assert {"start", "use", "done", "draw"} <= seen


def test_leaf_values_are_one_per_seat_in_0_to_1_and_favour_the_seat_ahead() -> None:
    match = table(
        [["s", "a", "t", "e", "r", "o", "n"], ["s", "a", "t", "e", "r", "o", "n"]],
        teams=[{"4": [fam(DRAW), fam(BURN)]}, {}],
    )
    state = match.state
    values = POLICY.leaf_values(match.game, state)
    assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
    assert values[0] > 0.5 > values[1]  # the same hands and scores, but more familiars
    state["players"][1]["score"] = 60
    values = POLICY.leaf_values(match.game, state)
    assert values[1] > 0.9 and values[0] < 0.1
    assert projected_gain(state, 0) > projected_gain(state, 1)


def test_a_spell_waiting_to_be_published_counts_in_the_leaf() -> None:
    match = table([["z", "e", "b", "r", "a", "t", "s"], ["e", "a", "t", "s", "r", "o", "n"]])
    before = projected_gain(match.state, 0)
    match.apply(0, {"type": "start", "word": "zebra", "cards": ["z", "e", "b", "r", "a"]})
    assert projected_gain(match.state, 0) > before  # laid out, its points are nearer scoring


def test_prune_keeps_the_best_spell_first_and_a_draw() -> None:
    match = table([["z", "e", "b", "r", "a", "t", "e"], ["e"] * 7], teams=[{"5": [fam(PUBLISH)]}])
    game, state = match.game, match.state
    moves = list(game.legal_actions(state, 0))
    kept = POLICY.prune(game, state, 0, moves)
    assert kept[0]["word"] == "zebra"
    assert {"type": "draw"} in kept
    assert len(kept) < len(moves)


def test_prune_in_an_activation_puts_the_big_publish_before_done() -> None:
    match = table([["z", "e", "b", "r", "a", "t", "e"], ["e"] * 7], teams=[{"5": [fam(PUBLISH)]}])
    match.apply(0, {"type": "start", "word": "zebra", "cards": ["z", "e", "b", "r", "a"]})
    game, state = match.game, match.state
    kept = POLICY.prune(game, state, 0, list(game.legal_actions(state, 0)))
    assert kept[0]["type"] == "use" and kept[0].get("team") == 5
    assert {"type": "done"} in kept


def _last_turn() -> Match:
    """Seat 1 leads by 12 and the deck is empty: seat 0 wins only by publishing a spell with
    its Z (ZEBRA at its 5 team's owl, or ZEBRAS at its 6+ leader); STARE scores 5, a draw
    nothing."""
    match = table(
        [["z", "e", "b", "r", "a", "t", "s"], ["e", "t", "a"]],
        deck=[],
        teams=[{"5": [fam(PUBLISH)]}, {}],
    )
    match.state["players"][1]["score"] = 12
    return match


def test_the_strong_level_takes_the_winning_spell_and_publishes_it() -> None:
    match = _last_turn()
    bot = make_bot(match.game, "strong", 1)
    assert isinstance(bot, LevelBot)
    first = bot.choose(match.state, 0)
    assert "z" in first["word"]
    match.apply(0, first)
    while match.active_seats() == [0]:
        match.apply(0, bot.choose(match.state, 0))
    assert match.view(0)["scores"][0] > 12


def test_an_activation_that_can_draw_draws_first_without_a_search() -> None:
    match = table([["s", "a", "t", "e", "r", "o", "n"], ["e"] * 7], teams=[{"3": [fam(BURN)]}])
    match.apply(0, {"type": "start", "word": "sat", "cards": ["s", "a", "t"]})
    game, state = match.game, match.state
    kept = POLICY.prune(game, state, 0, list(game.legal_actions(state, 0)))
    assert kept == [{"type": "use", "card": "leader"}]  # the 3 leader draws (side a)
