"""The sentences sent with each change: every public event worded once, by its game.

A game words its events in :meth:`TextUI.say <crafthall.games.entry.TextUI.say>` and nowhere
else; the server asks it once per change (never per client) and sends the words as the
change's ``said``, so every front end shows the same sentence without knowing the game.
"""

from __future__ import annotations

from collections.abc import Iterable

from crafthall.engine.data import Event
from crafthall.engine.match import Match
from crafthall.games import entry
from crafthall.games.entry import TextUI


def text_of(match: Match) -> TextUI:
    """The game's text object for ``match``'s game and players (make it once and keep it:
    a game may prepare its wording when it is made)."""
    return entry(match.header.game).text(match.game, match.seat_names)


def sentences(text: TextUI, seat: int | None, events: Iterable[Event]) -> list[str]:
    """What the game says of ``events`` of a change by ``seat`` (``None``: the table's own),
    in order, leaving out the events it keeps quiet about."""
    said = (text.say(seat, event) for event in events)
    return [sentence for sentence in said if sentence is not None]
