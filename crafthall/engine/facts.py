"""Study facts: figures a balance study reports about a finished game beyond scores and wins.

A game's extractor (``GameEntry.facts``, written in the game's ``facts.py``) reads only what is
public once a game is over (its events, the final views and the result), never the rules'
internals, so a study works from any finished match or record. A game without one still gets
the generic figures (scores, wins, length).

Facts come in three kinds:

- ``table``: one number per game (``rounds`` is read by the study's length plot);
- ``seats``: numbers per seat (a share of the score, spells published);
- ``components``: rows ``(family, name, seat, value)`` about one card, letter or power. A row
  with ``value > 0`` means the seat *holds* the component in that game (won the letter, hired
  the familiar, used the zone), which is how the study measures whether holding it goes with
  winning. ``seat`` is ``None`` for a fact about the table (a magic card's tie rule fired).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from crafthall.engine.data import Event, View
from crafthall.engine.game import Result


@dataclass(frozen=True)
class Finished:
    """What is public about one finished game."""

    game: str
    seats: int
    events: list[Event]
    table: View
    """The spectator's final view."""
    views: list[View]
    """Each seat's final view."""
    result: Result


@dataclass(frozen=True)
class Component:
    family: str
    name: str
    seat: int | None
    value: float


@dataclass
class Facts:
    table: dict[str, float] = field(default_factory=dict)
    seats: list[dict[str, float]] = field(default_factory=list)
    components: list[Component] = field(default_factory=list)


Extractor = Callable[[Finished], Facts]
"""A game's study facts from a finished game."""


def share(part: float, total: float) -> float:
    """``part`` as a share of ``total`` (0 when the total is 0)."""
    return part / total if total else 0.0


def count_events(events: list[Event], kind: str) -> int:
    """How many of ``events`` are of type ``kind``."""
    return sum(1 for event in events if event.get("type") == kind)
