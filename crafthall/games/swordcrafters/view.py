"""What a seat sees: everything on the table but the order of the face-down draw pile.

The grid, the groupings, every hand of taken tiles, every sword, the Sword Magic cards in play
and the box are public; the pile shows only its size. So every seat (and a spectator) sees the
same table but for its ``seat`` and ``prompt``: :func:`table_view` works that table out, once
for all the views of a state asked for together (``SwordCrafters.views``).
"""

from __future__ import annotations

from typing import TypedDict

from crafthall.games.swordcrafters import grid as grids
from crafthall.games.swordcrafters import sword as swords
from crafthall.games.swordcrafters.components import FIRST_TILE, components
from crafthall.games.swordcrafters.moves import effective_min
from crafthall.games.swordcrafters.options import SwordCraftersOptions
from crafthall.games.swordcrafters.scoring import ScoreTable, score_table
from crafthall.games.swordcrafters.state import SwordCraftersState


class GroupingView(TypedDict):
    """A grouping as seen: its letter, rectangle, taker, sword tiles and first-player tile."""

    label: str
    rect: list[int]
    taker: int | None
    tiles: list[str]
    first_player_tile: bool


class GridView(TypedDict):
    rows: int
    cols: int
    cells: list[list[str | None]]
    groups: list[GroupingView]


class MagicView(TypedDict):
    """A Sword Magic card in play, with each seat's count of its gems and points for it."""

    id: int
    gems: list[str]
    text: str
    counts: list[int]
    points: list[int]


class TableView(TypedDict):
    """The game's own keys of every view (after the engine's common frame)."""

    seats: int
    round: int
    first: int
    next_first: int | None
    order: list[int]
    step: int
    min_grouping: int | None
    """The minimum grouping size in force while slicing, else None."""
    grid: GridView
    pile: int
    """How many tiles the face-down pile holds (never their order)."""
    box: int
    hands: list[list[str]]
    swords: list[list[list[str]]]
    open_sides: list[list[int]]
    magic: list[MagicView]
    score_table: ScoreTable


PROMPTS = {
    "slice": "Slice one grouping into two with a straight cut.",
    "select": "Take one grouping of tiles.",
    "craft": "Slot your taken tiles into your sword, one at a time.",
}


def prompt(state: SwordCraftersState, seat: int | None, active: list[int]) -> str:
    """What ``seat`` is asked to do now: its phase's task when it is to act, else nothing."""
    if seat is None or seat not in active:
        return ""
    return PROMPTS[state["phase"]]


def table_view(state: SwordCraftersState, options: SwordCraftersOptions) -> TableView:
    """The game's own keys of a view (after the common frame), the same for every viewer;
    ``options`` are the table's (the view shows the minimum grouping in force while slicing,
    and the scores under the table's magic reading)."""
    data = components()
    table = score_table(state["swords"], state["magic"], zero_place=options.zero_magic_place)
    groups: list[GroupingView] = []
    for index, group in enumerate(state["groups"]):
        tiles = [state["grid"][r][c] for r, c in grids.cells(group["rect"])]
        groups.append(
            {
                "label": grids.label(index),
                "rect": list(group["rect"]),
                "taker": group["taker"],
                "tiles": [t for t in tiles if t not in (None, FIRST_TILE)],
                "first_player_tile": FIRST_TILE in tiles,
            }
        )
    return {
        "seats": state["seats"],
        "round": state["round"],
        "first": state["first"],
        "next_first": state["next_first"],
        "order": list(state["order"]),
        "step": state["step"],
        "min_grouping": effective_min(state, options) if state["phase"] == "slice" else None,
        "grid": {
            "rows": state["rows"],
            "cols": state["cols"],
            "cells": [list(row) for row in state["grid"]],
            "groups": groups,
        },
        "pile": len(state["pile"]),
        "box": len(state["box"]),
        "hands": [list(hand) for hand in state["hands"]],
        "swords": [[list(side) for side in sword] for sword in state["swords"]],
        "open_sides": [
            [side + 1 for side in swords.open_sides(sword)] for sword in state["swords"]
        ],
        "magic": [
            {
                "id": card,
                "gems": list(data.magic_cards[card]),
                "text": data.magic_texts[card],
                "counts": table["magic_counts"][n],
                "points": table["magic"][n],
            }
            for n, card in enumerate(state["magic"])
        ],
        "score_table": table,
    }
