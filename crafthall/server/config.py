"""A table's settings (its ``config`` column) as a typed dict, every default in one place.

The creator chooses a few (:class:`TableChoices`: undo, clock, grace, hints, the take-over
bot); the server adds what it decided (:class:`TableConfig`: a prepared table, the
commitment to the seed, when the game started). Stored tables may predate a setting, so the
column is read through :func:`read_config`, never with ``.get`` and a default of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

ZOMBIE_LEVEL = "casual"
"""The bot that takes over a seat left for good, unless the table chose another."""

STORED_ZOMBIE_LEVEL = "random"
"""What a table stored without a ``zombie_level`` meant: the level before the ladder."""

UNDO = True
"""May players take back their own last action, unless the table says otherwise."""

RATED = True
"""Does a finished game change its accounts' ratings, unless the table says otherwise (a
prepared table never does)."""


class Clock(TypedDict):
    initial: float
    """Seconds on each seat's clock at the start."""
    increment: float
    """Seconds added after each of the seat's actions."""


class Pace(TypedDict):
    """A turn-based table's pace (see :mod:`crafthall.server.turnbased`)."""

    move: float
    """Seconds each move may take (hours or days)."""
    bank: float
    """Seconds more each seat may draw on over the whole game once a move's time is spent."""
    timeout: str
    """When a seat's time runs out: ``skip`` its move, hand it to the take-over ``bot``, or
    ``wait`` for it."""


ON_TIMEOUT = ("skip", "bot", "wait")


class Commitment(TypedDict):
    sha256: str
    """The hex SHA-256 of ``"{salt}:{seed}"``, shown from the start."""
    salt: str


class TableChoices(TypedDict):
    """What a table's creator chooses (and Play again keeps for the next game)."""

    undo: bool
    clock: Clock | None
    """None: no clocks."""
    grace: float | None
    """Seconds a disconnected person's seat may stay away on its turn; None: it waits."""
    hints: bool | None
    """None: hints only for a seat whose every opponent is a bot."""
    zombie_level: str
    pace: Pace | None
    """None: a real-time table (today's); else a turn-based one."""
    rated: bool
    """Does the finished game change the seated accounts' ratings (never a prepared one's)?"""


class TableConfig(TableChoices):
    """A table's whole ``config``: its choices and what the server decided."""

    prepared: bool
    """Its creator chose the seed or the set-up (or it predates commitments)."""
    commitment: Commitment | None
    started_at: float | None
    """When the game started (the server's time); None while seats are open."""


def chosen(given: Mapping[str, Any], zombie_level: str = ZOMBIE_LEVEL) -> TableChoices:
    """The creator's choices in ``given``, each one left out at its default (``zombie_level``:
    the take-over bot of a table that names none)."""
    clock = given.get("clock")
    return {
        "undo": bool(given.get("undo", UNDO)),
        "clock": None
        if not clock
        else {"initial": float(clock["initial"]), "increment": float(clock.get("increment", 0))},
        "grace": given.get("grace"),
        "hints": given.get("hints"),
        "zombie_level": given.get("zombie_level") or zombie_level,
        "pace": _pace(given.get("pace")),
        "rated": bool(given.get("rated", RATED)),
    }


def _pace(given: Mapping[str, Any] | None) -> Pace | None:
    if not given:
        return None
    return {
        "move": float(given["move"]),
        "bank": float(given.get("bank", 0)),
        "timeout": str(given.get("timeout", "skip")),
    }


def new_config(choices: TableChoices, commitment: Commitment | None) -> TableConfig:
    """A new table's config: prepared unless the server drew its seed and committed to it
    (``commitment``); started when its last seat is taken."""
    return {
        **choices,
        "prepared": commitment is None,
        "commitment": commitment,
        "started_at": None,
    }


def read_config(stored: Mapping[str, Any]) -> TableConfig:
    """A stored ``config`` with every setting it lacks at what it meant then: a table from
    before commitments counts as prepared, one from before the ladder has the ``random``
    take-over bot."""
    choices = chosen(stored, STORED_ZOMBIE_LEVEL)
    commitment = stored.get("commitment")
    return {
        "undo": choices["undo"],
        "clock": choices["clock"],
        "grace": choices["grace"],
        "hints": choices["hints"],
        "zombie_level": choices["zombie_level"],
        "pace": choices["pace"],
        "rated": choices["rated"],
        "prepared": bool(stored.get("prepared", commitment is None)),
        "commitment": commitment or None,
        "started_at": stored.get("started_at"),
    }
