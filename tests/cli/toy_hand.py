"""Registry module of the test-only game ``toy-hand``: toy-turns where a seat keeps the turn
over several ``add`` actions until it rolls, with a hidden die each (a hot-seat game whose
turns span several actions), and a text screen that reads ``add N`` and ``roll``."""

from __future__ import annotations

from crafthall.engine import Action, Event, State, View
from crafthall.engine.errors import IllegalAction
from crafthall.games.entry import GameEntry, TextUI
from tests.toygames import ToyTurns


class ToyHand(ToyTurns):
    name = "toy-hand"
    title = "Toy Hand"

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        events = super().apply(state, seat, action)
        if action["type"] == "add":
            state["turn"] = seat  # adding keeps the turn; rolling ends it
        return events


class HandText(TextUI):
    def render(self, view: View, seat: int | None) -> str:
        return f"HAND OF SEAT {seat}: {view['my_secret']} · scores {view['scores']}"

    def parse(self, text: str, view: View, seat: int) -> Action:
        words = text.split()
        if words == ["roll"]:
            return {"type": "roll"}
        if len(words) == 2 and words[0] == "add" and words[1].isdigit():
            return {"type": "add", "amount": int(words[1])}
        raise IllegalAction("unreadable-input", f"'{text}' is not a command: add N or roll.")

    def help(self) -> str:
        return "add N: add N points and keep the turn; roll: roll your die and end the turn"

    def describe(self, seat: int, action: Action, events: list[Event]) -> str:
        return f"{self.names[seat]} did {action['type']} {action.get('amount', '')}".strip()

    def private_between_seats(self) -> bool:
        return True


ENTRY = GameEntry(game=ToyHand, text=HandText, summary="a toy hot-seat game (tests only)")
