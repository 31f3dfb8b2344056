"""Carrying out an action: check it, add to the total, pass the turn or end the game."""

from __future__ import annotations

from crafthall.engine.data import Action, Event
from crafthall.engine.errors import IllegalAction

from .moves import amounts
from .state import TemplateGameState


def apply_action(state: TemplateGameState, seat: int, action: Action) -> list[Event]:
    """Add ``action["amount"]`` for ``seat`` (the engine has checked the turn and the shape).
    Every check comes before the first change, so a refused action changes nothing."""
    amount = action["amount"]
    allowed = amounts(state)
    if amount not in allowed:
        raise IllegalAction(
            "bad-amount",
            f"You may add 1 to {allowed[-1]} now (the total is {state['total']} of "
            f"{state['target']}); {amount} is not one of them.",
        )
    state["total"] += amount
    state["added"][seat] += amount
    events: list[Event] = [
        {"type": "added", "seat": seat, "amount": amount, "total": state["total"]}
    ]
    if state["total"] == state["target"]:
        state["winner"] = seat
        events.append({"type": "reached", "seat": seat, "target": state["target"]})
    else:
        state["to_play"] = (seat + 1) % state["seats"]
    return events
