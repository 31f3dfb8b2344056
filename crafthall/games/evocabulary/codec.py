"""Evocabulary's actions as integers in a fixed range, for learning libraries.

The range, in order:

- a ``start`` per dictionary word (``N`` words of three letters or more, by their number);
- a ``modify`` per spell team (3, 4, 5, 6) and word: ``4 * N``;
- a ``discard`` per card face, one ``draw``, one ``done``;
- a ``use`` per card slot of the activating team (0 the leader, then its familiars in order),
  per copied kind (none, or one a teamwork may copy), per choice of that kind (see
  :data:`CHOICES`).

A spell's integer names its word and placement, not its layout: decoding gives the canonical
layout (the one legal-action lists give), so a layout a player typed decodes to that one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crafthall.engine.data import Action, State
from crafthall.games.evocabulary import board
from crafthall.games.evocabulary.activation import COPYABLE
from crafthall.games.evocabulary.components import TEAMS, components, team_for_length
from crafthall.games.evocabulary.dictionary import spell_words
from crafthall.games.evocabulary.moves import placement

if TYPE_CHECKING:
    from crafthall.lexicon import Lexicon

FACES = tuple(sorted(components().points))
"""Every card face, wild included (what a discard, burn or lock names)."""
PILES = tuple(components().piles)
SIDES = ("front", "back")
SLOTS = 1 + max(TEAMS)
"""The leader and at most six familiars (the 6+ team's capacity)."""
COPIES = (None, *COPYABLE)


@dataclass(frozen=True)
class _Field:
    """One field of a choice: its values, ``None`` standing for "left out"."""

    name: str
    values: Callable[[State, int, int], tuple[Any, ...]]
    """The values in a state, given the seat and the longest word (for card positions)."""


def _fixed(*values: Any) -> Callable[[State, int, int], tuple[Any, ...]]:
    return lambda state, seat, longest: values


def _positions(state: State, seat: int, longest: int) -> tuple[Any, ...]:
    return (None, *range(longest))


def _market(state: State, seat: int, longest: int) -> tuple[Any, ...]:
    market: list[str] = state["market"]
    return tuple(market) + (None,) * (components().market_size - len(market))


CHOICES: dict[str, tuple[_Field, ...]] = {
    "draw": (),
    "wild": (),
    "burn": (_Field("letter", _fixed(*FACES)),),
    "pickup": (_Field("team", _fixed(*TEAMS)),),
    "publish": (
        _Field("team", _fixed(*TEAMS)),
        _Field("achievement", _fixed(None, *PILES)),
        _Field("multiply", _positions),
    ),
    "hire": (
        _Field("familiar", _market),
        _Field("team", _fixed(*TEAMS)),
        _Field("side", _fixed(*SIDES)),
        _Field("lock", _fixed(None, *FACES)),
    ),
}
"""The fields of each kind's choice, encoded as mixed-radix digits in this order."""


class ActionCodec:
    """Actions <-> integers for one dictionary."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.words = spell_words(lexicon)
        count = len(self.words.words)
        self.discard_at = count * (1 + len(TEAMS))
        self.draw_at = self.discard_at + len(FACES)
        self.done_at = self.draw_at + 1
        self.use_at = self.done_at + 1
        blank: State = {"market": []}
        self.radix = {
            kind: [len(f.values(blank, 0, self.words.longest)) for f in fields]
            for kind, fields in CHOICES.items()
        }
        self.choice_size = max(_product(sizes) for sizes in self.radix.values())
        self.size = self.use_at + SLOTS * len(COPIES) * self.choice_size

    # --- encoding ------------------------------------------------------------------------------

    def encode(self, state: State, seat: int, action: Action) -> int:
        kind = action["type"]
        count = len(self.words.words)
        if kind in ("start", "modify"):
            number = self.words.number[action["word"].strip().lower()]
            if kind == "start":
                return number
            return count * (1 + TEAMS.index(action["team"])) + number
        if kind == "discard":
            return self.discard_at + FACES.index(action["letter"].lower())
        if kind == "draw":
            return self.draw_at
        if kind == "done":
            return self.done_at
        card = action["card"]
        slot = 0 if card == "leader" else 1 + self._familiar_ids(state, seat).index(card)
        copy = action.get("copy")
        used = copy or board.use_kind(state, seat, card)
        digits = [
            f.values(state, seat, self.words.longest).index(action.get(f.name))
            for f in CHOICES[used]
        ]
        choice = _join(digits, self.radix[used])
        return self.use_at + (slot * len(COPIES) + COPIES.index(copy)) * self.choice_size + choice

    def decode(self, state: State, seat: int, index: int) -> Action:
        if not 0 <= index < self.size:
            raise ValueError(f"{index} is outside Evocabulary's action range 0..{self.size - 1}.")
        count = len(self.words.words)
        if index < self.discard_at:
            group, number = divmod(index, count)
            word = self.words.words[number]
            old = None if group == 0 else TEAMS[group - 1]
            place = placement(state, seat, old, team_for_length(len(word)))
            layout = place.layout(word) if place is not None else None
            action: Action = {"type": "start"} if old is None else {"type": "modify", "team": old}
            return {**action, "word": word, "cards": layout or list(word)}
        if index < self.draw_at:
            return {"type": "discard", "letter": FACES[index - self.discard_at]}
        if index == self.draw_at:
            return {"type": "draw"}
        if index == self.done_at:
            return {"type": "done"}
        rest, choice = divmod(index - self.use_at, self.choice_size)
        slot, copy_at = divmod(rest, len(COPIES))
        ids = self._familiar_ids(state, seat)
        card = "leader" if slot == 0 else ids[slot - 1] if slot - 1 < len(ids) else f"slot {slot}"
        copy = COPIES[copy_at]
        action = {"type": "use", "card": card}
        if copy is not None:
            action["copy"] = copy
        used = copy or (board.use_kind(state, seat, card) if card in ["leader", *ids] else "draw")
        digits = _split(choice % _product(self.radix[used]), self.radix[used])
        for field, digit in zip(CHOICES[used], digits, strict=True):
            value = field.values(state, seat, self.words.longest)[digit]
            if value is not None:
                action[field.name] = value
        return action

    def _familiar_ids(self, state: State, seat: int) -> list[str]:
        pending = state["pending"]
        if pending is None:
            return []
        return [f["id"] for f in board.team(state, seat, pending["team"])["familiars"]]


def _product(sizes: list[int]) -> int:
    total = 1
    for size in sizes:
        total *= size
    return total


def _join(digits: list[int], sizes: list[int]) -> int:
    value = 0
    for digit, size in zip(digits, sizes, strict=True):
        value = value * size + digit
    return value


def _split(value: int, sizes: list[int]) -> list[int]:
    digits = []
    for size in reversed(sizes):
        value, digit = divmod(value, size)
        digits.append(digit)
    return digits[::-1]
