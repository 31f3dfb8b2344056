"""End-game scoring: longest sword, sword quality, and the three Sword Magic cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TypedDict

from crafthall.games.swordcrafters.components import components
from crafthall.games.swordcrafters.sword import Sword, gem_counts, length, quality


class ScoreTable(TypedDict):
    """Each seat's score and its parts, one entry a seat (``magic_counts`` and ``magic`` one
    list a Sword Magic card in play)."""

    lengths: list[int]
    longest: list[int]
    """Points for the longest sword."""
    quality_runs: list[int]
    quality: list[int]
    """Points for the longest run of one gem."""
    magic_counts: list[list[int]]
    """Tiles of each card's two gems in each sword."""
    magic: list[list[int]]
    """Points of each card."""
    total: list[int]


def shared_places(
    values: Sequence[int], points: Sequence[int], *, zero_place: bool = False
) -> list[int]:
    """Points by place with ties sharing the places they cover, rounded down.

    A seat with a value of 0 takes no place and scores 0: a Sword Magic card rewards "the
    person with the highest sword magic", "the second most" and "the third most" of its two
    gems, and a sword without either gem has none of them to count. The places the zeros
    would have covered are simply not awarded. ``zero_place`` keeps rules version 1's reading,
    where every seat, 0 included, takes a place by its value. ``points`` lists the places'
    points (9, 6, 3); places beyond them score 0.

    >>> shared_places([5, 5, 2], [9, 6, 3])
    [7, 7, 3]
    >>> shared_places([4, 4, 4], [9, 6, 3])
    [6, 6, 6]
    >>> shared_places([3, 3, 0], [9, 6, 3])
    [7, 7, 0]
    >>> shared_places([3, 3, 0], [9, 6, 3], zero_place=True)
    [7, 7, 3]
    """
    awards = [0] * len(values)
    # Seats from the highest value down; each run of equal values shares its places.
    order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
    place = 0
    while place < len(order):
        if values[order[place]] <= 0 and not zero_place:
            break  # the rest hold none of the card's gems: no place, 0 points
        end = place + 1
        while end < len(order) and values[order[end]] == values[order[place]]:
            end += 1
        share = sum(points[place:end]) // (end - place)
        for seat in order[place:end]:
            awards[seat] = share
        place = end
    return awards


def quality_points(sword: Sword) -> int:
    return points_for_run(quality(sword))


def points_for_run(run: int) -> int:
    """Quality points for a longest run of ``run`` matching gems: 5 x (n - 1), a lone gem 0."""
    return components().quality_per_gem * (run - 1) if run >= 2 else 0


@lru_cache(maxsize=8192)
def _figures(sides: tuple[tuple[str, ...], ...]) -> tuple[int, int, Mapping[str, int]]:
    sword = [list(side) for side in sides]
    return length(sword), quality(sword), dict(gem_counts(sword))


def sword_figures(sword: Sword) -> tuple[int, int, Mapping[str, int]]:
    """A sword's length, quality (longest run) and gems by kind (read only). Remembered by
    the sword's tiles: a move changes one sword at most, and every view scores them all."""
    return _figures(tuple(map(tuple, sword)))


def score_table(
    swords: Sequence[Sword], magic: Sequence[int], *, zero_place: bool = False
) -> ScoreTable:
    """Each seat's score and its parts: ``longest``, ``quality``, ``magic`` (by card), ``total``.

    ``zero_place`` is the option ``zero_magic_place``: whether a sword with none of a magic
    card's gems still takes a place for it (rules version 1)."""
    data = components()
    figures = [sword_figures(sword) for sword in swords]
    lengths = [figure[0] for figure in figures]
    top = max(lengths, default=0)
    longest = [data.longest_points if top > 0 and n == top else 0 for n in lengths]
    runs = [figure[1] for figure in figures]
    qualities = [points_for_run(run) for run in runs]
    magic_counts = []
    for card in magic:
        first, second = data.magic_cards[card]
        magic_counts.append(
            [
                held.get(first, 0) + (held.get(second, 0) if second != first else 0)
                for _, _, held in figures
            ]
        )
    magic_points = [
        shared_places(counted, data.magic_points, zero_place=zero_place) for counted in magic_counts
    ]
    totals = [
        longest[seat] + qualities[seat] + sum(points[seat] for points in magic_points)
        for seat in range(len(swords))
    ]
    return {
        "lengths": lengths,
        "longest": longest,
        "quality_runs": runs,
        "quality": qualities,
        "magic_counts": magic_counts,
        "magic": magic_points,
        "total": totals,
    }
