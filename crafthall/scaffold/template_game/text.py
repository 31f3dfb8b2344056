"""Template Game in words: the terminal screen, what a player types, the rules in brief, and
the one sentence for each event that every front end shows (the server sends it, the browser
and the terminal print it)."""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.text import Text

from crafthall.engine.data import Action, Event, View
from crafthall.engine.errors import IllegalAction
from crafthall.games.entry import Board, TextUI

REMINDERS = (
    "Players take turns adding 1, 2 or 3 (the table's largest step) to a shared total.",
    "You may not pass the target; whoever brings the total exactly to the target wins.",
)

HELP = "Type how much to add, e.g. 2."


class TemplateGameText(TextUI):
    def render(self, view: View, seat: int | None) -> RenderableType:
        who = self.names[view["to_play"]]
        counts = ", ".join(
            f"{name} {added}" for name, added in zip(self.names, view["added"], strict=True)
        )
        board = Board(
            Text.assemble(("Total ", "bold"), f"{view['total']} of {view['target']}"),
            Text(
                f"{who} to play."
                if view["winner"] is None
                else f"{self.names[view['winner']]} won."
            ),
        )
        return Group(Text("Template Game", style="bold"), board, Text(f"Added so far: {counts}."))

    def parse(self, text: str, view: View, seat: int) -> Action:
        found = re.fullmatch(r"\s*(?:add\s+)?(\d+)\s*", text.lower())
        if found is None:
            raise IllegalAction("unreadable-input", f"I could not read that. {HELP}")
        return {"type": "add", "amount": int(found.group(1))}

    def help(self) -> str:
        return "\n".join([*REMINDERS, HELP])

    def say(self, seat: int | None, event: Event) -> str | None:
        name = self.names[event["seat"]]
        if event["type"] == "added":
            return f"{name} adds {event['amount']}: the total is {event['total']}."
        if event["type"] == "reached":
            return f"{name} reaches {event['target']} and wins."
        return super().say(seat, event)
