"""Random games: pieces are conserved, scores add up, replays match, views keep secrets."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from crafthall.engine import IllegalAction, Match, Seat, clone
from crafthall.games import make_bot, new_match
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.rules import Wordsmith
from crafthall.lexicon import load
from tests.games.wordsmith.helpers import VARIANTS
from tests.support import assert_replays

LEXICON = load("standard")
VARIANTS_AND_LEVELS: list[dict[str, Any]] = [*VARIANTS, {"handicap": [2, 0, 6, 1]}]


def check_invariants(match: Match) -> None:
    state = match.state
    totals = state["box"]
    for piece in comp.PIECES:
        held = sum(p["pool"][piece] for p in state["players"])
        assert state["tray"][piece] + held == totals[piece], piece
        assert state["tray"][piece] >= 0
    for player in state["players"]:
        assert 0 <= player["discards"] <= 12 - player["crossed"]
        assert len(player["order"]) <= 6
        words = [w for w in player["sheet"] if w]
        assert len(words) == len(player["order"])
    assert isinstance(match.game, Wordsmith)
    for seat in range(len(state["players"])):
        view = match.view(seat)
        assert "rng" not in view and "forced" not in str(view.keys())
        if match.game.options.secret and state["phase"] != "over":
            for other, seen in enumerate(view["players"]):
                assert (seen["sheet"] is None) == (other != seat)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    variant=st.sampled_from(VARIANTS_AND_LEVELS),
    level=st.sampled_from(["random", "easy", "strong"]),
)
def test_random_games_conserve_pieces_and_replay(
    seed: int, variant: dict[str, Any], level: str
) -> None:
    seats = 4 if "handicap" in variant else random.Random(seed).randint(2, 4)
    match = new_match(
        "wordsmith",
        [Seat(f"P{n}") for n in range(seats)],
        seed=seed,
        options={**variant, "challenges": 2},
        lexicon=LEXICON,
    )
    bots = {s: make_bot(match.game, level, seed + s) for s in range(seats)}
    picker = random.Random(seed)
    challenge = 1
    for _ in range(3000):
        active = match.active_seats()
        if not active:
            break
        seat = picker.choice(active)
        legal = match.legal_actions(seat)
        action = bots[seat].choose(match.state, seat)
        assert action in legal
        if picker.random() < 0.05:  # an illegal action changes nothing
            before = clone(match.state)
            try:
                match.apply(seat, {"type": "claim", "word": "zzzz"})
            except IllegalAction:
                assert match.state == before
        match.apply(seat, action)
        check_invariants(match)
        if match.state["challenge"] != challenge:
            challenge = match.state["challenge"]
            history = match.state["history"][-1]
            for s, lines in enumerate(history["sheets"]):
                letters = sum(line["points"] for line in lines)
                assert history["scores"][s] == letters + history["bonus"][s]
    result = match.result()
    assert result is not None, "the game did not end"
    assert result.scores == [
        sum(entry["scores"][s] for entry in match.state["history"]) for s in range(seats)
    ]
    assert_replays(match)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_legal_action_applies(seed: int) -> None:
    match = new_match("wordsmith", ["a", "b"], seed=seed, lexicon=LEXICON)
    rng = random.Random(seed)
    for _ in range(30):
        active = match.active_seats()
        if not active:
            break
        seat = rng.choice(active)
        legal = match.legal_actions(seat)
        for action in rng.sample(legal, min(5, len(legal))):
            probe = clone(match.state)
            match.game.apply(probe, seat, action)
        match.apply(seat, rng.choice([a for a in legal if a["type"] != "pass"] or legal))
