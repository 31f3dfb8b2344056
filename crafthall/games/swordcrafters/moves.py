"""Who acts now and what they may do: listing every legal action, or drawing one at random.

Each phase has one action type: ``slice`` (a full cut of one grouping), ``take`` (a grouping
nobody took yet) and ``place`` (a tile from the crafter's hand on the tip of a side).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Literal, TypeVar

from crafthall.engine.data import Action
from crafthall.engine.errors import IllegalAction
from crafthall.engine.shapes import ActionShape, ActionShapes, Cell
from crafthall.games.swordcrafters import grid as grids
from crafthall.games.swordcrafters import sword as swords
from crafthall.games.swordcrafters.options import SwordCraftersOptions
from crafthall.games.swordcrafters.state import SwordCraftersState

GemName = Literal["red", "blue", "green", "yellow", "purple", "orange", "blank"]
"""The gem names of components.json and the blank tile (a test checks they agree)."""

ACTIONS: ActionShapes = {
    "slice": ActionShape(required={"from": Cell, "to": Cell}),
    "take": ActionShape(required={"group": str}),
    "place": ActionShape(required={"gem": GemName, "side": int}),
}
"""The shape of each action, checked by the engine before the rules see it."""

ACTION_OF_PHASE = {"slice": "slice", "select": "take", "craft": "place"}
ALL_SIDES = range(swords.SIDES)
T = TypeVar("T")


def crafter(state: SwordCraftersState) -> int | None:
    """Who slots tiles now: the first seat from the first player on with tiles in hand."""
    seats, first, hands = state["seats"], state["first"], state["hands"]
    for step in range(seats):
        seat = (first + step) % seats
        if hands[seat]:
            return seat
    return None


def active_seats(state: SwordCraftersState) -> list[int]:
    phase = state["phase"]
    if phase == "craft":
        seat = crafter(state)
        return [] if seat is None else [seat]
    if phase == "over":
        return []
    return [state["order"][state["step"]]]


def lone_cell(state: SwordCraftersState, options: SwordCraftersOptions) -> grids.Point | None:
    """The first-player tile's cell when no grouping may be that tile alone (the default:
    "two new groupings of sword tiles"), None when one may (``first_tile_alone``)."""
    return None if options.first_tile_alone else (state["fp"][0], state["fp"][1])


def slicing(state: SwordCraftersState, options: SwordCraftersOptions) -> grids.Slicing:
    """The legal slices of ``state`` under the table's options: the minimum grouping, and
    whether the first-player tile may be cut out alone."""
    return grids.slicing(state["groups"], options.min_grouping, lone_cell(state, options))


def effective_min(state: SwordCraftersState, options: SwordCraftersOptions) -> int:
    """The minimum grouping size, relaxed to 1 only when no slice could keep it."""
    return slicing(state, options).least


def _slice_action(cut: grids.Cut) -> Action:
    _, _, (y0, x0), (y1, x1) = cut
    return {"type": "slice", "from": [y0, x0], "to": [y1, x1]}


def legal_actions(
    state: SwordCraftersState, seat: int, options: SwordCraftersOptions
) -> Iterator[Action]:
    if seat not in active_seats(state):
        return
    phase = state["phase"]
    if phase == "slice":
        for _, cut in slicing(state, options).cuts:
            yield _slice_action(cut)
    elif phase == "select":
        for index, group in enumerate(state["groups"]):
            if group["taker"] is None:
                yield {"type": "take", "group": grids.label(index)}
    elif phase == "craft":
        hand = state["hands"][seat]
        for gem in sorted(set(hand), key=hand.index):
            for side in swords.open_sides(state["swords"][seat]):
                yield {"type": "place", "gem": gem, "side": side + 1}


def _pick(rng: random.Random, items: Sequence[T]) -> T:
    """A uniform choice, as ``rng.choice`` but several times faster (one float per draw)."""
    return items[int(rng.random() * len(items))]


def sample_action(
    state: SwordCraftersState, seat: int, options: SwordCraftersOptions, rng: random.Random
) -> Action:
    """One legal action for an active ``seat``, drawn without listing them all: a cut uniform
    over every legal cut, a grouping uniform over the free ones, a tile uniform over the hand
    (so each gem in proportion to its count) on a side uniform over the open sides."""
    if seat not in active_seats(state):
        raise IllegalAction("no-legal-action", f"Seat {seat + 1} has no legal action now.")
    phase = state["phase"]
    if phase == "craft":
        hand, sword = state["hands"][seat], state["swords"][seat]
        side = _pick(rng, ALL_SIDES)
        if not swords.can_place(sword, side):  # never with this sword model; still uniform
            side = _pick(rng, swords.open_sides(sword))
        return {"type": "place", "gem": _pick(rng, hand), "side": side + 1}
    if phase == "select":
        free = [index for index, group in enumerate(state["groups"]) if group["taker"] is None]
        return {"type": "take", "group": grids.label(_pick(rng, free))}
    cuts = slicing(state, options).cuts
    return _slice_action(_pick(rng, cuts)[1])
