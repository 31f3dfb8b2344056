"""Wordcraft's components, read once from ``components.json``: letter cards and achievements.

The card list, colours and points follow ``shared/research/components.md``; the 14 achievement
cards and their score tables are designed by crafthall (see docs/rules/wordcraft.md).

>>> letter("qu").colour, letter("qu").points
('purple', 6)
>>> achievement("A8").fulfilled_by(["qu", "i", "e", "t"])
True
>>> achievement_points("easy", 7)
18
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Colour:
    id: str
    name: str
    points: int
    per_grid: int
    """How many cards of this colour a round's grid shows."""
    style: str
    """A rich style for drawing the card in a terminal."""


@dataclass(frozen=True)
class Letter:
    id: str
    """The card's letters in lower case: 'a' ... 'z', and 'qu' for the Qu card."""
    colour: str
    points: int

    @property
    def label(self) -> str:
        return "Qu" if self.id == "qu" else self.id.upper()


@dataclass(frozen=True)
class Achievement:
    id: str
    type: str
    """'pair', 'ends', 'cubes' or 'follows'."""
    difficulty: str
    colour: str | None = None
    first: str | None = None
    last: str | None = None
    then: str | None = None
    count: int | None = None

    def fulfilled_by(self, spelling: list[str]) -> bool:
        """Whether a word spelled with these cards (one cube each) meets the requirement."""
        colours = [letter(card).colour for card in spelling]
        if self.type == "pair":
            return colours.count(self.colour or "") >= 2
        if self.type == "ends":
            return bool(colours) and colours[0] == self.first and colours[-1] == self.last
        if self.type == "cubes":
            return len(spelling) == self.count
        return any(a == self.first and b == self.then for a, b in itertools.pairwise(colours))

    @property
    def requirement(self) -> str:
        """The card's requirement as a phrase: 'at least 2 Red letters'."""
        if self.type == "pair":
            return f"at least 2 {colour_name(self.colour)} letters"
        if self.type == "ends":
            return f"starts {colour_name(self.first)}, ends {colour_name(self.last)}"
        if self.type == "cubes":
            return f"exactly {self.count} cubes"
        return f"{colour_name(self.first)} followed by {colour_name(self.then)}"

    @property
    def points(self) -> list[int]:
        """Experience points for 1..5 cubes on this card."""
        return difficulty_points(self.difficulty)


@cache
def _data() -> dict[str, Any]:
    text = (
        resources.files("crafthall.games.wordcraft")
        .joinpath("components.json")
        .read_text(encoding="utf-8")
    )
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def colours() -> dict[str, Colour]:
    """The five letter colours, cheapest first."""
    return {row["id"]: Colour(**row) for row in _data()["colours"]}


def colour_name(colour: str | None) -> str:
    return colours()[colour or ""].name


@cache
def letters() -> dict[str, Letter]:
    """The 26 letter cards by id, in colour order then alphabetical."""
    table = colours()
    return {
        card: Letter(card, colour, table[colour].points)
        for colour, cards in _data()["letters"].items()
        for card in cards
    }


def letter(card: str) -> Letter:
    return letters()[card]


@cache
def achievements() -> dict[str, Achievement]:
    """The 14 achievement cards by id."""
    return {row["id"]: Achievement(**row) for row in _data()["achievements"]}


def achievement(card: str) -> Achievement:
    return achievements()[card]


@cache
def requirement_types() -> dict[str, str]:
    """Requirement type -> a phrase describing it."""
    found: dict[str, str] = _data()["requirement_types"]
    return found


@cache
def difficulties() -> dict[str, str]:
    """Difficulty id -> display name, easiest first."""
    return {key: row["name"] for key, row in _data()["difficulties"].items()}


@cache
def difficulty_points(difficulty: str) -> list[int]:
    found: list[int] = _data()["difficulties"][difficulty]["points"]
    return found


@cache  # a few dozen values, asked for by every view
def achievement_points(difficulty: str, cubes: int) -> int:
    """EP for ``cubes`` on one card: full sets of 5, then the rest (7 on Easy = 14 + 4)."""
    table = difficulty_points(difficulty)
    sets, rest = divmod(cubes, len(table))
    return sets * table[-1] + (table[rest - 1] if rest else 0)


@cache
def constants() -> dict[str, int]:
    """start (18 cubes), per_round (3), round_end_at (2), trigger_bonus (2), rounds (3)."""
    return {**_data()["cubes"], "rounds": _data()["rounds"]}


@cache
def _display_order() -> dict[str, int]:
    return {card: index for index, card in enumerate(letters())}


def sort_grid(cards: list[str]) -> list[str]:
    """A grid in display order: by colour (cheapest first), then as the cards are listed."""
    return sorted(cards, key=_display_order().__getitem__)
