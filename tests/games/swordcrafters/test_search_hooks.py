"""The search hooks: sampling, the action codec, observations, determinization, action shapes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import get_args

import numpy as np
import pytest

from crafthall.engine import IllegalAction, State, clone
from crafthall.games import make_game
from crafthall.games.swordcrafters.components import BLANK, components
from crafthall.games.swordcrafters.moves import GemName
from crafthall.games.swordcrafters.rules import SwordCrafters
from tests.games.swordcrafters.helpers import fixed_match
from tests.support import assert_refused, start

GAME = make_game("swordcrafters")


def positions(seats: int, seed: int, every: int = 1) -> Iterator[tuple[State, int]]:
    """(state, active seat) along a random game played by ``sample_action``."""
    state = GAME.setup(seats, seed)
    rng = random.Random(seed)
    move = 0
    while GAME.result(state) is None:
        seat = GAME.active_seats(state)[0]
        if move % every == 0:
            yield state, seat
        GAME.apply(state, seat, GAME.sample_action(state, seat, rng))
        move += 1


def keys(state: State, seat: int) -> set[object]:
    return {GAME.action_key(action) for action in GAME.legal_actions(state, seat)}


# --- sampling ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_sampled_actions_are_always_legal(seats: int) -> None:
    for seed in range(4):
        for state, seat in positions(seats, seed):
            action = GAME.sample_action(state, seat, random.Random(seed))
            assert GAME.action_key(action) in keys(state, seat)
            GAME.check_action(action)


def test_sampling_reaches_every_legal_action() -> None:
    """Over many draws every listed slice, take and place turns up (no action is unreachable)."""
    seen: dict[str, bool] = {}
    for state, seat in positions(2, seed=3, every=5):
        rng = random.Random(0)
        drawn = {GAME.action_key(GAME.sample_action(state, seat, rng)) for _ in range(400)}
        assert drawn == keys(state, seat), state["phase"]
        seen[state["phase"]] = True
    assert set(seen) == {"slice", "select", "craft"}


def test_only_an_active_seat_is_sampled_for() -> None:
    match = fixed_match(4)
    with pytest.raises(IllegalAction) as caught:
        GAME.sample_action(match.state, 1, random.Random(0))
    assert caught.value.code == "no-legal-action"


# --- the action codec ---------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_codec_round_trips_every_listed_action_distinctly(seats: int) -> None:
    size = GAME.action_space_size(seats)
    for seed in range(3):
        for state, seat in positions(seats, seed, every=3):
            codes: dict[int, object] = {}
            for action in GAME.legal_actions(state, seat):
                code = GAME.encode_action(state, seat, action)
                assert 0 <= code < size
                assert code not in codes, (action, codes.get(code))
                codes[code] = action
                assert GAME.decode_action(state, seat, code) == action
            mask = GAME.legal_action_mask(state, seat)
            assert set(np.flatnonzero(mask)) == set(codes)


@pytest.mark.parametrize(("seats", "size"), [(2, 38 + 5 + 28), (3, 38 + 4 + 28), (4, 60 + 5 + 28)])
def test_every_code_decodes_to_a_well_formed_action_and_back(seats: int, size: int) -> None:
    state = GAME.setup(seats, 1)
    assert GAME.action_space_size(seats) == size
    for code in range(size):
        action = GAME.decode_action(state, 0, code)
        GAME.check_action(action)
        assert GAME.encode_action(state, 0, action) == code
    with pytest.raises(IllegalAction):
        GAME.decode_action(state, 0, size)
    for stranger in ({"type": "take", "group": "AB"}, {"type": "take", "group": "Z"}):
        with pytest.raises(IllegalAction):
            GAME.encode_action(state, 0, stranger)


def test_equivalent_spellings_share_a_key_and_a_code() -> None:
    state = GAME.setup(2, 1)
    down = {"type": "slice", "from": [0, 2], "to": [3, 2]}
    up = {"type": "slice", "from": [3, 2], "to": [0, 2]}
    assert GAME.action_key(down) == GAME.action_key(up)
    assert GAME.encode_action(state, 0, down) == GAME.encode_action(state, 0, up)
    lower, upper = {"type": "take", "group": "b"}, {"type": "take", "group": "B"}
    assert GAME.action_key(lower) == GAME.action_key(upper)
    assert GAME.action_key(down) != GAME.action_key({**down, "to": [2, 2]})


def test_both_spellings_of_a_slice_are_accepted_alike() -> None:
    down, up = fixed_match(4), fixed_match(4)
    down.apply(0, {"type": "slice", "from": [0, 2], "to": [4, 2]})
    up.apply(0, {"type": "slice", "from": [4, 2], "to": [0, 2]})
    assert down.state == up.state


# --- observations -------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_observation_has_a_fixed_shape_and_reads_only_the_view(seats: int) -> None:
    shape = GAME.observation_shape(seats)
    seen = set()
    for state, seat in positions(seats, seed=seats, every=4):
        for viewer in (None, seat):
            observed = GAME.encode_observation(GAME.view(state, viewer))
            assert observed.shape == shape and observed.dtype == np.float32
            assert np.isfinite(observed).all()
        same_view = GAME.determinize(state, seat, random.Random(9))
        assert np.array_equal(
            GAME.encode_observation(GAME.view(state, seat)),
            GAME.encode_observation(GAME.view(same_view, seat)),
        )
        seen.add(GAME.encode_observation(GAME.view(state, seat)).tobytes())
    assert len(seen) > 10, "different positions must look different"


# --- determinization ----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 4])
def test_a_determinization_keeps_the_view_and_the_pile_content(seats: int) -> None:
    for state, _ in positions(seats, seed=seats + 20, every=2):
        before = clone(state)
        for viewer in range(seats):
            sampled = GAME.determinize(state, viewer, random.Random(viewer))
            assert GAME.view(sampled, viewer) == GAME.view(state, viewer)
            assert GAME.view(sampled, None) == GAME.view(state, None)
            assert Counter(sampled["pile"]) == Counter(state["pile"])
            assert {k: v for k, v in sampled.items() if k not in ("pile", "rng")} == {
                k: v for k, v in state.items() if k not in ("pile", "rng")
            }
            assert sampled["rng"] != state["rng"]
        assert state == before


def top_tiles(state: State, draws: int, first_seed: int) -> Counter[str]:
    return Counter(
        GAME.determinize(state, 0, random.Random(first_seed + n))["pile"][0] for n in range(draws)
    )


def test_states_that_look_alike_give_the_same_determinizations() -> None:
    """Two true states that differ only in the pile's order look the same to every seat; their
    determinizations put each gem on top of the pile as often, in proportion to the pile."""
    state = GAME.setup(2, 5)
    other = clone(state)
    other["pile"].reverse()
    other["rng"]["seed"] += 1
    assert other["pile"] != state["pile"]
    assert GAME.view(other, 0) == GAME.view(state, 0)
    draws = 600
    tops, other_tops = top_tiles(state, draws, 0), top_tiles(other, draws, 10_000)
    content: Counter[str] = Counter(state["pile"])
    for gem in content:
        expected = content[gem] / len(state["pile"])
        assert abs(tops[gem] / draws - other_tops[gem] / draws) < 0.08, gem
        assert abs(tops[gem] / draws - expected) < 0.06, gem
    assert len(tops) == len(content), "every kind of tile comes on top sometimes"
    # the same draws give the same state: nothing of the true order leaks through
    assert GAME.determinize(state, 1, random.Random(7)) == GAME.determinize(
        other, 1, random.Random(7)
    )


def test_the_pile_order_actually_varies() -> None:
    state = GAME.setup(3, 2)
    orders = {tuple(GAME.determinize(state, 1, random.Random(n))["pile"]) for n in range(50)}
    assert len(orders) == 50


# --- action shapes ------------------------------------------------------------------------------


def test_gem_names_of_the_shapes_are_the_box_gems() -> None:
    assert set(get_args(GemName)) == {*components().gems, BLANK}
    assert set(SwordCrafters.actions) == {"slice", "take", "place"}


@pytest.mark.parametrize(
    ("phase_moves", "action", "field"),
    [
        (0, {"type": "slice", "from": [0, 2], "to": [4, 2], "colour": "red"}, "colour"),
        (0, {"type": "slice", "from": [0, 2], "to": [4]}, "to"),
        (0, {"type": "slice", "from": [0, True], "to": [4, 2]}, "from"),
        (4, {"type": "take", "group": ["A"]}, "group"),
        (4, {"type": "take", "group": "A", "seat": 0}, "seat"),
        (8, {"type": "place", "gem": ["red"], "side": 1}, "gem"),
        (8, {"type": "place", "gem": "red", "side": "1"}, "side"),
        (0, {"type": "carve"}, "type"),
    ],
)
def test_malformed_actions_are_refused_naming_the_field(
    phase_moves: int, action: dict[str, object], field: str
) -> None:
    match = fixed_match(4)
    for _ in range(phase_moves):  # 4 slices reach the select phase, 4 takes the craft phase
        seat = match.active_seats()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    error = assert_refused(match, match.active_seats()[0], action, "bad-action")
    assert error.details.get("field") == field


def test_unknown_fields_never_reach_the_record() -> None:
    match = start("swordcrafters", 2, seed=4)
    seat = match.active_seats()[0]
    action = match.legal_actions(seat)[0]
    assert_refused(match, seat, {**action, "note": "x"}, "bad-action")
    match.apply(seat, action)
    assert all("note" not in line for line in match.record_lines())
