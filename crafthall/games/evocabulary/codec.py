"""Evocabulary for learning libraries: actions as integers in a fixed range, and a seat's view
as a fixed-shape array of numbers.

The actions' range, in order:

- a ``start`` per dictionary word (``N`` words of three letters or more, by their number);
- a ``modify`` per spell team (3, 4, 5, 6) and word: ``4 * N``;
- a ``discard`` per card face, one ``draw``, one ``done``;
- a ``use`` per card slot of the activating team (0 the leader, then its familiars in order),
  per copied kind (none, or one a teamwork may copy), per choice of that kind (see
  :data:`CHOICES`).

A spell's integer names its word and placement, not its layout: decoding gives the canonical
layout (the one legal-action lists give), so a layout a player typed decodes to that one.

The observation (float32, read from the view, so it holds nothing the seat may not see): the
table's common part (phase, pile sizes, the discard pile's faces, the market, the achievement
piles, the viewer's hand, who views and who acts, the pending activation), then one block per
seat (score, hand, achievements, and per team its leader, familiars, locked letters and spell).
Counts are scaled to about 0..1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from string import ascii_lowercase
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from crafthall.engine.data import Action, View
from crafthall.games.evocabulary import tableau
from crafthall.games.evocabulary.activation import COPYABLE
from crafthall.games.evocabulary.components import (
    ACTIONS,
    TEAMS,
    WILD,
    components,
    team_for_length,
)
from crafthall.games.evocabulary.dictionary import spell_words
from crafthall.games.evocabulary.moves import placement
from crafthall.games.evocabulary.state import EvocabularyState

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
    values: Callable[[list[str], int], tuple[Any, ...]]
    """The values, given the familiar market and the longest word (for card positions)."""


def _fixed(*values: Any) -> Callable[[list[str], int], tuple[Any, ...]]:
    return lambda market, longest: values


def _positions(market: list[str], longest: int) -> tuple[Any, ...]:
    return (None, *range(longest))


def _market(market: list[str], longest: int) -> tuple[Any, ...]:
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
        self.radix = {
            kind: [len(f.values([], self.words.longest)) for f in fields]
            for kind, fields in CHOICES.items()
        }
        self.choice_size = max(_product(sizes) for sizes in self.radix.values())
        self.size = self.use_at + SLOTS * len(COPIES) * self.choice_size

    # --- encoding ------------------------------------------------------------------------------

    def encode(self, state: EvocabularyState, seat: int, action: Action) -> int:
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
        used = copy or tableau.use_kind(state, seat, card)
        digits = [
            f.values(state["market"], self.words.longest).index(action.get(f.name))
            for f in CHOICES[used]
        ]
        choice = _join(digits, self.radix[used])
        return self.use_at + (slot * len(COPIES) + COPIES.index(copy)) * self.choice_size + choice

    def decode(self, state: EvocabularyState, seat: int, index: int) -> Action:
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
        used = copy or (tableau.use_kind(state, seat, card) if card in ["leader", *ids] else "draw")
        digits = _split(choice % _product(self.radix[used]), self.radix[used])
        for field, digit in zip(CHOICES[used], digits, strict=True):
            value = field.values(state["market"], self.words.longest)[digit]
            if value is not None:
                action[field.name] = value
        return action

    def _familiar_ids(self, state: EvocabularyState, seat: int) -> list[str]:
        pending = state["pending"]
        if pending is None:
            return []
        return [f["id"] for f in tableau.team(state, seat, pending["team"])["familiars"]]


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


# --- the observation -------------------------------------------------------------------------

PHASES = ("turn", "discarding", "activation", "over")
MAX_SEATS = 6
FACE_AT = {face: n for n, face in enumerate(FACES)}
KIND_AT = {kind: n for n, kind in enumerate(ACTIONS)}
LETTER_AT = {letter: n for n, letter in enumerate(ascii_lowercase)}

TEAM_SIZE = len(ACTIONS) * 2 + len(FACES) + 1 + len(ascii_lowercase) + 3
SEAT_SIZE = 4 + len(TEAMS) * TEAM_SIZE
COMMON_SIZE = (
    len(PHASES)
    + 6  # deck, wild pile, discard pile, familiar deck, quiet turns, leaders side
    + 2 * len(FACES)  # the discard pile's faces, the viewer's hand
    + components().market_size * len(ACTIONS)
    + len(PILES) * 3
    + 2 * MAX_SEATS  # who views, who acts
    + len(TEAMS)
    + len(ACTIONS)  # the pending team, its unused actions
)


def observation_shape(seats: int) -> tuple[int, ...]:
    return (COMMON_SIZE + seats * SEAT_SIZE,)


def encode_observation(view: View) -> npt.NDArray[np.float32]:
    seats = len(view["scores"])
    out = np.zeros(observation_shape(seats), dtype=np.float32)
    comps = components()
    at = 0

    def put(offset: int, value: float) -> None:
        out[at + offset] += value

    put(PHASES.index(view["phase"]), 1.0)
    at += len(PHASES)
    sizes = (view["deck_size"] / 120, view["wild_pile"] / 6, view["discard_size"] / 126)
    for n, value in enumerate((*sizes, view["familiar_deck_size"] / 72, view["quiet_turns"] / 6)):
        put(n, value)
    put(5, 1.0 if view["leaders"] == "b" else 0.0)
    at += 6
    for face in view["discard"]:
        put(FACE_AT[face], 0.1)
    at += len(FACES)
    for face in view.get("hand", []):
        put(FACE_AT[face], 0.25)
    at += len(FACES)
    for slot, fid in enumerate(view["market"]):
        put(slot * len(ACTIONS) + KIND_AT[comps.familiars[fid].front], 1.0)
    at += comps.market_size * len(ACTIONS)
    for n, pile in enumerate(PILES):
        ids = view["piles"][pile]
        if ids:
            top = comps.achievements[ids[0]]
            put(3 * n, len(ids) / 6)
            put(3 * n + 1, top.points / 13)
            put(3 * n + 2, top.factor / 3)
    at += len(PILES) * 3
    if view["seat"] is not None:
        put(view["seat"], 1.0)
    for seat in view["active"]:
        put(MAX_SEATS + seat, 1.0)
    at += 2 * MAX_SEATS
    if view["pending"] is not None:
        put(TEAMS.index(view["pending"]["team"]), 1.0)
        for unused in view["pending"]["unused"]:
            put(len(TEAMS) + KIND_AT[unused["action"]], 1.0)
    at += len(TEAMS) + len(ACTIONS)
    for seat in range(seats):
        put(0, view["scores"][seat] / 100)
        put(1, view["hand_sizes"][seat] / 10)
        put(2, view["hand_wilds"][seat] / 3)
        put(3, len(view["achievements"][seat]) / 5)
        at += 4
        for team in view["teams"][seat]:
            _put_team(out, at, team)
            at += TEAM_SIZE
    return out


def _put_team(out: npt.NDArray[np.float32], at: int, team: dict[str, Any]) -> None:
    kinds = len(ACTIONS)
    out[at + KIND_AT[team["leader"]]] = 1.0
    for familiar in team["familiars"]:
        out[at + kinds + KIND_AT[familiar["action"]]] += 0.25
        if familiar["lock"] is not None:
            out[at + 2 * kinds + FACE_AT[familiar["lock"]]] += 1.0
    at += 2 * kinds + len(FACES)
    spell = team["spell"]
    if spell is None:
        return
    out[at] = 1.0
    for letter in spell["word"]:
        out[at + 1 + LETTER_AT[letter]] += 0.25
    at += 1 + len(ascii_lowercase)
    out[at] = len(spell["word"]) / 10
    out[at + 1] = spell["points"] / 30
    out[at + 2] = sum(1 for token in spell["cards"] if WILD in token) / 3
