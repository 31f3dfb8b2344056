"""Enchanted Grid's table options: round length, hand size, shortest word, dictionary, how
columns read."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from crafthall.games.wordgame import WordGameOptions, dictionary_option


class EnchantedGridOptions(WordGameOptions):
    # Words are claimed automatically, so the default list holds only words the players would
    # see themselves: the standard list's BI, ER, XI or OI would be claimed unnoticed.
    dictionary: str = dictionary_option(
        "common",
        "Dictionary for reading words: common (default), standard, large, or a word list path.",
    )
    round_cards: int = Field(
        14,
        ge=2,
        le=120,
        description="Cards played (by all players together) in a round; the sample play uses 14.",
    )
    hand_size: int = Field(5, ge=1, le=10, description="Cards in each player's hand.")
    min_word: int = Field(
        2, ge=2, le=5, description="Shortest word that counts on the grid (the sample claims GO)."
    )
    # The sample play reads GO down a column and then names the same column DOG read up it; no
    # single direction makes both. Top to bottom (GO, then GOD) is the default; "either" reads a
    # column both ways (GO down, DOG up), as the rules page explains.
    reading: Literal["down", "either"] = Field(
        "down",
        description="How a column reads: down (top to bottom, the default) or either (top to "
        "bottom or bottom to top, the longer word; on equal length the upward one, so D under "
        "G-O claims the sample's DOG). Rows always read left to right.",
    )
