"""Enchanted Grid's search policy: its rollout moves are legal, its leaves favour the seat that
will win more cards, its pruning keeps the best words, and its words are the ones a move makes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from crafthall.bots.ismcts import margin_utility
from crafthall.bots.levels import LADDER, LevelBot
from crafthall.engine import Match
from crafthall.games.enchanted_grid import ENTRY, EnchantedGrid
from crafthall.games.enchanted_grid.search import POLICY, move_values
from crafthall.lexicon import Lexicon, load
from tests.games.enchanted_grid.helpers import cid, table
from tests.support import start


def _game(match: Match) -> EnchantedGrid:
    assert isinstance(match.game, EnchantedGrid)
    return match.game


def test_the_entry_hands_the_policy_to_the_search() -> None:
    assert ENTRY.search is POLICY


@pytest.mark.parametrize(("seed", "seats"), [(1, 2), (2, 3)])
def test_rollout_moves_are_always_legal(seed: int, seats: int) -> None:
    match = start("enchanted-grid", seats, seed=seed, lexicon=load("standard"))
    game = _game(match)
    rng = random.Random(seed)
    moves = 0
    while match.active_seats():
        (seat,) = match.active_seats()
        state = match.state
        legal = {game.action_key(a) for a in game.legal_actions(state, seat)}
        action = POLICY.rollout_action(game, state, seat, rng)
        assert game.action_key(action) in legal, action
        moves += 1
        # Half the moves are random, so the game also sees positions the policy would avoid.
        move = action if rng.random() < 0.5 else game.sample_action(state, seat, rng)
        match.apply(seat, move)
    assert moves > 50


def _cat_table(**fixed: Any) -> Match:
    """C A on the grid; seat 0 holds a T (CAT across, or TA down above the A) and cards that
    make no word anywhere; seat 1 holds a card that makes no word."""
    return table(
        {
            "grid": [{"at": [0, 0], "card": "C grey"}, {"at": [1, 0], "card": "A red"}],
            "hands": [["J red", "T blue", "X blue", "Z green", "V red"], ["Q red"]],
            "deck": [],
            **fixed,
        }
    )


def test_leaf_values_favour_the_seat_whose_words_will_stand() -> None:
    match = _cat_table()
    game = _game(match)
    level = POLICY.leaf_values(game, match.state)
    assert level == [0.5, 0.5]
    match.apply(0, {"type": "place", "card": cid(match, 0, "T blue"), "at": [2, 0]})
    values = POLICY.leaf_values(game, match.state)
    assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
    assert values == margin_utility([3, 0], POLICY.margin_scale)  # CAT's three cards


def test_leaf_values_count_what_a_face_down_card_will_claim() -> None:
    """Seat 1's face-down grey T beside C A is a blank now; at the reveal it makes CAT, its
    placer's: the leaf counts those cards for seat 1, though nothing is claimed yet."""
    match = _cat_table(
        grid=[
            {"at": [0, 0], "card": "C grey"},
            {"at": [1, 0], "card": "A red"},
            {"at": [2, 0], "card": "T grey", "by": 1, "face_down": True},
        ]
    )
    game = _game(match)
    assert match.state["claims"] == []
    values = POLICY.leaf_values(game, match.state)
    assert values[1] > 0.5 > values[0]
    assert match.state["grid"]["2,0"][0]["down"], "the leaf must not change the position"


def test_leaf_values_read_a_finished_game_by_its_cards() -> None:
    match = _cat_table(hands=[[], []])
    game = _game(match)
    match.state["won"] = [[10, 11, 12], [13]]
    values = POLICY.values(game, match.state)
    assert values[0] > values[1]


def test_prune_keeps_the_longest_word_first() -> None:
    match = _cat_table()
    game = _game(match)
    state = match.state
    moves = list(game.legal_actions(state, 0))
    kept = POLICY.prune(game, state, 0, moves)
    assert len(kept) <= POLICY.max_children < len(moves)
    t = cid(match, 0, "T blue")
    assert kept[0] == {"type": "place", "card": t, "at": [2, 0]}  # CAT
    assert {"type": "place", "card": t, "at": [1, -1]} in kept[:3]  # TA, two cards


def test_prune_ranks_the_same_whatever_the_hidden_cards() -> None:
    """Another seat's face-down card is a blank to the seat that ranks its moves."""
    rankings = []
    for hidden in ("T grey", "S grey"):
        match = _cat_table(
            grid=[
                {"at": [0, 0], "card": "C grey"},
                {"at": [1, 0], "card": "A red"},
                {"at": [0, 1], "card": hidden, "by": 1, "face_down": True},
            ]
        )
        game = _game(match)
        moves = list(game.legal_actions(match.state, 0))
        rankings.append([game.action_key(m) for m in POLICY.prune(game, match.state, 0, moves)])
    assert rankings[0] == rankings[1]


@pytest.mark.parametrize("seed", [4, 5])
def test_the_tree_keeps_each_positions_best_moves(seed: int) -> None:
    """Below the root the tree keeps the moves of the highest greedy value (a face-down card
    valued as if face up), remembered per position and card: the second look (from memory)
    gives the same moves, all legal, the best first."""
    match = start("enchanted-grid", 2, seed=seed)
    game = _game(match)
    rng = random.Random(seed)
    checked = 0
    while match.state["phase"] == "play":
        (seat,) = match.active_seats()
        state = match.state
        if rng.random() < 0.2:
            kept = POLICY.actions(game, state, seat)
            assert kept == POLICY.actions(game, state, seat)
            legal = list(game.legal_actions(state, seat))
            keys = {game.action_key(a) for a in legal}
            assert all(game.action_key(a) in keys for a in kept)
            assert 1 <= len(kept) <= POLICY.inner_children
            values = move_values(game, state, seat, kept)
            assert values[0] == max(move_values(game, state, seat, legal))
            assert values == sorted(values, reverse=True)
            checked += 1
        match.apply(seat, game.sample_action(state, seat, rng))
    assert checked > 5


def test_a_face_down_card_is_valued_by_the_words_it_will_make() -> None:
    """A grey T in U's grey zone, face down beside C A, makes CAT at the reveal: the ranking
    keeps it beside the face-up CAT, ahead of the moves that make nothing."""
    match = _cat_table(
        grid=[
            {"at": [1, 1], "card": "U grey enchanter"},
            {"at": [0, 0], "card": "C grey"},
            {"at": [1, 0], "card": "A red"},
        ],
        hands=[["J red", "T grey", "X blue", "Z green", "V red"], ["Q red"]],
    )
    game = _game(match)
    t = cid(match, 0, "T grey")
    hidden = {"type": "place", "card": t, "at": [2, 0], "face_down": True}
    assert hidden in game.legal_actions(match.state, 0)
    kept = POLICY.prune(game, match.state, 0, list(game.legal_actions(match.state, 0)))
    assert hidden in kept[:2] and {"type": "place", "card": t, "at": [2, 0]} in kept[:2]


def test_words_are_the_ones_a_move_makes_or_a_claim_takes() -> None:
    match = _cat_table()
    game = _game(match)
    state = match.state
    t, j = cid(match, 0, "T blue"), cid(match, 0, "J red")
    assert POLICY.words_in(game, state, {"type": "place", "card": t, "at": [2, 0]}) == ["cat"]
    assert POLICY.words_in(game, state, {"type": "place", "card": j, "at": [2, 0]}) == []


def _scramble_table() -> Match:
    """The scramble (no cards in hand): CAT and QI stand."""
    return table(
        {
            "grid": [
                {"at": [0, 0], "card": "C grey"},
                {"at": [1, 0], "card": "A red"},
                {"at": [2, 0], "card": "T blue"},
                {"at": [0, 2], "card": "Q red"},
                {"at": [1, 2], "card": "I blue"},
            ],
            "hands": [[], []],
            "deck": [],
        },
        lexicon=Lexicon.from_words(["qi", "cat"]),
    )


def test_rollouts_claim_the_longest_word_in_the_scramble() -> None:
    match = _scramble_table()
    action = POLICY.rollout_action(_game(match), match.state, 0, random.Random(1))
    assert action == {"type": "claim", "at": [0, 0], "direction": "across"}


def test_levels_that_know_common_words_do_not_claim_rare_ones() -> None:
    """A casual player's options leave out QI, a word it does not know; an expert's keep it."""
    match = _scramble_table()
    game = _game(match)
    claims = {a["at"][1]: a for a in game.legal_actions(match.state, 0) if a["type"] == "claim"}
    assert POLICY.words_in(game, match.state, claims[2]) == ["qi"]
    casual = LevelBot(game, 1, LADDER["casual"], POLICY, vocabulary={"cat"})
    expert = LevelBot(game, 1, LADDER["expert"], POLICY, vocabulary=None)
    rng = random.Random(1)
    assert claims[2] not in casual.options(match.state, 0, rng)
    assert claims[2] in expert.options(match.state, 0, rng)


def test_a_strong_bot_takes_the_move_that_wins() -> None:
    """The round's last card: CAT wins the game three cards to two, TA only ties it."""
    match = _cat_table(hands=[["J red", "T blue"], []])
    game = _game(match)
    match.state["won"][1] = [100, 101]  # two cards out of this table's game
    bot = LevelBot(game, 3, LADDER["strong"], POLICY)
    chosen = bot.choose(match.state, 0)
    assert chosen == {"type": "place", "card": cid(match, 0, "T blue"), "at": [2, 0]}
