"""Wordcraft: craft words from a grid of letter cards; win letter majorities and achievements."""

from crafthall.games.entry import GameEntry
from crafthall.games.wordcraft.bots import WordcraftGreedy
from crafthall.games.wordcraft.facts import study_facts
from crafthall.games.wordcraft.options import WordcraftOptions
from crafthall.games.wordcraft.rules import Wordcraft
from crafthall.games.wordcraft.search import POLICY
from crafthall.games.wordcraft.text import REMINDERS, WordcraftText

ENTRY = GameEntry(
    game=Wordcraft,
    text=WordcraftText,
    summary="Craft words from a grid of letter cards; win letter majorities and achievements.",
    bots={"greedy": WordcraftGreedy},
    search=POLICY,
    facts=study_facts,
    reminders=REMINDERS,
)

__all__ = ["ENTRY", "Wordcraft", "WordcraftGreedy", "WordcraftOptions", "WordcraftText"]
