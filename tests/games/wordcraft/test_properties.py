"""Property tests: many random games on the standard dictionary keep Wordcraft's invariants."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from crafthall.engine import IllegalAction, Match, Seat, clone
from crafthall.games import make_bot, new_match
from crafthall.games.wordcraft.components import constants
from tests.support import assert_refused, assert_replays

ILLEGAL: list[dict[str, Any]] = [
    {"type": "word", "word": "xx"},
    {"type": "word", "word": "zzzzq"},
    {"type": "word", "word": "tree", "achievements": ["A99"]},
    {"type": "shout"},
]


def cubes_owned(state: dict[str, Any], side: int) -> int:
    return int(
        state["supply"][side]
        + sum(counts[side] for counts in state["cubes"].values())
        + sum(counts[side] for counts in state["claims"].values())
    )


def check_invariants(match: Match, previous_scores: list[int]) -> list[int]:
    state = match.state
    limits = constants()
    for side in range(state["sides"]):
        expected = limits["start"] + limits["per_round"] * (state["round"] - 1)
        assert cubes_owned(state, side) == expected
        assert state["supply"][side] >= 0
    scores = match.view(None)["scores"]
    assert all(now >= before for now, before in zip(scores, previous_scores, strict=True))
    return list(scores)


@settings(max_examples=25, deadline=None)
@given(
    seats=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**31),
    greedy=st.booleans(),
    teams=st.booleans(),
)
def test_random_games_keep_the_invariants(seats: int, seed: int, greedy: bool, teams: bool) -> None:
    names = [Seat(f"P{n}") for n in range(seats)]
    options = {"teams": [[0, 2], [1, 3]]} if teams and seats == 4 else None
    match = new_match("wordcraft", names, seed=seed, options=options)
    picker = random.Random(seed)
    bots = {
        seat: make_bot(match.game, "greedy" if greedy and seat % 2 else "random", seed + seat)
        for seat in range(seats)
    }
    scores = [0] * seats
    for move in range(400):
        if match.result() is not None:
            break
        seat = picker.choice(match.active_seats())
        legal = match.legal_actions(seat)
        # every listed action (a sample of them) is accepted
        for action in picker.sample(legal, min(5, len(legal))):
            match.game.apply(clone(match.state), seat, action)
        if move % 7 == 0:
            illegal = picker.choice(ILLEGAL)
            assert_refused(match, seat, illegal, _code_of(match, seat, illegal))
        match.apply(seat, bots[seat].choose(match.state, seat))
        scores = check_invariants(match, scores)
    result = match.result()
    assert result is not None, "the game did not end"
    assert match.state["round"] == 3 and len(match.state["letter_ep"]) == 3
    assert match.active_seats() == []
    assert result.scores == match.view(None)["scores"]
    assert_replays(match)


def _code_of(match: Match, seat: int, action: dict[str, Any]) -> str:
    """The code the rules give (assert_refused then checks that nothing changed)."""
    try:
        match.game.apply(clone(match.state), seat, action)
    except IllegalAction as err:
        return err.code
    raise AssertionError("an illegal action was accepted")
