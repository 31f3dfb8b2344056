"""Word finding from a pool of pieces: which words the pool builds, which piece would help.

Every word of the lexicon (the main list and the words with hyphens or apostrophes) gets its
piece-count vector once (numpy, one row per word); a query subtracts the pool from every row
and keeps the rows with no shortfall. The same pass finds the words exactly one piece short,
which answers "which single extra piece would unlock the best word".

>>> from crafthall.lexicon import Lexicon
>>> index = PieceIndex.build(Lexicon.from_words(["bag", "cast", "gab", "bags"]))
>>> index.find({"red": 3, "yellow": 2, "blue": 1, "green": 2})
['bag', 'cast', 'gab']
>>> index.best_unlock({"red": 3, "yellow": 2, "blue": 1, "green": 1})
('green', 'bag')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crafthall.games.wordsmith.components import PIECES, as_vector, letter_mask, word_vector

if TYPE_CHECKING:
    from crafthall.lexicon import Lexicon


@dataclass(frozen=True)
class Query:
    """What a claim must satisfy besides being built from the pool.

    ``max_leftover``: at most this many pool pieces left over (``0``: every piece used);
    ``previous``: the word must hold a symbol that this word does not;
    ``required``: the word must hold this symbol (Advanced Game);
    ``excluded``: words already taken.
    """

    min_length: int = 1
    max_leftover: int | None = None
    previous: str | None = None
    required: str | None = None
    excluded: frozenset[str] = frozenset()


class PieceIndex:
    """Piece-count vectors of a word list, for fast pool queries."""

    def __init__(self, words: Iterable[str]) -> None:
        kept: list[str] = []
        rows: list[tuple[int, ...]] = []
        for word in sorted(set(words)):
            vector = word_vector(word)
            if vector is not None and word:
                kept.append(word)
                rows.append(vector)
        # Longest words first (then alphabetical), so the best answers come first.
        order = sorted(range(len(kept)), key=lambda i: (-len(kept[i]), kept[i]))
        self.words: list[str] = [kept[i] for i in order]
        self.vectors: npt.NDArray[np.int16] = np.array(
            [rows[i] for i in order], dtype=np.int16
        ).reshape(-1, len(PIECES))
        self.sizes: npt.NDArray[np.int16] = self.vectors.sum(axis=1, dtype=np.int16)
        self.lengths: npt.NDArray[np.int16] = np.array(
            [len(word) for word in self.words], dtype=np.int16
        )
        self.masks: npt.NDArray[np.int64] = np.array(
            [letter_mask(word) for word in self.words], dtype=np.int64
        )

    @classmethod
    def build(cls, lexicon: Lexicon) -> PieceIndex:
        return cls([*lexicon.words, *lexicon.extra_words])

    def __len__(self) -> int:
        return len(self.words)

    def _shortfall(
        self, pool: Mapping[str, int], query: Query, extra: int
    ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int16]]:
        """Rows passing the query's filters that need at most ``extra`` more pieces, and
        each row's shortfall per piece."""
        vector = np.array(as_vector(pool), dtype=np.int16)
        total = int(vector.sum())
        keep = (self.lengths >= query.min_length) & (self.sizes <= total + extra)
        if query.max_leftover is not None:
            keep &= self.sizes >= total + extra - query.max_leftover
        if query.previous is not None:
            keep &= (self.masks & ~np.int64(letter_mask(query.previous))) != 0
        if query.required is not None:
            keep &= (self.masks & np.int64(letter_mask(query.required))) != 0
        rows = np.flatnonzero(keep)
        short = np.maximum(self.vectors[rows] - vector, 0)
        return rows, short

    def find(self, pool: Mapping[str, int], query: Query | None = None) -> list[str]:
        """Every word the pool builds under ``query``, longest first."""
        query = query or Query()
        rows, short = self._shortfall(pool, query, 0)
        found = rows[short.sum(axis=1) == 0]
        return [self.words[i] for i in found if self.words[i] not in query.excluded]

    def unlocks(self, pool: Mapping[str, int], query: Query | None = None) -> dict[str, str]:
        """For each piece colour, the longest word that one more piece of it would unlock.

        ``max_leftover`` in the query is counted against the pool with the extra piece.
        """
        query = query or Query()
        rows, short = self._shortfall(pool, query, 1)
        one_short = short.sum(axis=1) == 1
        best: dict[str, str] = {}
        for row, need in zip(rows[one_short], short[one_short], strict=True):
            piece = PIECES[int(np.argmax(need))]
            word = self.words[row]
            if piece not in best and word not in query.excluded:
                best[piece] = word
            if len(best) == len(PIECES):
                break
        return best

    def best_unlock(
        self, pool: Mapping[str, int], query: Query | None = None
    ) -> tuple[str, str] | None:
        """The single extra piece that unlocks the longest word, and that word."""
        options = self.unlocks(pool, query)
        if not options:
            return None
        piece = max(options, key=lambda p: (len(options[p]), -PIECES.index(p)))
        return piece, options[piece]


_INDEXES: dict[int, tuple[Lexicon, PieceIndex]] = {}


def index_for(lexicon: Lexicon) -> PieceIndex:
    """The (cached) piece index of a lexicon; built once per lexicon object."""
    cached = _INDEXES.get(id(lexicon))
    if cached is None or cached[0] is not lexicon:
        cached = (lexicon, PieceIndex.build(lexicon))
        _INDEXES[id(lexicon)] = cached
    return cached[1]
