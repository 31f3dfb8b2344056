"""Shared fixtures for the Wordsmith tests: a small exact dictionary and fixed tables."""

from __future__ import annotations

from typing import Any

from crafthall.engine import Match, Seat
from crafthall.games import new_match
from crafthall.lexicon import Lexicon

WORDS = [
    "bag",
    "gab",
    "cast",
    "cats",
    "act",
    "acts",
    "glib",
    "disk",
    "grip",
    "mics",
    "hats",
    "tab",
    "bat",
    "big",
    "cup",
    "lid",
    "lip",
    "goat",
    "done",
    "drone",
    "fonder",
    "it",
    "i",
    "a",
    "at",
    "tat",
    "to",
    "toot",
    "sit",
    "its",
    "don't",
    "yo-yo",
    "cite",
    "iii",
    "eel",
    "eels",
]
LEXICON = Lexicon.from_words(WORDS)

VARIANTS: list[dict[str, Any]] = [
    {},
    {"secret": True},
    {"advanced": True},
    {"mode": "word-by-word"},
    {"mode": "word-by-word", "advanced": True, "secret": True},
]
"""Option sets that between them reach every rule (each playable by 1 to 4 seats)."""

BAG_POOL = {"red": 3, "yellow": 2, "blue": 1, "green": 2}
"""The rulebook's 8 pieces: BAG and CAST both use all of them."""
SIX_WORDS = ["bag", "cast", "glib", "disk", "grip", "mics"]
"""Six words each built from exactly BAG_POOL, each with a letter new to the one before."""


def table(
    seats: int = 2,
    pool: dict[str, int] | None = None,
    dice: list[str] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 1,
    **fixed: Any,
) -> Match:
    """A match with a fixed starting pool (BAG_POOL unless given) and forced die faces."""
    layout: dict[str, Any] = {"pool": pool or BAG_POOL, **fixed}
    if dice is not None:
        layout["dice"] = dice
    names = [Seat(f"P{n + 1}") for n in range(seats)]
    return new_match("wordsmith", names, seed=seed, fixed=layout, options=options, lexicon=LEXICON)


def claim(word: str, line: int | None = None) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "claim", "word": word}
    if line is not None:
        action["line"] = line
    return action


ROLL: dict[str, Any] = {"type": "roll"}
PASS: dict[str, Any] = {"type": "pass"}


def take(piece: str) -> dict[str, Any]:
    return {"type": "take", "piece": piece}


def pool_of(match: Match, seat: int) -> dict[str, int]:
    return dict(match.state["players"][seat]["pool"])
