"""Sword Crafters' actions as integers, and a seat's view as a fixed-shape array of numbers.

Actions, in one fixed range per table size (the grid is 3 x 4 for 2 or 3 players, 4 x 4 for 4):

- slices first: every segment that could ever be a full cut of a grouping, i.e. a piece of an
  inner grid line between two grid points (3 x 4: 38 segments, 4 x 4: 60);
- then takes: one per grouping letter (one more grouping than there are slices in a round);
- then places: gem (six gems and blank) x side (4).

The observation is a flat ``float32`` vector read from the view alone (see :func:`encode_view`).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache

import numpy as np

from crafthall.engine.data import Action, View
from crafthall.engine.errors import IllegalAction
from crafthall.games.swordcrafters import grid as grids
from crafthall.games.swordcrafters.components import BLANK, FIRST_TILE, components
from crafthall.games.swordcrafters.setup import turn_order
from crafthall.games.swordcrafters.sword import SIDES

Segment = tuple[grids.Point, grids.Point]

LEVELS = 16
"""Levels of each side encoded tile by tile; a longer side adds to its length and counts only."""
PHASES = ("slice", "select", "craft", "over")
MAX_TILES = 91.0
"""Scale for counts of tiles (the box holds 91)."""


def gem_kinds() -> tuple[str, ...]:
    """The six gems and blank, in a fixed order."""
    return (*components().gems, BLANK)


@cache
def segments(rows: int, cols: int) -> tuple[Segment, ...]:
    """Every piece of an inner grid line between two grid points, start before end."""
    vertical = [
        ((top, line), (bottom, line))
        for line in range(1, cols)
        for top in range(rows)
        for bottom in range(top + 1, rows + 1)
    ]
    horizontal = [
        ((line, left), (line, right))
        for line in range(1, rows)
        for left in range(cols)
        for right in range(left + 1, cols + 1)
    ]
    return tuple(vertical + horizontal)


@cache
def segment_codes(rows: int, cols: int) -> dict[Segment, int]:
    return {segment: code for code, segment in enumerate(segments(rows, cols))}


def _slice_segment(action: Action) -> Segment:
    (y0, x0), (y1, x1) = action["from"], action["to"]
    start, end = sorted(((y0, x0), (y1, x1)))
    return start, end


class ActionCodec:
    """The integer codes of one table size's actions."""

    def __init__(self, seats: int) -> None:
        layout = components().grids[seats]
        self.rows, self.cols = layout.rows, layout.cols
        self.slices = len(segments(self.rows, self.cols))
        self.takes = len(turn_order(0, seats)) + 1
        self.gems = gem_kinds()
        self.size = self.slices + self.takes + len(self.gems) * SIDES

    def encode(self, action: Action) -> int:
        kind = action["type"]
        try:
            if kind == "slice":
                return segment_codes(self.rows, self.cols)[_slice_segment(action)]
            if kind == "take" and len(action["group"]) == 1:
                index = ord(action["group"].upper()) - ord("A")
                if 0 <= index < self.takes:
                    return self.slices + index
            if kind == "place" and 1 <= action["side"] <= SIDES:
                gem = self.gems.index(action["gem"])
                return self.slices + self.takes + gem * SIDES + action["side"] - 1
        except (KeyError, ValueError):
            pass
        raise IllegalAction("no-action-code", f"{action} is no action of this table.")

    def decode(self, code: int) -> Action:
        if not 0 <= code < self.size:
            raise IllegalAction("no-action-code", f"{code} is outside range({self.size}).")
        if code < self.slices:
            (y0, x0), (y1, x1) = segments(self.rows, self.cols)[code]
            return {"type": "slice", "from": [y0, x0], "to": [y1, x1]}
        code -= self.slices
        if code < self.takes:
            return {"type": "take", "group": grids.label(code)}
        gem, side = divmod(code - self.takes, SIDES)
        return {"type": "place", "gem": self.gems[gem], "side": side + 1}


@cache
def codec(seats: int) -> ActionCodec:
    return ActionCodec(seats)


def action_key(action: Action) -> Hashable:
    """One key per move: a slice's end points in either order, a grouping letter in any case."""
    kind = action.get("type")
    if kind == "slice":
        return (kind, *_slice_segment(action))
    if kind == "take":
        return (kind, str(action.get("group")).upper())
    return (kind, action.get("gem"), action.get("side"))


# --- observations -------------------------------------------------------------------------------


@cache
def part_shapes(seats: int) -> dict[str, tuple[int, ...]]:
    """The parts of the observation vector, in order, with their shapes."""
    layout = components().grids[seats]
    rows, cols, kinds = layout.rows, layout.cols, len(gem_kinds())
    groupings = codec(seats).takes
    magic = components().magic_in_play
    return {
        "cells": (rows, cols, kinds + 1),  # a gem, blank, or the first-player tile
        "grouping": (rows, cols, groupings),  # the free grouping a cell belongs to
        "hands": (seats, kinds),  # tiles taken and not yet slotted, by gem
        "levels": (seats, SIDES, LEVELS, kinds),  # each side's tiles from the hilt up
        "sides": (seats, SIDES, 2 + kinds),  # length, run at the tip, gem at the tip
        "counts": (seats, kinds),  # tiles in each sword, by gem
        "scores": (seats, 3 + magic),  # total, length, quality run, magic counts
        "magic": (magic, kinds),  # the two gems of each card in play
        "seat": (seats,),
        "active": (seats,),
        "first": (seats,),
        "next_first": (seats,),
        "phase": (len(PHASES),),
        "numbers": (5,),  # round, step, pile, box, minimum grouping
    }


def observation_shape(seats: int) -> tuple[int]:
    return (sum(int(np.prod(shape)) for shape in part_shapes(seats).values()),)


def _mark(array: np.ndarray, seat: int | None) -> None:
    if seat is not None:
        array[seat] = 1.0


def encode_view(view: View) -> np.ndarray:
    """A view as one flat ``float32`` vector of :func:`observation_shape`; seats in table order,
    the viewer marked in ``seat`` (all zero for a spectator)."""
    seats = view["seats"]
    parts = {name: np.zeros(shape, dtype=np.float32) for name, shape in part_shapes(seats).items()}
    kinds = {gem: index for index, gem in enumerate(gem_kinds())}
    first_tile = len(kinds)
    grid = view["grid"]
    for row, line in enumerate(grid["cells"]):
        for col, cell in enumerate(line):
            if cell is not None:
                parts["cells"][row, col, first_tile if cell == FIRST_TILE else kinds[cell]] = 1.0
    for index, group in enumerate(grid["groups"]):
        if group["taker"] is None:
            top, left, bottom, right = group["rect"]
            parts["grouping"][top:bottom, left:right, index] = 1.0
    table = view["score_table"]
    for seat in range(seats):
        for gem in view["hands"][seat]:
            parts["hands"][seat, kinds[gem]] += 1.0
        for side_index, side in enumerate(view["swords"][seat]):
            for level, gem in enumerate(side[:LEVELS]):
                parts["levels"][seat, side_index, level, kinds[gem]] = 1.0
            for gem in side:
                parts["counts"][seat, kinds[gem]] += 1.0
            if side:
                tip = parts["sides"][seat, side_index]
                tip[0] = len(side) / LEVELS
                tip[1] = _tip_run(side) / LEVELS
                tip[2 + kinds[side[-1]]] = 1.0
        parts["scores"][seat, :3] = (
            table["total"][seat] / 100.0,
            table["lengths"][seat] / LEVELS,
            table["quality_runs"][seat] / LEVELS,
        )
        for card, counts in enumerate(table["magic_counts"]):
            parts["scores"][seat, 3 + card] = counts[seat] / MAX_TILES
    for card, shown in enumerate(view["magic"]):
        for gem in shown["gems"]:
            parts["magic"][card, kinds[gem]] = 1.0
    _mark(parts["seat"], view["seat"])
    for seat in view["active"]:
        _mark(parts["active"], seat)
    _mark(parts["first"], view["first"])
    _mark(parts["next_first"], view["next_first"])
    parts["phase"][PHASES.index(view["phase"])] = 1.0
    parts["numbers"][:] = (
        view["round"] / 10.0,
        view["step"] / max(1, len(view["order"])),
        view["pile"] / MAX_TILES,
        view["box"] / MAX_TILES,
        view["min_grouping"] or 0,
    )
    parts["counts"] /= MAX_TILES
    parts["hands"] /= MAX_TILES
    return np.concatenate([part.ravel() for part in parts.values()])


def _tip_run(side: list[str]) -> int:
    """How many tiles of the tip's gem end the side in a row (what the next tile can extend)."""
    if side[-1] == BLANK:
        return 0
    run = 0
    for gem in reversed(side):
        if gem != side[-1]:
            break
        run += 1
    return run
