"""The search hooks: drawn actions are legal, the action codec round-trips, observations have
one shape, and a determinization keeps what a seat sees while redrawing what it does not."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import numpy as np
import pytest

from crafthall.engine import State, clone
from crafthall.games.evocabulary.components import WILD, components
from crafthall.games.evocabulary.rules import Evocabulary
from tests.games.evocabulary.helpers import PICKUP, fam, table
from tests.support import assert_refused, start

FACES = components().faces


def _positions(seats: int, seed: int, every: int = 1) -> Iterator[tuple[Evocabulary, State, int]]:
    """Positions of a random game played by ``sample_action`` (every ``every``-th move)."""
    match = start("evocabulary", seats, seed=seed)
    game = match.game
    assert isinstance(game, Evocabulary)
    state, rng = clone(match.state), random.Random(seed)
    moves = 0
    while game.result(state) is None:
        seat = game.active_seats(state)[0]
        if moves % every == 0:
            yield game, state, seat
        game.apply(state, seat, game.sample_action(state, seat, rng))
        moves += 1


@pytest.mark.parametrize("seats", [2, 4])
def test_sample_action_is_always_legal(seats: int) -> None:
    kinds: Counter[str] = Counter()
    rng = random.Random(seats)
    for seed in range(3):
        for game, state, seat in _positions(seats, seed):
            action = game.sample_action(state, seat, rng)
            kinds[action["type"]] += 1
            legal = {game.action_key(a) for a in game.legal_actions(state, seat)}
            if action["type"] in ("start", "modify"):  # listed with its canonical layout
                game.apply(clone(state), seat, action)
                index = game.encode_action(state, seat, action)
                action = game.decode_action(state, seat, index)
            assert game.action_key(action) in legal
    assert {"start", "modify", "discard", "draw", "use", "done"} <= set(kinds)


def test_every_listed_action_round_trips_through_the_codec() -> None:
    for seats, seed in ((2, 11), (3, 12)):
        for game, state, seat in _positions(seats, seed, every=3):
            size = game.action_space_size(seats)
            legal = list(game.legal_actions(state, seat))
            codes = [game.encode_action(state, seat, a) for a in legal]
            assert len(set(codes)) == len(codes)
            assert all(0 <= code < size for code in codes)
            for action, code in zip(legal, codes, strict=True):
                back = game.decode_action(state, seat, code)
                assert game.action_key(back) == game.action_key(action)
            mask = game.legal_action_mask(state, seat)
            assert mask.shape == (size,) and int(mask.sum()) == len(legal)


def test_action_keys_read_words_case_blind() -> None:
    game = start("evocabulary", 2).game
    upper = {"type": "start", "word": "SAT", "cards": ["S", "=A", "T"]}
    lower = {"type": "start", "word": "sat", "cards": ["s", "=a", "t"]}
    assert game.action_key(upper) == game.action_key(lower)


def test_observations_have_one_shape_and_read_the_view_only() -> None:
    for seats in (2, 6):
        game, state, _ = next(_positions(seats, 3))
        shape = game.observation_shape(seats)
        for moved, (_, later, _) in enumerate(_positions(seats, 3, every=25)):
            for seat in (None, *range(seats)):
                array = game.encode_observation(game.view(later, seat))
                assert array.shape == shape and array.dtype == np.float32
            if moved > 4:
                break
        world = game.determinize(state, 0, random.Random(1))
        assert state["deck"] != world["deck"]
        np.testing.assert_array_equal(
            game.encode_observation(game.view(state, 0)),
            game.encode_observation(game.view(world, 0)),
        )


def test_a_determinization_never_changes_what_the_seat_sees() -> None:
    for game, state, seat in _positions(3, 21, every=7):
        before = clone(state)
        for n in range(3):
            world = game.determinize(state, seat, random.Random(n))
            assert game.view(world, seat) == game.view(state, seat)
            assert sorted(_all_cards(world)) == sorted(_all_cards(state))
        assert state == before


def _all_cards(state: State) -> list[int]:
    from crafthall.games.evocabulary.setup import all_cards

    return list(all_cards(state))


def _two_tables() -> tuple[Evocabulary, State, State]:
    """Two true tables seat 0 cannot tell apart: the other hand and the deck differ."""
    hands = [["s", "a", "t", "e", "r", "?", "o"], ["z", "x", "qu", "k", "j", "?", "b"]]
    deck = ["e", "a", "i", "o", "n", "r", "t", "l", "s", "u", "d", "g"]
    first = table(hands, deck=deck)
    swapped = [hands[0], ["e", "a", "i", "o", "n", "?", "r"]]
    second = table(swapped, deck=["z", "x", "qu", "k", "j", "b", "t", "l", "s", "u", "d", "g"])
    game = first.game
    assert isinstance(game, Evocabulary)
    assert game.view(first.state, 0) == game.view(second.state, 0)
    assert first.state != second.state
    return game, first.state, second.state


def test_tables_a_seat_cannot_tell_apart_determinize_alike() -> None:
    """The faces in the other hand follow one distribution from either true table, and vary."""
    game, first, second = _two_tables()
    draws = 300
    counts: list[Counter[str]] = []
    for state in (first, second):
        seen: Counter[str] = Counter()
        for n in range(draws):
            world = game.determinize(state, 0, random.Random(n))
            seen.update(FACES[c] for c in world["players"][1]["hand"])
        counts.append(seen)
    faces = set(counts[0]) | set(counts[1])
    total = 7 * draws
    for face in faces:  # each face's share of the other hand agrees within a few points
        assert abs(counts[0][face] - counts[1][face]) / total < 0.03, face
    assert counts[0][WILD] == counts[1][WILD] == draws  # its one wild is known to all
    assert len(faces) > 10  # the hidden letters really are redrawn


def test_a_determinization_keeps_what_the_seat_knows() -> None:
    game, state, _ = _two_tables()
    for n in range(20):
        world = game.determinize(state, 0, random.Random(n))
        assert world["players"][0]["hand"] == state["players"][0]["hand"]
        assert world["discard"] == state["discard"] and world["wilds"] == state["wilds"]
        assert world["market"] == state["market"]
        assert sorted(world["familiar_deck"]) == sorted(state["familiar_deck"])
        assert world["rng"] != state["rng"]


@pytest.mark.parametrize(
    "action",
    [
        {"type": "discard", "letter": "s", "why": "spare"},
        {"type": "start", "word": ["s", "a", "t"], "cards": ["s", "a", "t"]},
        {"type": "start", "word": "sat", "cards": "s a t"},
        {"type": "modify", "team": "3", "word": "sat", "cards": ["s", "a", "t"]},
        {"type": "draw", "count": 7},
        {"type": "fly"},
        {"word": "sat"},
    ],
)
def test_malformed_actions_are_refused_as_bad_actions(action: dict[str, object]) -> None:
    match = table([["s", "a", "t", "e", "r", "o", "n"], ["e"] * 7])
    error = assert_refused(match, 0, action, "bad-action")
    if len(action) > 1 and "type" in action and action["type"] != "fly":
        assert error.details.get("field") in action


def test_letters_seen_going_back_into_a_hand_stay_there_in_every_determinization() -> None:
    match = table(
        [["c", "a", "t", "e", "e", "r", "o"], ["e"] * 7],
        deck=list("bdfgklmnpsuvwxyz"),
        teams=[{"3": [fam(PICKUP)]}],
    )
    match.apply(0, {"type": "start", "word": "cat", "cards": ["c", "a", "t"]})
    match.apply(0, {"type": "use", "card": PICKUP, "team": 3})
    assert match.view(1)["hand_shown"][0] == ["a", "c", "t"]
    game = match.game
    for n in range(30):
        world = game.determinize(match.state, 1, random.Random(n))
        faces = Counter(FACES[c] for c in world["players"][0]["hand"])
        assert faces["c"] and faces["a"] and faces["t"]
    match.apply(0, {"type": "done"})
    match.apply(1, {"type": "discard", "letter": "e"})
    match.apply(1, {"type": "draw"})
    match.apply(0, {"type": "discard", "letter": "c"})  # no one knows which C left
    assert match.view(1)["hand_shown"][0] == ["a", "t"]
