"""Shared helpers for the Enchanted Grid tests: tables from fixed set-ups, cards by code."""

from __future__ import annotations

from typing import Any

from crafthall.engine import Match, Seat
from crafthall.games import new_match
from crafthall.games.enchanted_grid.components import card
from crafthall.games.enchanted_grid.grid import unkey
from crafthall.lexicon import Lexicon

WORDS = Lexicon.from_words(
    [
        *("bus", "bug", "sit", "go", "god", "dog", "hug", "rug", "to", "do", "it"),
        *("dare", "tax", "mad", "ta", "jam", "jams", "am", "as", "cat", "tea"),
    ]
)
"""The words the rulebook's examples need, so each example reads exactly what it says."""

ZONES = {
    "grid": [
        {"at": [0, 0], "card": "U grey enchanter"},
        {"at": [0, 1], "card": "T red enchanter"},
        {"at": [3, 0], "card": "E blue enchanter"},
        {"at": [6, 0], "card": "I green enchanter"},
        {"at": [6, 1], "card": "J red"},
        {"at": [7, 1], "card": "M blue"},
    ],
    "hands": [
        ["N grey", "S red", "D blue", "S green", "K grey", "G red"],
        ["E red", "F blue"],
    ],
    "deck": ["A blue", "A red"],
}
"""A zone of every colour, so that P1 may use each power on the first move."""


def table(
    fixed: dict[str, Any],
    seats: int = 2,
    lexicon: Lexicon | None = WORDS,
    **options: Any,
) -> Match:
    return new_match(
        "enchanted-grid",
        [Seat(f"P{n + 1}") for n in range(seats)],
        seed=3,
        fixed=fixed,
        options=options or None,
        lexicon=lexicon,
    )


def cid(match: Match, seat: int, code: str) -> int:
    """The id of the first card in ``seat``'s hand written ``code`` ('B green')."""
    for card_id in match.state["hands"][seat]:
        if card(card_id).code == code:
            return int(card_id)
    raise KeyError(f"{code} not in hand {seat}")


def play(match: Match, seat: int, kind: str, code: str, at: list[int], **extra: Any) -> list[Any]:
    return match.apply(seat, {"type": kind, "card": cid(match, seat, code), "at": at, **extra})


def letters(match: Match) -> dict[tuple[int, int], str]:
    """Top letter of each cell ('?' face down), for comparing board states."""
    grid = match.state["grid"]
    return {
        unkey(k): ("?" if s[-1]["down"] else card(s[-1]["card"]).letter) for k, s in grid.items()
    }


def claims(match: Match) -> list[tuple[str, int]]:
    return [(c["word"], c["seat"]) for c in match.state["claims"]]


def conserved(match: Match) -> int:
    state = match.state
    return (
        len(state["deck"])
        + sum(len(h) for h in state["hands"])
        + sum(len(w) for w in state["won"])
        + sum(len(s) for s in state["grid"].values())
    )
