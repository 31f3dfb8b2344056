"""The grid of tiles and its groupings: slicing, naming and the cuts a seat may make.

Every grouping is a rectangle of cells ``[top, left, bottom, right]`` (bottom and right
exclusive): the whole grid is one rectangle and a straight cut right across a rectangle leaves
two rectangles. Groupings are kept in reading order (by top-left cell) and named A, B, C...

A slice is a straight segment between two grid points ``[y, x]`` (``0 <= y <= rows``,
``0 <= x <= cols``: the corners between cells). It is legal when it runs along a grid line,
inside exactly one grouping, from one edge of that grouping to the opposite edge, and leaves
both new groupings at least the minimum size.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any

from crafthall.engine.errors import IllegalAction

Rect = list[int]


def label(index: int) -> str:
    return string.ascii_uppercase[index]


def size(rect: Rect) -> int:
    return (rect[2] - rect[0]) * (rect[3] - rect[1])


def cells(rect: Rect) -> Iterator[tuple[int, int]]:
    for row in range(rect[0], rect[2]):
        for col in range(rect[1], rect[3]):
            yield row, col


def sort_groups(groups: list[dict[str, Any]]) -> None:
    groups.sort(key=lambda group: (group["rect"][0], group["rect"][1]))


def group_at(groups: list[dict[str, Any]], row: int, col: int) -> int | None:
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


def _point(value: Any, rows: int, cols: int, name: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise IllegalAction(
            "malformed-action",
            f"A slice's '{name}' is a grid point [y, x], e.g. [0, 2] (top edge, after column 2).",
        )
    y, x = value
    if not (0 <= y <= rows and 0 <= x <= cols):
        raise IllegalAction(
            "slice-off-grid",
            f"The point [{y}, {x}] is off the grid; points run from [0, 0] to [{rows}, {cols}].",
        )
    return y, x


def check_slice(
    groups: list[dict[str, Any]], rows: int, cols: int, action: dict[str, Any], min_size: int
) -> tuple[int, bool, int]:
    """Validate a slice; return (grouping index, vertical?, line). Raise IllegalAction if not."""
    (y0, x0) = _point(action.get("from"), rows, cols, "from")
    (y1, x1) = _point(action.get("to"), rows, cols, "to")
    if (y0, x0) == (y1, x1):
        raise IllegalAction("slice-empty", "A slice needs two different end points.")
    if y0 != y1 and x0 != x1:
        raise IllegalAction(
            "slice-not-straight",
            "A slice must be a straight vertical or horizontal line; this one runs at a slant.",
        )
    vertical = x0 == x1
    line = x0 if vertical else y0
    start, end = (min(y0, y1), max(y0, y1)) if vertical else (min(x0, x1), max(x0, x1))
    edge = cols if vertical else rows
    if line in (0, edge):
        raise IllegalAction(
            "slice-on-edge", "That line runs along the edge of the grid and separates nothing."
        )
    crossed: list[int] = []
    along_cut = False
    for step in range(start, end):
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
    if along_cut or (start, end) != full:
        # Either it stops inside the grouping (no separation: not two groupings), or it
        # runs on along existing separations beyond the grouping's edges.
        short = start > full[0] or end < full[1]
        what = "stops short of an edge of" if short else "runs on beyond the edges of"
        cut = segment(rect, vertical, line)
        raise IllegalAction(
            "slice-incomplete",
            f"That slice {what} grouping {label(index)}; a slice crosses one grouping from "
            f"one edge to the other and no further, here from {cut['from']} to {cut['to']}.",
        )
    smaller = min(size(part) for part in split(rect, vertical, line))
    if smaller < min_size:
        raise IllegalAction(
            "grouping-too-small",
            f"That slice leaves a grouping of {smaller} tile; each grouping keeps at least "
            f"{min_size} tiles.",
        )
    return index, vertical, line


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


def legal_cuts(groups: list[dict[str, Any]], min_size: int) -> list[tuple[int, bool, int]]:
    return [
        (index, vertical, line)
        for index, group in enumerate(groups)
        for vertical, line in full_cuts(group["rect"])
        if min(size(part) for part in split(group["rect"], vertical, line)) >= min_size
    ]
