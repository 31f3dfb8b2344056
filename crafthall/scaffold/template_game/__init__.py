"""Template Game: players take turns adding to a shared total; whoever reaches the target wins.

A small, whole game that shows the layout every crafthall game follows (docs/adding-a-game.md);
``crafthall new-game`` copies it as the start of a new game.
"""

from crafthall.games.entry import GameEntry

from .facts import study_facts
from .rules import TemplateGame
from .text import REMINDERS, TemplateGameText

ENTRY = GameEntry(
    game=TemplateGame,
    text=TemplateGameText,
    summary="Take turns adding to a shared total; whoever reaches the target wins.",
    facts=study_facts,
    reminders=REMINDERS,
)

__all__ = ["ENTRY", "TemplateGame", "TemplateGameText"]
