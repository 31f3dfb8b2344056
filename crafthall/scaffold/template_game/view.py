"""What a seat sees: everything (Template Game hides nothing)."""

from __future__ import annotations

from typing import TypedDict

from .state import TemplateGameState


class TemplateGameTable(TypedDict):
    """The part of the view after the engine's frame."""

    total: int
    target: int
    largest_step: int
    to_play: int
    added: list[int]
    winner: int | None


def table_view(state: TemplateGameState) -> TemplateGameTable:
    return {
        "total": state["total"],
        "target": state["target"],
        "largest_step": state["largest_step"],
        "to_play": state["to_play"],
        "added": list(state["added"]),
        "winner": state["winner"],
    }


def prompt(state: TemplateGameState, seat: int | None) -> str:
    """What ``seat`` should do now, in a sentence (empty when it has nothing to do)."""
    if state["winner"] is not None or seat != state["to_play"]:
        return ""
    left = state["target"] - state["total"]
    return f"Add 1 to {min(state['largest_step'], left)}: {left} to go to reach {state['target']}."
