"""Wordsmith's search policy: the moves it keeps, its rollouts and its leaves, and the expert
level that searches with it."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from crafthall.bots.levels import LADDER, LevelBot
from crafthall.engine import Match
from crafthall.games import make_bot, new_match
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.finder import PoolCache, Query, index_for
from crafthall.games.wordsmith.rules import Wordsmith
from crafthall.games.wordsmith.search import (
    POLICY,
    ROLLOUT_CHALLENGE,
    Spellable,
    WordRanks,
    WordsmithPolicy,
    best_piece,
)
from crafthall.games.wordsmith.state import PlayerState, WordsmithState
from crafthall.lexicon import load
from tests.games.wordsmith.helpers import BAG_POOL, SIX_WORDS, VARIANTS, claim, table
from tests.support import positions_along

FONDER_POOL = comp.recipe("fonder")  # 7 red, 6 yellow, 3 blue, 1 green


def _keys(match: Match, actions: list[dict[str, Any]]) -> set[Any]:
    return {match.game.action_key(action) for action in actions}


@pytest.mark.parametrize("options", VARIANTS)
def test_rollout_moves_and_searched_moves_are_legal_and_match_the_listing(
    options: dict[str, Any],
) -> None:
    match = new_match(
        "wordsmith",
        ["P1", "P2"],
        seed=3,
        options=options,
        lexicon=load("standard"),
    )
    rng = random.Random(2)
    positions = positions_along(match, 2, seed=5, max_moves=2000)
    assert len(positions) > 10
    for game, state, seat in positions:
        legal = list(game.legal_actions(state, seat))
        legal_keys = {game.action_key(action) for action in legal}
        for _ in range(3):
            assert game.action_key(POLICY.rollout_action(game, state, seat, rng)) in legal_keys
        searched = [game.action_key(a) for a in POLICY.actions(game, state, seat)]
        assert searched and set(searched) <= legal_keys
        # the tree's fast listing keeps exactly the moves the root keeps from the full listing
        assert searched == [game.action_key(a) for a in POLICY.prune(game, state, seat, legal)]


def test_prune_keeps_the_best_claims_first_and_passing_only_when_it_may_matter() -> None:
    match = table(pool=FONDER_POOL)
    policy = WordsmithPolicy()
    policy.max_children = 2
    legal = list(match.legal_actions(0))
    kept = policy.prune(match.game, match.state, 0, legal)
    claims = [a["word"] for a in kept if a["type"] == "claim"]
    assert claims == ["fonder", "drone"]  # 6 and 5 letters, every piece used
    assert {"type": "roll"} in kept and {"type": "pass"} not in kept
    assert len([a for a in legal if a["type"] == "claim"]) > len(claims)


def test_after_done_passing_is_kept_and_the_expert_claims_the_winning_word() -> None:
    match = table(options={"challenges": 1})
    for word in SIX_WORDS:
        match.apply(0, claim(word))
    assert match.state["phase"] == "last-words"
    # Seat 2 trails by 19 before its last word: only a 4-letter word (CATS, ACTS) wins;
    # a 3-letter word ties, passing loses.
    match.state["totals"] = [0, 19]
    assert match.game.scores_of(match.state) == [29, 25]
    kept = POLICY.prune(match.game, match.state, 1, list(match.legal_actions(1)))
    assert {"type": "pass"} in kept
    expert = make_bot(match.game, "expert", 3)
    assert isinstance(expert, LevelBot)
    chosen = expert.choose(match.state, 1)
    assert chosen["type"] == "claim" and chosen["word"] in {"cats", "acts"}


def test_the_piece_to_take_is_the_one_that_unlocks_the_longest_word() -> None:
    short_of_green = {**FONDER_POOL, "green": 0}
    match = table(pool=short_of_green)
    game, state = match.game, cast(WordsmithState, match.state)
    assert isinstance(game, Wordsmith)
    assert best_piece(game, state, 0, list(comp.PIECES)) == "green"  # FONDER
    assert best_piece(game, state, 0, ["red", "yellow"]) in {"red", "yellow"}


def test_leaf_values_favour_the_seat_ahead_and_the_pool_that_spells_longer_words() -> None:
    match = table(options={"challenges": 1})
    game = match.game
    even = POLICY.leaf_values(game, match.state)
    assert len(even) == 2 and even[0] == pytest.approx(even[1]) == pytest.approx(0.5)
    match.apply(0, claim("cast"))
    state = match.state
    ahead = POLICY.leaf_values(game, state)
    assert all(0.0 <= value <= 1.0 for value in ahead)
    assert ahead[0] > 0.5 > ahead[1]
    # same words and boxes: the seat whose pieces spell FONDER is worth more
    state["players"][0]["pool"] = dict(BAG_POOL)
    state["players"][1]["pool"] = dict(FONDER_POOL)
    state["players"][1]["sheet"] = list(state["players"][0]["sheet"])
    state["players"][1]["order"] = [0]
    state["players"][1]["last"] = "cast"
    pieces = POLICY.leaf_values(game, state)
    assert pieces[1] > 0.5 > pieces[0]


def test_a_rollout_plays_its_own_challenge_out_and_passes_in_the_next() -> None:
    match = table(options={"challenges": 2})
    game, rng = match.game, random.Random(1)
    world = game.determinize(match.state, 0, rng)
    assert POLICY.rollout_action(game, world, 0, rng)["type"] != "pass"
    for word in SIX_WORDS:  # seat 1 calls Done, seat 2 passes: the second challenge begins
        game.apply(world, 0, claim(word))
    game.apply(world, 1, {"type": "pass"})
    assert world["challenge"] == 2 and world["phase"] == "race"
    assert POLICY.rollout_action(game, world, 0, rng) == {"type": "pass"}
    # a rollout that starts in the second challenge plays it
    fresh = game.determinize(world, 0, rng)
    fresh.pop(ROLLOUT_CHALLENGE)
    assert POLICY.rollout_action(game, fresh, 0, rng)["type"] != "pass"


def test_the_expert_is_tuned_and_the_other_ladder_levels_keep_their_budgets() -> None:
    expert = POLICY.tune(LADDER["expert"])
    assert expert.name == "expert" and expert.iterations > 0
    assert POLICY.tune(LADDER["casual"]) == LADDER["casual"]


def test_a_pool_cache_keeps_the_pools_last_asked_about_within_its_budget() -> None:
    cache: PoolCache[list[int]] = PoolCache(10, len)
    cache.get((1,), lambda: [0] * 4)
    cache.get((2,), lambda: [0] * 4)
    assert cache.get((1,), lambda: []) == [0] * 4  # held: not made again, and now the latest
    cache.get((3,), lambda: [0] * 4)  # 12 > 10: the pool least recently asked about goes
    assert len(cache) == 2 and cache.held == 8
    assert cache.get((2,), lambda: [7]) == [7]
    assert cache.get((1,), lambda: [8]) == [0] * 4
    huge = cache.get((4,), lambda: [0] * 50)  # alone over the budget: kept until the next
    assert huge == [0] * 50 and len(cache) == 1 and cache.held == 50


def test_claims_past_the_listed_head_of_a_large_pool_are_found_as_in_a_full_listing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A large pool builds tens of thousands of words; only the first are kept as lists, the
    rest are read from the index when a search gets that far, with the same answers."""
    lexicon = load("standard")
    match = new_match("wordsmith", ["P1", "P2"], seed=4, lexicon=lexicon)
    index = index_for(lexicon)
    pool = {piece: 9 for piece in comp.PIECES}
    player = cast(PlayerState, {**match.state["players"][0], "pool": pool})
    queries = [
        Query(min_length=3),
        Query(min_length=3, required="q"),
        Query(min_length=3, previous="straight"),
        Query(min_length=4, max_leftover=30, required="z"),
    ]
    listed = WordRanks(index)
    assert len(listed.spellable(comp.as_vector(pool)).rest) > 10_000
    expected = [listed.best(player, query, 8) for query in queries]
    monkeypatch.setattr(Spellable, "HEAD", 2)
    short = WordRanks(index)
    assert len(short.spellable(comp.as_vector(pool)).words) == 2
    assert [short.best(player, query, 8) for query in queries] == expected
    assert all(len(found) == 8 for found in expected)


def test_the_word_ranks_stay_within_their_memory_budget_in_a_long_race(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(WordRanks, "BYTES", 400_000)
    lexicon = load("standard")
    match = new_match("wordsmith", ["P1", "P2"], seed=3, lexicon=lexicon)
    ranks = WordRanks(index_for(lexicon))
    pool = dict(match.state["players"][0]["pool"])
    rng = random.Random(5)
    for _ in range(40):  # a pool that only grows, as a player who rolls on and on
        pool[rng.choice(comp.PIECES)] += 1
        ranks.spellable(comp.as_vector(pool))
        assert ranks._ranked.held <= 400_000 or len(ranks._ranked) == 1
    assert len(ranks._ranked) < 40


def test_a_claim_that_must_use_most_of_a_large_pool_reads_the_big_words_with_the_same_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With few boxes left a claim must use most of the pool: the few words big enough are
    found by size, and the best claims are those a reading of every word finds."""
    lexicon = load("standard")
    index = index_for(lexicon)
    match = new_match("wordsmith", ["P1", "P2"], seed=4, lexicon=lexicon)
    pool = {piece: 9 for piece in comp.PIECES}
    vector, total = comp.as_vector(pool), 9 * len(comp.PIECES)
    player = cast(PlayerState, {**match.state["players"][0], "pool": pool})
    sizes = sorted((-n for n in index.built(vector).neg_sizes.tolist()), reverse=True)
    # leftovers allowed such that between a few and HEAD words are big enough
    leftovers = [total - sizes[n] for n in (3, 40, Spellable.HEAD - 1)]
    queries = [Query(min_length=3, max_leftover=left) for left in leftovers]
    queries.append(Query(min_length=3, max_leftover=leftovers[2], required="e"))
    by_size = [WordRanks(index).best(player, query, 8) for query in queries]
    monkeypatch.setattr(WordRanks, "_using_at_least", lambda self, v, fewest: self.spellable(v))
    assert [WordRanks(index).best(player, query, 8) for query in queries] == by_size
    assert all(by_size)
