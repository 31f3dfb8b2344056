"""Fixed set-ups shared by the Sword Crafters tests."""

from __future__ import annotations

from typing import Any

from crafthall.engine import Match
from tests.support import start

# Reading order of a 4 x 4 grid, first-player cell (row 1, column 2) skipped: 15 tiles.
GRID4 = [
    "red", "red", "blue", "blue",
    "green", "yellow",        "yellow",
    "purple", "purple", "orange", "orange",
    "blank", "red", "green", "blue",
]  # fmt: skip
# A 3 x 4 grid (2 and 3 players): 11 tiles.
GRID3 = GRID4[:11]


PUBLISHED = {"min_grouping": 2}
"""The published game's option: no slice may leave a grouping of one tile."""


def fixed_match(
    seats: int,
    rounds: int = 1,
    first: int = 0,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> Match:
    """A match whose pile holds exactly ``rounds`` grids (so it ends after them)."""
    grid = GRID4 if seats == 4 else GRID3
    fixed = {"first_player": first, "tiles": grid * rounds, "magic": [1, 2, 3], **extra}
    return start("swordcrafters", seats, seed=7, fixed=fixed, options=options)


def slice_at(match: Match, vertical: bool, line: int, group: str = "A") -> None:
    """Apply a full cut of ``group`` along ``line`` for the active seat."""
    view = match.view(None)
    rect = next(g["rect"] for g in view["grid"]["groups"] if g["label"] == group)
    if vertical:
        action = {"type": "slice", "from": [rect[0], line], "to": [rect[2], line]}
    else:
        action = {"type": "slice", "from": [line, rect[1]], "to": [line, rect[3]]}
    match.apply(match.active_seats()[0], action)


def take(match: Match, group: str) -> list[dict[str, Any]]:
    return match.apply(match.active_seats()[0], {"type": "take", "group": group})


def craft_all(match: Match) -> None:
    """Every seat slots its tiles on the first open side, in the order legal_actions lists."""
    while match.view(None)["phase"] == "craft":
        seat = match.active_seats()[0]
        match.apply(seat, match.legal_actions(seat)[0])
