"""The one exception type of the lexicon package."""

from __future__ import annotations


class LexiconError(Exception):
    """A word list cannot be loaded or used; the message says what is wrong and what to do."""
