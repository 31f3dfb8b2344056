"""The shape of a Sword Crafters state: what every key of the plain dict holds.

The state stays a plain dict of JSON values (the engine clones it and records replay it), so
these are :class:`TypedDict` descriptions, not classes of their own: they cost nothing at run
time and let the type checker catch a misspelled key or a value of the wrong kind. The engine
hands the game a ``dict[str, Any]``; the ``Game`` methods in :mod:`.rules` read it as a
:class:`SwordCraftersState` once, at that boundary.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from crafthall.games.swordcrafters.sword import Sword

Phase = Literal["slice", "select", "craft", "over"]
"""Slicing the grid, taking groupings, slotting tiles, and the end."""


class Grouping(TypedDict):
    """One grouping of the grid: a rectangle of cells, and who took it (None: nobody yet)."""

    rect: list[int]
    """``[top, left, bottom, right]``, bottom and right exclusive (:mod:`.grid`)."""
    taker: int | None


class SwordCraftersState(TypedDict):
    """A whole table. Every key is present from set-up on; the round's keys (``grid`` to
    ``step``) are laid anew by :func:`.setup.start_round`."""

    rng: dict[str, int]
    """The state's own generator (:mod:`crafthall.engine.rng`): its seed and draws so far."""
    seats: int
    rows: int
    cols: int
    fp: list[int]
    """The first-player tile's cell, ``[row, col]``."""
    pile: list[str]
    """The face-down draw pile, top first: its order is the only secret."""
    magic: list[int]
    """The Sword Magic card ids in play."""
    swords: list[Sword]
    hands: list[list[str]]
    """Each seat's taken tiles not yet slotted."""
    box: list[str]
    """The tiles of groupings nobody took."""
    first: int
    """This round's first player."""
    next_first: int | None
    """Next round's first player, once settled (the taker of the first-player tile)."""
    round: int
    total_tiles: int
    """Sword tiles in the game (pile and swords at set-up): the tiles are never lost."""
    grid: list[list[str | None]]
    """The round's grid by row: a gem name, the first-player tile, or None once lifted."""
    groups: list[Grouping]
    """The groupings, in reading order of their top-left cells (named A, B, C...)."""
    phase: Phase
    order: list[int]
    """Who slices (and then selects), in order."""
    step: int
    """How many of ``order`` have sliced (or selected) this phase."""
