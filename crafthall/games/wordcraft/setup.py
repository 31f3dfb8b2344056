"""Laying out a Wordcraft table: shuffled, or fixed by hand for examples and puzzles.

Fixed set-up keys (all optional; see docs/rules/wordcraft.md): ``grids`` (up to 3 grids, one per
round), ``achievements`` (4 card ids) and ``first_player`` (a side number from 0).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from crafthall.engine.errors import SetupError
from crafthall.engine.rng import Rng, new_rng_state
from crafthall.games.wordcraft.components import (
    achievements,
    colours,
    constants,
    letters,
    requirement_types,
    sort_grid,
)
from crafthall.games.wordcraft.options import WordcraftOptions
from crafthall.games.wordcraft.state import WordcraftState

FIXED_KEYS = ("grids", "achievements", "first_player")


def new_state(
    options: WordcraftOptions, seats: int, seed: int, fixed: dict[str, Any] | None
) -> WordcraftState:
    """A new game: the first grid and the achievements in play, 18 cubes per side."""
    fixed = check_fixed(fixed)
    side_of = list(range(seats))
    if options.teams is not None:
        for side, team in enumerate(options.teams):
            for seat in team:
                side_of[seat] = side
    sides = len(options.teams) if options.teams is not None else seats
    rng_state = new_rng_state(seed)
    rng = Rng(rng_state)
    grids: list[list[str] | None] = [*fixed.get("grids", [])]
    grids += [None] * (constants()["rounds"] - len(grids))
    in_play = fixed.get("achievements") or draw_achievements(rng, options.difficulty)
    grid = sort_grid(grids[0] or draw_grid(rng))
    first = fixed.get("first_player")
    if first is None:
        first = rng.below(sides)
    elif not 0 <= first < sides:
        raise SetupError(f"fixed first_player {first} is not a player here; use 0 to {sides - 1}.")
    return {
        "rng": rng_state,
        "side_of": side_of,
        "sides": sides,
        "round": 1,
        "grid": grid,
        "planned": [sort_grid(g) if g else None for g in grids[1:]],
        "achievements": list(in_play),
        "cubes": {card: [0] * sides for card in grid},
        "claims": {card: [0] * sides for card in in_play},
        "supply": [constants()["start"]] * sides,
        "letter_ep": [],
        "bonus_ep": [0] * sides,
        "used": [],
        "first": first,
        "turn": first,
        "trigger": None,
        "last_turns": [],
        "passes": 0,
        "final": None,
        "disputable": None,
        "vote": None,
        "rejected": [],
        "taken_back": 0,
        "last_events": [],
    }


def check_team_seats(teams: list[list[int]], seats: int) -> None:
    """Refuse a table whose seats are not exactly those the teams option places."""
    named = sum(len(team) for team in teams)
    if seats != named:
        raise SetupError(
            f"The teams option places {named} players but the table has {seats}; "
            "name every seat in exactly one team."
        )


def check_fixed(fixed: dict[str, Any] | None) -> dict[str, Any]:
    """The fixed set-up, refused with a sentence naming the key if it is not one."""
    if fixed is None:
        return {}
    if not isinstance(fixed, dict):
        raise SetupError(
            "A Wordcraft fixed set-up is an object with grids, achievements, first_player."
        )
    unknown = sorted(set(fixed) - set(FIXED_KEYS))
    if unknown:
        raise SetupError(
            f"Unknown fixed set-up key {', '.join(unknown)}; Wordcraft knows "
            f"{', '.join(FIXED_KEYS)}."
        )
    grids = fixed.get("grids", [])
    if not isinstance(grids, list) or len(grids) > constants()["rounds"]:
        raise SetupError("fixed grids is a list of at most 3 grids, one per round.")
    for number, grid in enumerate(grids, start=1):
        check_grid(grid, number)
    chosen = fixed.get("achievements")
    if chosen is not None:
        known = achievements()
        if (
            not isinstance(chosen, list)
            or len(chosen) != 4
            or len(set(map(str, chosen))) != 4
            or any(card not in known for card in chosen)
        ):
            raise SetupError(
                "fixed achievements must be 4 different achievement card ids from "
                f"{', '.join(known)}."
            )
    first = fixed.get("first_player")
    if first is not None and (not isinstance(first, int) or isinstance(first, bool)):
        raise SetupError("fixed first_player is a player number counted from 0, e.g. 0.")
    return fixed


def check_grid(grid: Any, number: int) -> None:
    cards = letters()
    if not isinstance(grid, list) or not all(isinstance(card, str) for card in grid):
        raise SetupError(f"fixed grid {number} must be a list of 12 letter card ids.")
    unknown = [card for card in grid if card not in cards]
    if unknown:
        raise SetupError(
            f"fixed grid {number}: {', '.join(map(repr, unknown))} is not a letter card "
            "(cards are 'a' to 'z' and 'qu'; there is no 'q' or 'u' for Qu)."
        )
    if len(set(grid)) != len(grid):
        raise SetupError(f"fixed grid {number} names a card twice; each card is unique.")
    mix = Counter(cards[card].colour for card in grid)
    wanted = {colour.id: colour.per_grid for colour in colours().values()}
    if dict(mix) != {key: count for key, count in wanted.items() if count}:
        expected = ", ".join(f"{count} {colour}" for colour, count in wanted.items())
        raise SetupError(f"fixed grid {number} must hold {expected} cards.")


def draw_grid(rng: Rng) -> list[str]:
    """Shuffle each colour's deck and reveal 2 blue, 3 yellow, 3 green, 2 red, 2 purple."""
    grid: list[str] = []
    for colour, deck in _decks().items():
        cards = list(deck)
        rng.shuffle(cards)
        grid += cards[: colours()[colour].per_grid]
    return grid


@cache
def _decks() -> dict[str, tuple[str, ...]]:
    """Each colour's letter cards, in colour order."""
    return {
        colour: tuple(card.id for card in letters().values() if card.colour == colour)
        for colour in colours()
    }


def draw_achievements(rng: Rng, difficulty: list[str] | None) -> list[str]:
    """One card per requirement type, or by difficulty in the predetermined variant."""
    cards = list(achievements().values())
    if difficulty is None:
        groups = [[c.id for c in cards if c.type == kind] for kind in requirement_types()]
        chosen = []
        for group in groups:
            rng.shuffle(group)
            chosen.append(group[0])
        return chosen
    chosen = []
    for level in dict.fromkeys(difficulty):
        group = [c.id for c in cards if c.difficulty == level]
        rng.shuffle(group)
        chosen += group[: difficulty.count(level)]
    return chosen
