"""The state of a Template Game table: a plain dict, typed so that a misspelled key is an error."""

from __future__ import annotations

from typing import TypedDict


class TemplateGameState(TypedDict):
    seats: int
    target: int
    """The total to reach (from the table's options)."""
    largest_step: int
    """The most a player may add in one turn."""
    total: int
    to_play: int
    """The seat whose turn it is."""
    added: list[int]
    """What each seat has added so far."""
    winner: int | None
