"""End-game scoring: longest sword, sword quality, and the three Sword Magic cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crafthall.games.swordcrafters.components import components
from crafthall.games.swordcrafters.sword import Sword, gem_counts, length, quality


def shared_places(values: Sequence[int], points: Sequence[int]) -> list[int]:
    """Points by place with ties sharing the places they cover, rounded down.

    Every seat takes a place by its value, 0 included: the rulebook ranks "the person with the
    highest sword magic", "the second most", "the third most" and sets no minimum. ``points``
    lists the places' points (9, 6, 3); places beyond them score 0.

    >>> shared_places([5, 5, 2], [9, 6, 3])
    [7, 7, 3]
    >>> shared_places([4, 4, 4], [9, 6, 3])
    [6, 6, 6]
    >>> shared_places([3, 3, 0], [9, 6, 3])
    [7, 7, 3]
    """
    awards = [0] * len(values)
    place = 0
    for value in sorted(set(values), reverse=True):
        tied = [seat for seat, v in enumerate(values) if v == value]
        covered = sum(points[place : place + len(tied)])
        for seat in tied:
            awards[seat] = covered // len(tied)
        place += len(tied)
    return awards


def quality_points(sword: Sword) -> int:
    return points_for_run(quality(sword))


def points_for_run(run: int) -> int:
    """Quality points for a longest run of ``run`` matching gems: 5 x (n - 1), a lone gem 0."""
    return components().quality_per_gem * (run - 1) if run >= 2 else 0


def score_table(swords: Sequence[Sword], magic: Sequence[int]) -> dict[str, Any]:
    """Each seat's score and its parts: ``longest``, ``quality``, ``magic`` (by card), ``total``."""
    data = components()
    lengths = [length(sword) for sword in swords]
    top = max(lengths, default=0)
    longest = [data.longest_points if top > 0 and n == top else 0 for n in lengths]
    runs = [quality(sword) for sword in swords]
    qualities = [points_for_run(run) for run in runs]
    counts = [gem_counts(sword) for sword in swords]
    magic_counts = [
        [sum(held[gem] for gem in set(data.magic_cards[card])) for held in counts] for card in magic
    ]
    magic_points = [shared_places(counted, data.magic_points) for counted in magic_counts]
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
