"""Enchanted Grid: lay letter cards on an open grid, claim the words, enchant with zones."""

from crafthall.games.enchanted_grid.bots import EnchantedGridGreedy
from crafthall.games.enchanted_grid.facts import study_facts
from crafthall.games.enchanted_grid.options import EnchantedGridOptions
from crafthall.games.enchanted_grid.rules import EnchantedGrid
from crafthall.games.enchanted_grid.search import POLICY
from crafthall.games.enchanted_grid.text import REMINDERS, EnchantedGridText
from crafthall.games.entry import GameEntry

ENTRY = GameEntry(
    game=EnchantedGrid,
    text=EnchantedGridText,
    summary="Lay letter cards on an open grid, claim the words they make, enchant with zones.",
    bots={"greedy": EnchantedGridGreedy},
    search=POLICY,
    facts=study_facts,
    reminders=REMINDERS,
)

__all__ = [
    "ENTRY",
    "EnchantedGrid",
    "EnchantedGridGreedy",
    "EnchantedGridOptions",
    "EnchantedGridText",
]
