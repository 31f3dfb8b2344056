"""The sword model: four sides around the hilt, each a column of tiles growing from the hilt.

A sword is plain data: ``[side1, side2, side3, side4]``, each side a list of gem names from the
hilt outwards (index 0 is level 1, the tile slotted into the hilt). Sides 1-2-3-4 go round the
blade, so each side touches the two next to it (1 touches 2 and 4) and faces the opposite one.

Slotting (the one assembly rule): a tile always goes on the tip of one side. The first tile of a
side slots into the hilt; the tile at level ``k >= 2`` grips the tiles beside it, so both
neighbouring sides must already reach level ``k - 1``.

>>> can_place([["red"], [], [], []], 0)
False
>>> can_place([["red"], ["blue"], [], ["red"]], 0)
True
"""

from __future__ import annotations

from crafthall.games.swordcrafters.components import BLANK

SIDES = 4
Sword = list[list[str]]


def new_sword() -> Sword:
    return [[] for _ in range(SIDES)]


def neighbours(side: int) -> tuple[int, int]:
    """The two sides beside ``side`` (0-based)."""
    return (side - 1) % SIDES, (side + 1) % SIDES


def can_place(sword: Sword, side: int) -> bool:
    """Whether a tile may be slotted on the tip of ``side`` (0-based) now."""
    level = len(sword[side]) + 1
    return all(len(sword[other]) >= level - 1 for other in neighbours(side))


def open_sides(sword: Sword) -> list[int]:
    """Sides (0-based) that take a tile now; never empty (the shortest side always does)."""
    return [side for side in range(SIDES) if can_place(sword, side)]


def length(sword: Sword) -> int:
    """Sword length: the most tiles on one side."""
    return max(len(side) for side in sword)


def longest_run(side: list[str]) -> int:
    """The most matching gems in a row on one side (blank tiles match nothing)."""
    best = run = 0
    previous: str | None = None
    for gem in side:
        if gem == BLANK:
            run, previous = 0, None
            continue
        run = run + 1 if gem == previous else 1
        previous = gem
        best = max(best, run)
    return best


def quality(sword: Sword) -> int:
    """Sword quality: the largest set of adjacent matching gems on one side."""
    return max(longest_run(side) for side in sword)


def gem_count(sword: Sword, gems: tuple[str, ...] | list[str]) -> int:
    """How many tiles of the whole sword show one of ``gems`` (sword magic counts two)."""
    return sum(1 for side in sword for gem in side if gem in gems)


def tiles(sword: Sword) -> int:
    return sum(len(side) for side in sword)


def check_sword(sword: object) -> str | None:
    """Why ``sword`` (from a fixed set-up) is not a sword that slotting can build, or None."""
    if not isinstance(sword, list) or len(sword) != SIDES:
        return "a sword is a list of 4 sides"
    if not all(isinstance(side, list) for side in sword):
        return "each side of a sword is a list of gem names"
    for side in range(SIDES):
        for other in neighbours(side):
            if len(sword[side]) > len(sword[other]) + 1:
                return (
                    f"side {side + 1} has {len(sword[side])} tiles, side {other + 1} "
                    f"only {len(sword[other])}; no side is two tiles longer than a side beside it"
                )
    return None
