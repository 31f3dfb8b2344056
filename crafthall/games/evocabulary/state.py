"""The shape of an Evocabulary state: what every key of the plain dict holds.

The state stays a plain dict of JSON values (the engine clones it, records replay it, and the
search clones it thousands of times a move), so these are :class:`TypedDict` descriptions, not
classes of their own: they cost nothing at run time and let the type checker catch a
misspelled key or a value of the wrong kind. The engine hands the game a ``dict[str, Any]``;
the ``Game`` methods in :mod:`.rules` (and the bots' and search's entry points) read it as an
:class:`EvocabularyState` once, at that boundary.

Letter cards are ids (ints, see :mod:`.components`: a card's face is ``faces[card]``);
familiars and achievements are their printed ids (``"F01"``, ``"A01"``).
"""

from __future__ import annotations

from typing import Literal, TypedDict

Phase = Literal["turn", "discarding", "activation", "over"]
"""A turn's start, after a first discard (only more discards or the draw may follow), a team's
activation, and the end."""
Side = Literal["front", "back"]


class Familiar(TypedDict):
    """A familiar hired into a team."""

    id: str
    side: Side
    """Which side is up: the front's action, or the back's (a draw on every familiar)."""
    lock: int | None
    """The letter card locked under it (a lock familiar hired front up with letters in hand)."""


class Spell(TypedDict):
    """A spell laid at a team: its cards in word order, and the letters each stands for."""

    cards: list[int]
    """Cards from the hand, a modified spell's own, or letters locked at the team (which stay
    locked when the spell goes)."""
    letters: list[str]
    """What each card spells: its face, or the letter a wild stands for."""


class Team(TypedDict):
    """One of a seat's four teams (3, 4, 5 and 6+, in that order in ``Player.teams``)."""

    familiars: list[Familiar]
    spell: Spell | None


class Player(TypedDict):
    hand: list[int]
    shown: list[str]
    """Faces every seat knows to be in the hand (those of a spell picked up), sorted; one
    leaves with each card of its face that leaves the hand."""
    score: int
    achievements: list[str]
    teams: list[Team]
    passed: bool
    """Whether the player's last turn was a pass (see :func:`.ending.may_pass`)."""


class Pending(TypedDict):
    """The activation under way."""

    team: int
    unused: list[str]
    """The cards whose action is still open: ``"leader"`` and familiar ids."""


class EvocabularyState(TypedDict):
    """A whole table. Every key is present from set-up on."""

    rng: dict[str, int]
    """The state's own generator (:mod:`crafthall.engine.rng`): its seed and draws so far."""
    leaders: Literal["a", "b"]
    """The leaders' side up (the table's option)."""
    deck: list[int]
    """The letter deck, top first: its order is a secret."""
    discard: list[int]
    """The discard pile, bottom first (face up: every card in it was seen)."""
    wilds: list[int]
    """The face-up pile of wild cards."""
    familiar_deck: list[str]
    """The familiar deck, top first: its order is a secret."""
    market: list[str]
    """The familiars face up for hire."""
    piles: dict[str, list[str]]
    """Each achievement pile by name (``len5``...): the ids still in it, top first."""
    players: list[Player]
    turn: int
    """The seat to play."""
    phase: Phase
    pending: Pending | None
    """The activation under way (``None`` outside one)."""
    quiet: int
    """Turns in a row without a burn or a publish since the deck ran out."""
    scored: bool
    """Whether this turn burned or published (it resets ``quiet``)."""
    second_pass: bool
    stall_rounds: int
    """The table's options of those names, kept here for the search hooks (:mod:`.ending`)."""
    turns: int
    """Turns played so far."""
