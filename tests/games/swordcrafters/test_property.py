"""Many random games: tiles are conserved, scores match the swords, replays match, games end."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from crafthall.engine import IllegalAction, clone
from crafthall.games.swordcrafters.components import FIRST_TILE, components
from crafthall.games.swordcrafters.scoring import score_table
from crafthall.games.swordcrafters.sword import check_sword
from tests.support import assert_replays, play_out, start


def tiles_in_play(state: dict) -> Counter[str]:
    counted: Counter[str] = Counter(state["pile"])
    counted.update(state["box"])
    for hand in state["hands"]:
        counted.update(hand)
    for sword in state["swords"]:
        for side in sword:
            counted.update(side)
    for row in state["grid"]:
        counted.update(cell for cell in row if cell not in (None, FIRST_TILE))
    return counted


@settings(max_examples=15, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 2**32), bot_seed=st.integers(0, 1000))
def test_random_games(seats: int, seed: int, bot_seed: int) -> None:
    match = start("swordcrafters", seats, seed=seed)
    full = Counter(components().tile_counts)
    steps = 0
    while match.result() is None:
        assert tiles_in_play(match.state) == full
        if match.state["phase"] in ("slice", "select"):
            # "two new groupings of sword tiles": never the first-player tile alone.
            groups = match.view(None)["grid"]["groups"]
            assert all(group["tiles"] for group in groups if group["taker"] is None)
        seat = match.active_seats()[0]
        actions = match.legal_actions(seat)
        assert actions
        action = actions[(bot_seed + steps) * 7919 % len(actions)]
        match.apply(seat, action)
        steps += 1
        assert steps < 1000
    assert tiles_in_play(match.state) == full
    result = match.result()
    assert result is not None
    state = match.state
    assert all(check_sword(sword) is None for sword in state["swords"])
    assert result.scores == score_table(state["swords"], state["magic"])["total"]
    assert len(state["pile"]) < (15 if seats == 4 else 11)
    assert_replays(match)


OPTIONS = [{}, {"first_tile_alone": True}, {"min_grouping": 2}]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), options=st.sampled_from(OPTIONS))
def test_legal_actions_are_exactly_what_apply_accepts(seed: int, options: dict) -> None:
    match = start("swordcrafters", 2, seed=seed, options=options)
    game = match.game
    rows, cols = match.state["rows"], match.state["cols"]
    for _ in range(4):
        seat = match.active_seats()[0]
        legal = match.legal_actions(seat)
        candidates = [
            {"type": "slice", "from": [y0, x0], "to": [y1, x1]}
            for y0 in range(rows + 1)
            for x0 in range(cols + 1)
            for y1 in range(rows + 1)
            for x1 in range(cols + 1)
            if (y0, x0) < (y1, x1)
        ]
        accepted = []
        for action in candidates:
            try:
                game.apply(clone(match.state), seat, action)
                accepted.append(action)
            except IllegalAction:
                pass
        assert sorted(map(str, accepted)) == sorted(map(str, legal))
        match.apply(seat, legal[seed % len(legal)])


def test_greedy_games_end_and_replay() -> None:
    for seats in (2, 3, 4):
        match = play_out(start("swordcrafters", seats, seed=seats + 40), "greedy", seed=seats)
        assert match.result() is not None
        assert_replays(match)
