"""Word lists, word finding, word families and syllable counts for crafthall's games.

>>> from crafthall.lexicon import load
>>> lexicon = load()  # "standard"; also "common", "large", or the path of a word list
>>> "quiet" in lexicon, lexicon.check("in", min_length=3)
(True, 'too-short')
"""

from crafthall.lexicon.errors import LexiconError
from crafthall.lexicon.wordlist import (
    ADULT_ONLY,
    DEFAULT_SIZE,
    DEFAULT_SPELLING,
    OFFENSIVE,
    SIZES,
    SPELLINGS,
    Lexicon,
    load,
    pinned,
)

__all__ = [
    "ADULT_ONLY",
    "DEFAULT_SIZE",
    "DEFAULT_SPELLING",
    "OFFENSIVE",
    "SIZES",
    "SPELLINGS",
    "Lexicon",
    "LexiconError",
    "load",
    "pinned",
]
