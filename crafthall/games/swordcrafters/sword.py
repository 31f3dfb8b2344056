"""The sword model: four sides around the hilt, each a column of tiles growing from the hilt.

A sword is plain data: ``[side1, side2, side3, side4]``, each side a list of gem names from the
hilt outwards (index 0 is level 1, the tile slotted into the hilt).

Slotting (the one assembly rule): a tile always goes on the tip of one side, slotted into the
tile below it (the first tile of a side slots into the hilt). It is never pushed between tiles
already slotted, and slotted tiles never move, so the order of assembly fixes each side's
sequence of gems. No other condition: a side may grow as long as the player likes, which is
what makes length a choice (one long side) that competes with quality (a side kept to one gem).

>>> can_place([["red"], [], [], []], 0)
True
>>> can_place([["red"], [], [], []], 4)
False
"""

from __future__ import annotations

from collections import Counter

from crafthall.games.swordcrafters.components import BLANK

SIDES = 4
Sword = list[list[str]]


def new_sword() -> Sword:
    return [[] for _ in range(SIDES)]


def can_place(sword: Sword, side: int) -> bool:
    """Whether a tile may be slotted on the tip of ``side`` (0-based) now: any of the four."""
    return 0 <= side < len(sword)


def open_sides(sword: Sword) -> list[int]:
    """Sides (0-based) that take a tile now: every side (a tip is always free)."""
    return [side for side in range(len(sword)) if can_place(sword, side)]


def length(sword: Sword) -> int:
    """Sword length: the most tiles on one side."""
    return max(len(side) for side in sword)


def longest_run(side: list[str]) -> int:
    """The most matching gems in a row on one side (blank tiles match nothing)."""
    return tip_runs(side)[0]


def tip_runs(side: list[str]) -> tuple[int, str | None, int]:
    """A side's longest run, and the gem and length of the run at its tip (``None`` and 0
    after a blank or on an empty side).

    >>> tip_runs(["red", "red", "blue"])
    (2, 'blue', 1)
    """
    best = run = 0
    previous: str | None = None
    for gem in side:
        if gem == BLANK:
            run, previous = 0, None
            continue
        run = run + 1 if gem == previous else 1
        previous = gem
        best = max(best, run)
    return best, previous, run


def quality(sword: Sword) -> int:
    """Sword quality: the largest set of adjacent matching gems on one side."""
    return max(longest_run(side) for side in sword)


def gem_counts(sword: Sword) -> Counter[str]:
    """How many tiles of the whole sword show each gem (and blank)."""
    counts: Counter[str] = Counter()
    for side in sword:
        counts.update(side)
    return counts


def gem_count(sword: Sword, gems: tuple[str, ...] | list[str]) -> int:
    """How many tiles of the whole sword show one of ``gems`` (sword magic counts two)."""
    counts = gem_counts(sword)
    return sum(counts[gem] for gem in set(gems))


def tiles(sword: Sword) -> int:
    return sum(len(side) for side in sword)


def check_sword(sword: object) -> str | None:
    """Why ``sword`` (from a fixed set-up) is not a sword that slotting can build, or None."""
    if not isinstance(sword, list) or len(sword) != SIDES:
        return "a sword is a list of 4 sides"
    if not all(isinstance(side, list) for side in sword):
        return "each side of a sword is a list of gem names"
    return None
