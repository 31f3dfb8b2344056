"""The grid of tiles and its groupings: slicing, naming and the cuts a seat may make.

Every grouping is a rectangle of cells ``[top, left, bottom, right]`` (bottom and right
exclusive): the whole grid is one rectangle and a straight cut right across a rectangle leaves
two rectangles. Groupings are kept in reading order (by top-left cell) and named A, B, C...

A slice is a straight segment between two grid points ``[y, x]`` (``0 <= y <= rows``,
``0 <= x <= cols``: the corners between cells). It is legal when it runs along a grid line,
inside exactly one grouping, from one edge of that grouping to the opposite edge, and leaves
both new groupings at least the minimum size and a sword tile each (a grouping that would be
the first-player tile alone is refused, unless the table keeps rules version 1's reading).
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import itemgetter
from typing import NoReturn

from crafthall.engine.errors import IllegalAction
from crafthall.games.swordcrafters.state import Grouping

Rect = list[int]


def label(index: int) -> str:
    return string.ascii_uppercase[index]


def size(rect: Rect) -> int:
    return (rect[2] - rect[0]) * (rect[3] - rect[1])


def cells(rect: Rect) -> Iterator[tuple[int, int]]:
    for row in range(rect[0], rect[2]):
        for col in range(rect[1], rect[3]):
            yield row, col


def sort_groups(groups: list[Grouping]) -> None:
    """Reading order of the top-left cells: groupings never share one, so the whole rectangle
    sorts the same as its (top, left) corner."""
    groups.sort(key=itemgetter("rect"))


def group_at(groups: list[Grouping], row: int, col: int) -> int | None:
    for index, group in enumerate(groups):
        top, left, bottom, right = group["rect"]
        if top <= row < bottom and left <= col < right:
            return index
    return None


def split(rect: Rect, vertical: bool, line: int) -> tuple[Rect, Rect]:
    """The two rectangles a full cut of ``rect`` at grid line ``line`` leaves."""
    top, left, bottom, right = rect
    if vertical:
        return [top, left, bottom, line], [top, line, bottom, right]
    return [top, left, line, right], [line, left, bottom, right]


Point = tuple[int, int]
Cut = tuple[bool, int, Point, Point]
"""A full cut of one grouping: (vertical?, line, start point, end point), start before end."""


def _on_grid(point: list[int], rows: int, cols: int) -> Point:
    y, x = point
    if not (0 <= y <= rows and 0 <= x <= cols):
        raise IllegalAction(
            "slice-off-grid",
            f"The point [{y}, {x}] is off the grid; points run from [0, 0] to [{rows}, {cols}].",
        )
    return y, x


def check_slice(
    groups: list[Grouping],
    rows: int,
    cols: int,
    ends: tuple[list[int], list[int]],
    min_grouping: int,
    lone: Point | None,
) -> tuple[int, bool, int]:
    """Validate a slice given by its two end points; return (grouping index, vertical?, line).

    ``lone`` is the first-player tile's cell when no grouping may be that tile alone (None
    when one may). A slice is legal exactly when it is one of the cuts :func:`slicing` lists
    (so listing and applying agree by construction); anything else is refused by
    :func:`refuse_slice`, which says why.
    """
    start, end = sorted((_on_grid(ends[0], rows, cols), _on_grid(ends[1], rows, cols)))
    now = slicing(groups, min_grouping, lone)
    found = now.by_ends.get((start, end))
    if found is None:
        refuse_slice(groups, rows, cols, (start, end), now.least)
    index, (vertical, line, _, _) = found
    return index, vertical, line


def refuse_slice(
    groups: list[Grouping], rows: int, cols: int, ends: tuple[Point, Point], min_size: int
) -> NoReturn:
    """Raise the refusal that explains why the segment between ``ends`` is no legal slice."""
    start, end = ends
    (y0, x0), (y1, x1) = start, end
    if start == end:
        raise IllegalAction("slice-empty", "A slice needs two different end points.")
    if y0 != y1 and x0 != x1:
        raise IllegalAction(
            "slice-not-straight",
            "A slice must be a straight vertical or horizontal line; this one runs at a slant.",
        )
    vertical = x0 == x1
    line = x0 if vertical else y0
    low, high = (y0, y1) if vertical else (x0, x1)
    if line in (0, cols if vertical else rows):
        raise IllegalAction(
            "slice-on-edge", "That line runs along the edge of the grid and separates nothing."
        )
    crossed: list[int] = []
    along_cut = False
    for step in range(low, high):
        # The two cells on either side of this unit of the line.
        a = (step, line - 1) if vertical else (line - 1, step)
        b = (step, line) if vertical else (line, step)
        ga, gb = group_at(groups, *a), group_at(groups, *b)
        if ga is None or ga != gb:
            along_cut = True
        elif ga not in crossed:
            crossed.append(ga)
    if len(crossed) > 1:
        names = " and ".join(label(index) for index in crossed)
        raise IllegalAction(
            "slice-crosses-groupings",
            f"That slice runs through groupings {names}; a slice goes through one grouping only.",
        )
    if not crossed:
        raise IllegalAction(
            "slice-along-cut",
            "That slice runs along existing separations only and cuts no grouping.",
        )
    index = crossed[0]
    rect = groups[index]["rect"]
    full = (rect[0], rect[2]) if vertical else (rect[1], rect[3])
    if along_cut or (low, high) != full:
        # Either it stops inside the grouping (no separation: not two groupings), or it
        # runs on along existing separations beyond the grouping's edges.
        short = low > full[0] or high < full[1]
        what = "stops short of an edge of" if short else "runs on beyond the edges of"
        # Named as the page shows it (columns and rows counted from 1), not as grid points.
        where = (
            f"the vertical line after column {line}"
            if vertical
            else f"the horizontal line below row {line}"
        )
        raise IllegalAction(
            "slice-incomplete",
            f"That slice {what} grouping {label(index)}; a slice crosses one grouping from "
            f"one edge to the other and no further, here along {where}, right across "
            f"grouping {label(index)}.",
            cut=segment(rect, vertical, line),
        )
    smaller = min(size(part) for part in split(rect, vertical, line))
    if smaller < min_size:
        raise IllegalAction(
            "grouping-too-small",
            f"That slice leaves a grouping of {smaller} tile; each grouping keeps at least "
            f"{min_size} tiles.",
        )
    # A full cut that keeps the minimum and is still not listed: it leaves the first-player
    # tile alone, a grouping with no sword tile.
    raise IllegalAction(
        "first-player-tile-alone",
        "That slice leaves the first-player tile alone in a grouping; a slice makes two "
        "groupings of sword tiles, and the first-player tile is no sword tile, so it keeps "
        "at least one sword tile with it.",
    )


def full_cuts(rect: Rect) -> Iterator[tuple[bool, int]]:
    """Every straight cut right across ``rect``: (vertical?, line)."""
    for line in range(rect[1] + 1, rect[3]):
        yield True, line
    for line in range(rect[0] + 1, rect[2]):
        yield False, line


def segment(rect: Rect, vertical: bool, line: int) -> dict[str, list[int]]:
    """The from/to points of a full cut of ``rect``."""
    if vertical:
        return {"from": [rect[0], line], "to": [rect[2], line]}
    return {"from": [line, rect[1]], "to": [line, rect[3]]}


def _alone(part: Rect, lone: Point | None) -> bool:
    """Whether ``part`` is the single cell ``lone`` (the first-player tile's, when it may not
    be a grouping by itself)."""
    return lone is not None and part == [lone[0], lone[1], lone[0] + 1, lone[1] + 1]


@cache
def cuts(rect: tuple[int, int, int, int], min_size: int, lone: Point | None) -> tuple[Cut, ...]:
    """The full cuts of a grouping ``rect`` that leave both parts at least ``min_size`` tiles,
    neither of them the cell ``lone`` alone (the first-player tile's; None: no such limit).

    Cached per rectangle: a grid of at most 4 x 4 has only 100 rectangles.
    """
    found: list[Cut] = []
    for vertical, line in full_cuts(list(rect)):
        parts = split(list(rect), vertical, line)
        if min(size(part) for part in parts) >= min_size and not any(
            _alone(part, lone) for part in parts
        ):
            ends = segment(list(rect), vertical, line)
            start, end = ends["from"], ends["to"]
            found.append((vertical, line, (start[0], start[1]), (end[0], end[1])))
    return tuple(found)


@dataclass(frozen=True)
class Slicing:
    """The legal slices of one layout of groupings."""

    least: int
    """The minimum grouping size in force: the option's, relaxed to 1 only when no slice
    could keep it. (A part of 2 tiles or more always holds a sword tile, so the first-player
    tile's limit matters only at 1.)"""
    cuts: tuple[tuple[int, Cut], ...]
    """(grouping index, cut) for every legal slice, grouping by grouping."""
    by_ends: dict[tuple[Point, Point], tuple[int, Cut]]
    """The same, by the cut's (start, end) points."""


@lru_cache(maxsize=8192)
def _slicing(
    rects: tuple[tuple[int, int, int, int], ...], min_grouping: int, lone: Point | None
) -> Slicing:
    least = min_grouping if any(cuts(rect, min_grouping, lone) for rect in rects) else 1
    listed = tuple(
        (index, cut) for index, rect in enumerate(rects) for cut in cuts(rect, least, lone)
    )
    return Slicing(least, listed, {(cut[2], cut[3]): (index, cut) for index, cut in listed})


def slicing(groups: list[Grouping], min_grouping: int, lone: Point | None) -> Slicing:
    """The legal slices now, cached per layout of groupings (a 4 x 4 grid has about 250).

    ``lone`` is the first-player tile's cell when a slice may not leave it alone in a
    grouping, None when it may (rules version 1)."""
    return _slicing(tuple([tuple(group["rect"]) for group in groups]), min_grouping, lone)
