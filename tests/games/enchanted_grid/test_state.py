"""The typed descriptions of the state and of a view (crafthall/games/enchanted_grid/state.py)
hold exactly the keys the game writes, all game long: a key added, renamed or dropped without
its description fails here as well as in the type checker."""

from __future__ import annotations

import random
from typing import Any

import pytest

from crafthall.engine import Match
from crafthall.games.enchanted_grid.state import (
    Award,
    Claim,
    EnchantedGridState,
    EnchantedGridView,
    GridEntry,
    ShownCard,
    ShownCell,
    ShownClaim,
    ShownWord,
    Zone,
)
from tests.support import start


def keys_fit(record: dict[str, Any], described: Any) -> None:
    """``record`` holds every required key of ``described`` and no key it does not name."""
    keys = set(record)
    assert described.__required_keys__ <= keys, (described.__name__, record)
    assert keys <= described.__required_keys__ | described.__optional_keys__, (
        described.__name__,
        record,
    )


def check_state(state: dict[str, Any]) -> None:
    keys_fit(state, EnchantedGridState)
    for stack in state["grid"].values():
        for entry in stack:
            keys_fit(entry, GridEntry)
    for claim in state["claims"]:
        keys_fit(claim, Claim)
    for award in state["last_round"]:
        keys_fit(award, Award)


def check_view(view: dict[str, Any]) -> None:
    keys_fit(view, EnchantedGridView)
    for cell in view["grid"]:
        keys_fit(cell, ShownCell)
        if "card" in cell:
            keys_fit(cell["card"], ShownCard)
    for card in view["hand"] or []:
        keys_fit(card, ShownCard)
    for zone in view["zones"]:
        keys_fit(zone, Zone)
    for word in view["words"]:
        keys_fit(word, ShownWord)
    for claim in view["claims"]:
        keys_fit(claim, ShownClaim)


@pytest.mark.parametrize(("seats", "seed"), [(2, 3), (4, 5)])
def test_every_state_and_view_of_a_game_is_as_described(seats: int, seed: int) -> None:
    match: Match = start("enchanted-grid", seats, seed=seed)
    rng = random.Random(seed)
    while match.result() is None:
        check_state(match.state)
        seat = match.active_seats()[0]
        check_view(match.view(seat))
        check_view(match.view(None))
        match.apply(seat, match.game.sample_action(match.state, seat, rng))
    check_state(match.state)
    check_view(match.view(0))
