"""The typed descriptions of the state and the view name exactly the keys the game uses."""

from __future__ import annotations

import random

import pytest

from crafthall.games.swordcrafters.scoring import ScoreTable
from crafthall.games.swordcrafters.state import Grouping, SwordCraftersState
from crafthall.games.swordcrafters.view import GridView, GroupingView, MagicView, TableView
from tests.support import start


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_state_and_view_of_a_game_has_exactly_the_described_keys(seats: int) -> None:
    match = start("swordcrafters", seats, seed=seats)
    rng = random.Random(seats)
    while True:
        state = match.state
        assert set(state) == SwordCraftersState.__required_keys__
        assert all(set(group) == Grouping.__required_keys__ for group in state["groups"])
        view = match.view(0)
        assert TableView.__required_keys__ <= set(view)
        assert set(view["grid"]) == GridView.__required_keys__
        assert all(set(g) == GroupingView.__required_keys__ for g in view["grid"]["groups"])
        assert all(set(card) == MagicView.__required_keys__ for card in view["magic"])
        assert set(view["score_table"]) == ScoreTable.__required_keys__
        if match.result() is not None:
            break
        seat = match.active_seats()[0]
        match.apply(seat, match.game.sample_action(state, seat, rng))
    assert state["phase"] == "over"
