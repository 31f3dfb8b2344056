"""The legal actions: ``{"type": "add", "amount": n}`` for each n from 1 to the largest step
that does not pass the target."""

from __future__ import annotations

from collections.abc import Iterator

from crafthall.engine.data import Action
from crafthall.engine.shapes import ActionShape, ActionShapes

from .state import TemplateGameState

ACTIONS: ActionShapes = {"add": ActionShape(required={"amount": int})}
"""The shape of every action, checked by the engine before the rules see it."""


def amounts(state: TemplateGameState) -> range:
    """The amounts the player to play may add now."""
    return range(1, min(state["largest_step"], state["target"] - state["total"]) + 1)


def legal(state: TemplateGameState, seat: int) -> Iterator[Action]:
    if state["winner"] is None and seat == state["to_play"]:
        for amount in amounts(state):
            yield {"type": "add", "amount": amount}
