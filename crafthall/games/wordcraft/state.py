"""The shape of a Wordcraft state: what every key of the plain dict holds.

The state stays a plain dict of JSON values (the engine clones it and records replay it), so
these are :class:`TypedDict` descriptions, not classes of their own: they cost nothing at run
time and let the type checker catch a misspelled key or a value of the wrong kind. The engine
hands the game a ``dict[str, Any]``; the ``Game`` methods in :mod:`.rules` (and the bots and
search hooks, which the engine's layer hands a state too) read it as a
:class:`WordcraftState` once, at that boundary.

Everything is counted per *side*: a player, or a team in the teams variant.
"""

from __future__ import annotations

from typing import TypedDict

from crafthall.engine.data import Event


class UsedWord(TypedDict):
    """A word played this game, in the order played."""

    word: str
    side: int
    round: int


class FinalScores(TypedDict):
    """The game's end, per side: achievement EP, total EP and place (1 is first)."""

    achievement_ep: list[int]
    totals: list[int]
    places: list[int]


class RoundBoard(TypedDict):
    """The round as a word left it, kept to put the round back if the vote takes back the
    word that ended it (:func:`.vote.board_of`)."""

    round: int
    grid: list[str]
    cubes: dict[str, list[int]]
    supply: list[int]
    first: int
    planned: list[list[str] | None]


class WordBefore(TypedDict):
    """What a word changes besides the board, as it was before the word
    (:func:`.vote.before_word`)."""

    passes: int
    turn: int
    trigger: int | None
    last_turns: list[int]
    bonus_ep: int
    """The word's side's round-end bonuses so far."""
    taken_back: int


class Disputable(WordBefore):
    """The last word, open to a vote until the next move, with what taking it back needs."""

    seat: int
    side: int
    word: str
    spelling: list[str]
    claims: list[str]
    """The achievement cards the word put a cube on."""
    board: RoundBoard | None
    """The round before the word, where the word ended it (else nothing to put back)."""
    needed: int
    """Rejections that take the word back."""
    counted: int
    """Sides the majority is counted among."""


class VoteOnWord(TypedDict):
    """The table's vote on a word, as the state holds it and every seat sees it."""

    word: str
    seat: int
    side: int
    caller: int | None
    """The side that called the vote; None for the last word of the game, voted on at once."""
    ballots: list[bool | None]
    """Each side's vote: True keeps the word, False rejects it, None has not voted."""
    needed: int
    """Rejections that take the word back."""


class Ballot(VoteOnWord):
    """The table's vote on a word, in the state."""

    counted: int
    """Sides the majority is counted among."""


class WordcraftState(TypedDict):
    """A whole table. Every key is present from set-up on (:func:`.setup.new_state`)."""

    rng: dict[str, int]
    """The state's own generator (:mod:`crafthall.engine.rng`): its seed and draws so far."""
    side_of: list[int]
    """Each seat's side."""
    sides: int
    round: int
    grid: list[str]
    """This round's letter card ids, in display order."""
    planned: list[list[str] | None]
    """The later rounds' grids laid face down by a fixed set-up (None: drawn at its round)."""
    achievements: list[str]
    """The achievement card ids in play."""
    cubes: dict[str, list[int]]
    """Each grid card's cubes per side."""
    claims: dict[str, list[int]]
    """Each achievement card's cubes per side."""
    supply: list[int]
    letter_ep: list[list[int]]
    """Each finished round's letter EP per side."""
    bonus_ep: list[int]
    """Each side's round-end trigger bonuses."""
    used: list[UsedWord]
    first: int
    """This round's first side."""
    turn: int
    """The side to play."""
    trigger: int | None
    """The side that triggered the round end, if one did."""
    last_turns: list[int]
    """The sides still to take their last turn of the round, in order."""
    passes: int
    """Passes in a row."""
    final: FinalScores | None
    disputable: Disputable | None
    vote: Ballot | None
    rejected: list[str]
    """Words the table's vote rejected this game."""
    taken_back: int
    """Words the vote took back this turn."""
    last_events: list[Event]
