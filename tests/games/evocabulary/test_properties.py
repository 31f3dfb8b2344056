"""Random games with the real dictionary: cards are conserved, replays match, games end, and
every listed action is accepted."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crafthall.engine import IllegalAction, clone
from crafthall.games import make_bot
from crafthall.games.evocabulary.setup import all_cards
from tests.support import assert_replays, start

ALL = list(range(126))


def _check(state: dict) -> None:
    assert sorted(all_cards(state)) == ALL
    assert all(p["score"] >= 0 for p in state["players"])
    for player in state["players"]:
        for number, team in zip((3, 4, 5, 6), player["teams"], strict=True):
            assert len(team["familiars"]) <= number
            if team["spell"] is not None:
                assert min(len("".join(team["spell"]["letters"])), 6) == number


# Derandomized: a random game may reach a hand and spell with three wilds, whose legal
# actions run to millions of layouts (minutes of work); fixed examples keep the run short.
@pytest.mark.slow
@settings(max_examples=8, deadline=None, derandomize=True)
@given(seats=st.integers(2, 6), seed=st.integers(0, 10_000), greedy=st.booleans())
def test_random_games_conserve_cards_replay_and_end(seats: int, seed: int, greedy: bool) -> None:
    match = start("evocabulary", seats, seed=seed)
    picker = random.Random(seed)
    level = "greedy" if greedy else "random"
    bots = {s: make_bot(match.game, level, seed + s) for s in range(seats)}
    for _ in range(3000):
        if match.result() is not None:
            break
        seat = match.active_seats()[0]
        if picker.random() < 0.05:  # every listed action is accepted
            legal = match.legal_actions(seat)
            for action in picker.sample(legal, min(5, len(legal))):
                after = clone(match.state)
                match.game.apply(after, seat, action)
        match.apply(seat, bots[seat].choose(match.state, seat))
        _check(match.state)
    assert match.result() is not None
    assert_replays(match)


def test_a_refused_action_changes_nothing() -> None:
    match = start("evocabulary", 2, seed=3)
    before = clone(match.state)
    for bad in (
        {"type": "use", "card": "leader"},
        {"type": "start", "word": "zzzz", "cards": ["z", "z", "z", "z"]},
        {"type": "modify", "team": 3, "word": "cat", "cards": ["c", "a", "t"]},
        {"type": "fly"},
        "start",
    ):
        with contextlib.suppress(IllegalAction):
            match.apply(0, bad)  # type: ignore[arg-type]
        assert match.state == before
