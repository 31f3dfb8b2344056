"""Evocabulary (Dan Bate): craft spells from letter cards to activate teams of familiars."""

from crafthall.games.entry import GameEntry
from crafthall.games.evocabulary.bots import BOTS
from crafthall.games.evocabulary.facts import study_facts
from crafthall.games.evocabulary.options import EvocabularyOptions
from crafthall.games.evocabulary.rules import Evocabulary
from crafthall.games.evocabulary.search import POLICY
from crafthall.games.evocabulary.text import REMINDERS, EvocabularyText

ENTRY = GameEntry(
    game=Evocabulary,
    text=EvocabularyText,
    summary="Spell words to activate teams of familiars; publish spells for points (2-6).",
    bots=BOTS,
    search=POLICY,
    facts=study_facts,
    reminders=REMINDERS,
)

__all__ = ["ENTRY", "Evocabulary", "EvocabularyOptions"]
