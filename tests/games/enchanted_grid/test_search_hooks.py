"""The hooks search and learning code use: sampled actions, the action codec, observations,
determinizations (what a seat does not know, drawn afresh) and the action shapes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from crafthall.engine import Match, State, clone
from crafthall.games.enchanted_grid import EnchantedGrid
from crafthall.games.enchanted_grid.components import card
from crafthall.lexicon import load
from tests.games.enchanted_grid.helpers import table
from tests.support import assert_refused, start


def _game(match: Match) -> EnchantedGrid:
    assert isinstance(match.game, EnchantedGrid)
    return match.game


def positions(seed: int, seats: int, every: int = 1) -> Iterator[tuple[Match, int]]:
    """Every ``every``-th position of a random game played by ``sample_action``."""
    match = start("enchanted-grid", seats, seed=seed, lexicon=load("standard"))
    game = _game(match)
    rng = random.Random(seed)
    number = 0
    while match.active_seats():
        (seat,) = match.active_seats()
        if number % every == 0:
            yield match, seat
        match.apply(seat, game.sample_action(match.state, seat, rng))
        number += 1


@pytest.mark.parametrize(("seed", "seats"), [(1, 2), (2, 3), (3, 4)])
def test_sampled_actions_are_always_legal(seed: int, seats: int) -> None:
    kinds: Counter[str] = Counter()
    for match, seat in positions(seed, seats):
        game = _game(match)
        legal = {game.action_key(a) for a in game.legal_actions(match.state, seat)}
        rng = random.Random(len(match.moves))
        for _ in range(5):
            action = game.sample_action(match.state, seat, rng)
            assert game.action_key(action) in legal, action
            kinds[action["type"] + ("-swap" if "swap" in action else "")] += 1
            kinds["face-down"] += bool(action.get("face_down"))
    # The playouts use every kind of move, powers included.
    assert {"place", "place-swap", "overwrite", "insert", "face-down"} <= set(kinds)


@pytest.mark.parametrize(("seed", "seats"), [(4, 2), (5, 4)])
def test_the_codec_round_trips_every_listed_action(seed: int, seats: int) -> None:
    for match, seat in positions(seed, seats, every=5):
        game = _game(match)
        size = game.action_space_size(seats)
        codes: dict[int, Any] = {}
        for action in game.legal_actions(match.state, seat):
            code = game.encode_action(match.state, seat, action)
            assert 0 <= code < size
            assert code not in codes, (action, codes.get(code))
            codes[code] = action
            back = game.decode_action(match.state, seat, code)
            assert game.action_key(back) == game.action_key(action)
        mask = game.legal_action_mask(match.state, seat)
        assert set(np.flatnonzero(mask)) == set(codes)


def test_a_plain_placement_has_one_key_however_it_is_spelled() -> None:
    game = EnchantedGrid()
    plain = {"type": "place", "card": 3, "at": [0, 0]}
    assert game.action_key({**plain, "face_down": False}) == game.action_key(plain)
    assert game.action_key({**plain, "face_down": True}) != game.action_key(plain)


def test_observations_have_one_shape_and_follow_the_view_only() -> None:
    for seats in (2, 4):
        shape = None
        for match, seat in positions(seats, seats, every=9):
            game = _game(match)
            observed = game.encode_observation(match.view(seat))
            assert observed.shape == game.observation_shape(seats) and observed.dtype == np.float32
            shape = shape or observed.shape
            assert observed.shape == shape
            # Another layout of the cards this seat cannot see gives the same view, so the
            # same observation.
            other = game.determinize(match.state, seat, random.Random(1))
            again = game.encode_observation(game.view(other, seat))
            assert np.array_equal(observed, again)


# --- hidden cards --------------------------------------------------------------------------


def hidden_table() -> Match:
    """P2 (seat 1) has hidden a grey card in U's zone; P1 (seat 0) has hidden one too."""
    match = table(
        {
            "grid": [
                {"at": [0, 0], "card": "U grey enchanter"},
                {"at": [1, 0], "card": "N grey", "by": 1, "face_down": True},
                {"at": [0, 1], "card": "K grey", "by": 0, "face_down": True},
                {"at": [-1, 0], "card": "T red enchanter"},
                {"at": [-1, 0], "card": "W grey", "by": 1, "face_down": True},
            ],
            "hands": [["A blue", "E red"], ["O blue", "I green", "S red"]],
            "deck": ["D blue", "C grey", "R green", "L red", "P grey", "M green", "B blue"],
        },
        lexicon=load("standard"),
    )
    return match


def rearranged(state: State) -> State:
    """The same table as seat 0 sees it, with seat 1's hidden cards laid out otherwise: a card of
    its hand swapped with one of the deck, its face-down cards swapped with grey deck cards."""
    other = clone(state)
    hand, deck, grid = other["hands"][1], other["deck"], other["grid"]
    hand[0], deck[-1] = deck[-1], hand[0]
    greys = [i for i, c in enumerate(deck) if card(c).colour == "grey"]
    for name, spot in (("1,0", 0), ("-1,0", 1)):
        entry = next(e for e in grid[name] if e["down"])
        entry["card"], deck[greys[spot]] = deck[greys[spot]], entry["card"]
    return other


def test_a_determinization_keeps_what_the_seat_sees_and_draws_the_rest() -> None:
    match = hidden_table()
    game, state = _game(match), match.state
    seen_hands, seen_tops, seen_hidden = set(), set(), set()
    for seed in range(200):
        sampled = game.determinize(state, 0, random.Random(seed))
        assert game.view(sampled, 0) == game.view(state, 0)
        assert sampled["hands"][0] == state["hands"][0]  # its own hand
        assert sampled["grid"]["0,1"] == state["grid"]["0,1"]  # its own face-down card
        assert sampled["grid"]["-1,0"][0] == state["grid"]["-1,0"][0]  # a card it saw covered
        hidden = [sampled["grid"]["1,0"][0]["card"], sampled["grid"]["-1,0"][1]["card"]]
        assert all(card(c).colour == "grey" for c in hidden)  # only grey goes face down
        pool = sampled["deck"] + sampled["hands"][1] + hidden
        assert sorted(pool) == sorted(state["deck"] + state["hands"][1] + hidden_of(state))
        assert sampled["rng"] != state["rng"]
        seen_hands.add(tuple(sampled["hands"][1]))
        seen_tops.add(sampled["deck"][0])
        seen_hidden.add(tuple(hidden))
    assert len(seen_hands) > 150 and len(seen_tops) >= 10 and len(seen_hidden) > 6


def hidden_of(state: State) -> list[int]:
    return [state["grid"]["1,0"][0]["card"], state["grid"]["-1,0"][1]["card"]]


def test_tables_that_look_alike_give_the_same_determinizations() -> None:
    match = hidden_table()
    game = _game(match)
    one = match.state
    two = rearranged(one)
    assert two != one and game.view(two, 0) == game.view(one, 0)
    # Drawn from the same distribution: compare what lies on top of the deck, in seat 1's
    # hand and face down at [1, 0] over many draws from each table.
    counts: list[Counter[tuple[str, int]]] = [Counter(), Counter()]
    for index, state in enumerate((one, two)):
        for seed in range(600):
            sampled = game.determinize(state, 0, random.Random(10_000 * index + seed))
            counts[index]["top", sampled["deck"][0]] += 1
            counts[index]["hand", sampled["hands"][1][0]] += 1
            counts[index]["hidden", sampled["grid"]["1,0"][0]["card"]] += 1
    for part in ("top", "hand", "hidden"):
        keys = {k for c in counts for k in c if k[0] == part}
        distance = sum(abs(counts[0][k] - counts[1][k]) for k in keys) / (2 * 600)
        assert distance < 0.15, (part, distance)
        assert len(keys) >= 3  # the hidden part really varies
    # The draws depend on nothing else: the same generator gives the same table.
    for seed in range(20):
        assert game.determinize(one, 0, random.Random(seed)) == game.determinize(
            two, 0, random.Random(seed)
        )


def test_determinizing_for_the_other_seat_keeps_its_view_too() -> None:
    match = hidden_table()
    game = _game(match)
    for seed in range(50):
        sampled = game.determinize(match.state, 1, random.Random(seed))
        assert game.view(sampled, 1) == game.view(match.state, 1)
        assert sampled["grid"]["1,0"] == match.state["grid"]["1,0"]  # its own hidden card
        assert card(sampled["grid"]["0,1"][0]["card"]).colour == "grey"


def test_random_positions_keep_every_view_under_determinization() -> None:
    for match, seat in positions(21, 3, every=4):
        game = _game(match)
        sampled = game.determinize(match.state, seat, random.Random(len(match.moves)))
        assert game.view(sampled, seat) == game.view(match.state, seat)
        assert sampled["enchanters"] == match.state["enchanters"]


# --- the action shapes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "place", "card": 0, "at": [0, 0], "colour": "red"},  # an unknown field
        {"type": "place", "card": 0, "at": [0, 0], "swap": None},
        {"type": "place", "card": [0], "at": [0, 0]},  # a list where a card id belongs
        {"type": "place", "card": 0, "at": "0,0"},
        {"type": "place", "card": 0, "at": [0, 0, 0]},
        {"type": "insert", "card": 0, "at": [0, 0], "push": ["left"]},
        {"type": "insert", "card": 0, "at": [0, 0]},  # a field missing
        {"type": "claim", "at": [0, 0], "direction": ["across"]},
        {"type": "fly", "at": [0, 0]},  # an unknown type
        {"at": [0, 0]},
    ],
)
def test_malformed_actions_are_refused_before_the_rules(action: dict[str, Any]) -> None:
    match = start("enchanted-grid", 2, seed=3, lexicon=load("standard"))
    refused = assert_refused(match, 0, action, "bad-action")
    if action.get("type") == "place":  # the sentence names the field
        assert refused.details["field"] in refused.message
