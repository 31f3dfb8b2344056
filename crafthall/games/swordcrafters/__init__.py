"""Sword Crafters: slice a grid of sword tiles, pick groupings, and craft the best sword."""

from crafthall.games.entry import GameEntry
from crafthall.games.swordcrafters.facts import study_facts
from crafthall.games.swordcrafters.rules import SwordCrafters
from crafthall.games.swordcrafters.search import POLICY
from crafthall.games.swordcrafters.text import REMINDERS, SwordCraftersText

ENTRY = GameEntry(
    game=SwordCrafters,
    text=SwordCraftersText,
    summary="Slice a grid of gem tiles, choose groupings, and craft the longest, finest sword.",
    search=POLICY,
    facts=study_facts,
    reminders=REMINDERS,
)

__all__ = ["ENTRY"]
