"""Shared fixtures for the Wordcraft tests: a small exact dictionary and rulebook grids."""

from __future__ import annotations

from typing import Any

from crafthall.engine import Match, Seat
from crafthall.games import new_match
from crafthall.lexicon import Lexicon

WORDS = [
    "tree",
    "trees",
    "wage",
    "darts",
    "dart",
    "dead",
    "dread",
    "test",
    "seat",
    "mare",
    "lead",
    "team",
    "meal",
    "mast",
    "stared",
    "tsk",
    "dealt",
    "mad",
    "east",
    "quiet",
    "qat",
    "quad",
    "quit",
    "quits",
    "suit",
    "at",
    "t-shirt",
    "zebra",
    "blade",
]
LEXICON = Lexicon.from_words(WORDS)

EXAMPLE_GRID = ["a", "e", "t", "r", "s", "d", "l", "m", "w", "g", "k", "z"]
"""The TREE / WAGE / DARTS grid: 2 blue, 3 yellow, 3 green, 2 red, 2 purple."""
EXAMPLE_ACHIEVEMENTS = ["A5", "A3", "A12", "A9"]
"""Starts yellow ends blue; at least 2 red letters; red followed by blue; exactly 5 cubes."""
QUIET_GRID = ["i", "e", "t", "n", "s", "u", "d", "l", "b", "p", "qu", "z"]


def table(
    seats: int = 3,
    grids: list[list[str]] | None = None,
    achievements: list[str] | None = None,
    first: int = 0,
    options: dict[str, Any] | None = None,
    seed: int = 1,
    lexicon: Lexicon = LEXICON,
) -> Match:
    """A match on fixed grids (the example grid for every round unless given)."""
    fixed = {
        "grids": grids or [EXAMPLE_GRID] * 3,
        "achievements": achievements or EXAMPLE_ACHIEVEMENTS,
        "first_player": first,
    }
    names = [Seat(f"P{n + 1}") for n in range(seats)]
    return new_match("wordcraft", names, seed=seed, fixed=fixed, options=options, lexicon=lexicon)


def word(text: str, *claims: str, spelling: list[str] | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "word", "word": text}
    if spelling is not None:
        action["spelling"] = spelling
    if claims:
        action["achievements"] = list(claims)
    return action


PASS: dict[str, Any] = {"type": "pass"}


def cubes_on(match: Match, card: str) -> list[int]:
    return list(match.state["cubes"][card])


def spend_sixteen(match: Match, seat: int) -> None:
    """``seat`` plays DREAD, DARTS and STARED (16 cubes) while everyone else passes."""
    for text in ("dread", "darts", "stared"):
        while seat not in match.active_seats():
            match.apply(match.active_seats()[0], PASS)
        match.apply(seat, word(text))
