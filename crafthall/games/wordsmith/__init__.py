"""Wordsmith: build words from four kinds of letter pieces, racing the other players."""

from crafthall.games.entry import GameEntry
from crafthall.games.wordsmith.bots import BOTS
from crafthall.games.wordsmith.facts import study_facts
from crafthall.games.wordsmith.rules import Wordsmith
from crafthall.games.wordsmith.search import POLICY
from crafthall.games.wordsmith.text import REMINDERS, WordsmithText

ENTRY = GameEntry(
    game=Wordsmith,
    text=WordsmithText,
    summary="Race to build six words from letter pieces (long, short, large and small curves).",
    bots=BOTS,
    search=POLICY,
    facts=study_facts,
    reminders=REMINDERS,
)

__all__ = ["ENTRY", "Wordsmith"]
