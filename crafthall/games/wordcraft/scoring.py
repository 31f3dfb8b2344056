"""Wordcraft's scoring: letter majorities at each round's end, achievements at the game's end.

Counts are kept per *side*: a player, or a team in the teams variant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crafthall.engine.game import Result
from crafthall.games.wordcraft.components import achievement, achievement_points, letters
from crafthall.games.wordcraft.state import WordcraftState

_POINTS = {card: face.points for card, face in letters().items()}
"""Letter card -> its points (the views score every card of the grid for every viewer)."""


def card_points(card: str, counts: Sequence[int]) -> list[int]:
    """EP each side scores on one letter card: the most cubes win its points, ties all score.

    >>> card_points("r", [1, 1, 1])
    [3, 3, 3]
    >>> card_points("d", [2, 2, 1])
    [4, 4, 0]
    >>> card_points("l", [0, 0, 0])
    [0, 0, 0]
    """
    most = max(counts)
    if most == 0:
        return [0] * len(counts)
    points = _POINTS[card]
    return [points if count == most else 0 for count in counts]


def letter_points(cubes: Mapping[str, Sequence[int]], sides: int) -> list[int]:
    """Each side's EP from every letter card of the grid, as if the round were scored now."""
    return side_totals([card_points(card, counts) for card, counts in cubes.items()], sides)


def side_totals(per_card: Sequence[Sequence[int]], sides: int) -> list[int]:
    """Each side's sum of ``per_card`` (one list of EP per side for each card)."""
    return [sum(column) for column in zip(*per_card, strict=True)] or [0] * sides


def achievement_totals(claims: Mapping[str, Sequence[int]], sides: int) -> list[int]:
    """Each side's EP from its cubes on the achievement cards (sets of 5 cubes)."""
    totals = [0] * sides
    for card, counts in claims.items():
        difficulty = achievement(card).difficulty
        for side, count in enumerate(counts):
            if count:
                totals[side] += achievement_points(difficulty, count)
    return totals


def achievement_cubes(claims: Mapping[str, Sequence[int]], sides: int) -> list[int]:
    """Each side's cubes on achievement cards in total (the first-player and tie-break count)."""
    return [sum(counts[side] for counts in claims.values()) for side in range(sides)]


def places(totals: Sequence[int], cubes_on_achievements: Sequence[int]) -> list[int]:
    """Each side's place (1 is first): the most EP, then the most cubes on achievement cards;
    sides still tied share a place. Teams rank as teams.

    >>> places([30, 41], [3, 2]), places([30, 30, 12], [3, 3, 0]), places([9, 9], [2, 1])
    ([2, 1], [1, 1, 3], [1, 2])
    """
    keys = list(zip(totals, cubes_on_achievements, strict=True))
    return Result.from_keys(totals, keys, {}).ranks


def next_first_player(cubes_on_achievements: Sequence[int], previous_first: int) -> int:
    """Fewest achievement cubes; a tie goes to the tied side farthest clockwise from the
    previous round's first player (the previous first player is the nearest, at distance 0).

    >>> next_first_player([2, 1, 1, 3], previous_first=0)
    2
    >>> next_first_player([1, 1, 1], previous_first=1)
    0
    """
    sides = len(cubes_on_achievements)
    fewest = min(cubes_on_achievements)
    tied = [side for side in range(sides) if cubes_on_achievements[side] == fewest]
    return max(tied, key=lambda side: (side - previous_first) % sides)


def banked(state: WordcraftState) -> list[int]:
    """Each side's EP so far: finished rounds' letters and trigger bonuses (at the end, the
    final totals, achievements included)."""
    if state["final"] is not None:
        return list(state["final"]["totals"])
    return [
        sum(rounds[side] for rounds in state["letter_ep"]) + state["bonus_ep"][side]
        for side in range(state["sides"])
    ]


def projected(state: WordcraftState, letters_now: list[int] | None = None) -> list[int]:
    """Each side's EP if the round and the game ended now (banked + letters + achievements);
    ``letters_now``: :func:`letter_points` of the state's cubes, if the caller has them."""
    if state["final"] is not None:
        return list(state["final"]["totals"])
    sides = state["sides"]
    if letters_now is None:
        letters_now = letter_points(state["cubes"], sides)
    ach = achievement_totals(state["claims"], sides)
    return [b + letters_now[s] + ach[s] for s, b in enumerate(banked(state))]


def margin(state: WordcraftState, side: int) -> float:
    """The side's projected EP minus the best other side's (what greedy bots maximise)."""
    values = projected(state)
    others = [value for other, value in enumerate(values) if other != side]
    return float(values[side] - max(others))
