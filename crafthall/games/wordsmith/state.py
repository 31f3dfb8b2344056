"""The shape of a Wordsmith state: what every key of the plain dict holds.

The state stays a plain dict of JSON values (the engine clones it and records replay it), so
these are :class:`TypedDict` descriptions, not classes of their own: they cost nothing at run
time and let the type checker catch a misspelled key or a value of the wrong kind. The engine
hands the game a ``dict[str, Any]``; the ``Game`` methods in :mod:`.rules` (and the search
policy's, in :mod:`.search`) read it as a :class:`WordsmithState` once, at that boundary.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Pool = dict[str, int]
"""Pieces by colour (``red``, ``yellow``, ``blue``, ``green``), zeros kept."""

Phase = Literal["race", "word", "last-words", "over"]
"""The race, a Word by Word word, the one more word after Done, and the end."""

Status = Literal["playing", "waiting", "passed", "done", "finished"]
"""A player's part in the challenge: may act; waits for the next Word by Word word; passed;
called Done; claimed the one more word after Done."""


RngRecord = dict[str, int]
"""The state's own generator, as :mod:`crafthall.engine.rng` makes and advances it: its
``seed`` and ``draws`` so far."""


class PlayerState(TypedDict):
    """A player's pieces and score sheet in the current challenge."""

    pool: Pool
    """The pieces held."""
    sheet: list[str | None]
    """The six lines: a word, or None while free."""
    order: list[int]
    """The lines in the order their words were claimed."""
    last: str | None
    """The previous word (the new-letter rule reads it)."""
    discards: int
    """Discard boxes checked."""
    crossed: int
    """Free boxes crossed out for the player's level (``handicap``)."""
    pending: list[str] | None
    """The colours a wild or empty-compartment roll allows, until the piece is taken (the tray
    decides which are offered); None when no roll waits."""
    wilds: int
    """Word by Word wild circles left for this word."""
    status: Status


class ScoredLine(TypedDict):
    """One word of a scored sheet, in claim order."""

    line: int
    word: str
    points: int
    valid: bool
    """False only in Secret Wordsmith, for a word found invalid at scoring."""
    reason: str
    """Why it is invalid ("" when valid)."""


class ChallengeRecord(TypedDict):
    """A scored challenge, kept in the history (and public in every view)."""

    challenge: int
    required: str | None
    sheets: list[list[ScoredLine]]
    bonus: list[int]
    """Each seat's unchecked bonus boxes."""
    scores: list[int]


class WordsmithState(TypedDict):
    """A whole table. Every key but ``rollout_challenge`` is present from set-up on; the
    challenge's keys (``tray`` to ``players``) are laid anew by :func:`.setup.start_challenge`."""

    rng: RngRecord
    seats: int
    box: Pool
    """Every piece of the game (the tray's contents at the start of a challenge)."""
    fixed_pools: list[Pool]
    """Starting pools a fixed set-up gives, one per challenge (empty: rolled)."""
    fixed_required: list[str] | None
    """Advanced Game letters a fixed set-up gives, one string per challenge."""
    forced: list[str]
    """Die faces a fixed set-up forces, used before the generator."""
    challenge: int
    """The current challenge, from 1."""
    phase: Phase
    tray: Pool
    required: str | None
    """The Advanced Game's six letters, one per sheet line (None: not the Advanced Game)."""
    start_pool: Pool
    """The pieces every player started this challenge with."""
    claimed: dict[str, int]
    """Each word claimed in this challenge, with the seat that claimed it first."""
    done_by: int | None
    round: int
    """Word by Word: the word being built, from 0."""
    round_roll: list[str]
    """Word by Word: this word's dice."""
    players: list[PlayerState]
    totals: list[int]
    """Each seat's points over the scored challenges."""
    history: list[ChallengeRecord]
    rollout_challenge: NotRequired[int]
    """Only in a search's rollout world: the challenge the rollout started in
    (:mod:`.search`)."""
