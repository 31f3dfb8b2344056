"""Enchanted Grid's deck, read once from ``components.json``.

Cards are numbered by their place in the expanded deck list; the state holds only these ids.

>>> card(0)
Card(id=0, letter='E', colour='blue', enchanter=True)
>>> card(0).code
'E blue enchanter'
>>> len(deck())
120
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from crafthall.engine.errors import SetupError
from crafthall.games.enchanted_grid.state import ShownCard

POWERS = {"blue": "swap", "red": "overwrite", "grey": "face-down", "green": "insert"}


@dataclass(frozen=True)
class Card:
    id: int
    letter: str
    """One upper-case letter."""
    colour: str
    enchanter: bool

    @property
    def code(self) -> str:
        """How fixed set-ups name the card: ``"U grey enchanter"``, ``"B green"``."""
        return f"{self.letter} {self.colour}" + (" enchanter" if self.enchanter else "")

    @property
    def kind(self) -> tuple[str, str, bool]:
        return (self.letter, self.colour, self.enchanter)

    def to_json(self) -> ShownCard:
        return {
            "id": self.id,
            "letter": self.letter,
            "colour": self.colour,
            "enchanter": self.enchanter,
        }


@cache
def _data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def deck() -> tuple[Card, ...]:
    """Every card of the game, in data-file order (ids 0 ... 119)."""
    cards: list[Card] = []
    for entry in _data()["cards"]:
        for _ in range(entry["count"]):
            cards.append(Card(len(cards), entry["letter"], entry["colour"], entry["enchanter"]))
    return tuple(cards)


@cache
def _card_jsons() -> tuple[ShownCard, ...]:
    return tuple(c.to_json() for c in deck())


def card_json(card_id: int) -> ShownCard:
    """A fresh copy of ``card(card_id).to_json()`` (events and views own their dicts)."""
    return _card_jsons()[card_id].copy()


def colours() -> list[str]:
    return list(_data()["colours"])


def card(card_id: int) -> Card:
    return deck()[card_id]


def parse_code(code: Any) -> tuple[str, str, bool]:
    """``"U grey enchanter"`` -> ``("U", "grey", True)``; a sentence on anything else."""
    words = code.split() if isinstance(code, str) else []
    known = colours()
    if (
        len(words) in (2, 3)
        and len(words[0]) == 1
        and words[0].isalpha()
        and words[1].lower() in known
        and (len(words) == 2 or words[2].lower() == "enchanter")
    ):
        return (words[0].upper(), words[1].lower(), len(words) == 3)
    raise SetupError(
        f"{code!r} is not a card: write a letter and a colour ({', '.join(known)}), "
        "adding 'enchanter' for an Enchanter card, e.g. 'U grey enchanter' or 'B green'."
    )


def pick_cards(codes: Iterable[Any], used: set[int]) -> list[int]:
    """Card ids for ``codes``, taking unused copies; refuses a card the deck lacks."""
    ids: list[int] = []
    for code in codes:
        kind = parse_code(code)
        free = [c.id for c in deck() if c.kind == kind and c.id not in used]
        if not free:
            total = sum(1 for c in deck() if c.kind == kind)
            raise SetupError(
                f"The fixed set-up uses more '{code}' cards than the deck has ({total}); "
                "see the card list in docs/rules/enchanted-grid.md."
            )
        used.add(free[0])
        ids.append(free[0])
    return ids
