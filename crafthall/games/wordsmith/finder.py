"""Word finding from a pool of pieces: which words the pool builds, which piece would help.

Every word of the lexicon (the main list and the words with hyphens or apostrophes) gets its
piece-count vector once (numpy, one row per word). The words a pool builds are found by one
pass over every row and then kept per pool (pools recur: every player starts a challenge
with the same eight pieces, and a pool only grows by single pieces), so a claim query filters
a few hundred rows instead of the whole dictionary. A pass that allows a shortfall of one
piece answers "which single extra piece would unlock the best word".

>>> from crafthall.lexicon import Lexicon
>>> index = PieceIndex.build(Lexicon.from_words(["bag", "cast", "gab", "bags"]))
>>> index.find({"red": 3, "yellow": 2, "blue": 1, "green": 2})
['bag', 'cast', 'gab']
>>> index.best_unlock({"red": 3, "yellow": 2, "blue": 1, "green": 1})
('green', 'bag')
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from crafthall.games.wordsmith.components import (
    PIECES,
    SYMBOLS,
    as_vector,
    has_new_letter,
    letter_counts,
    letter_mask,
    letter_vectors,
)

if TYPE_CHECKING:
    from crafthall.lexicon import Lexicon


Entry = TypeVar("Entry")


class PoolCache(Generic[Entry]):
    """Answers kept per pool, bounded by the memory they hold rather than by the pools: a pool
    of a dozen pieces builds a few hundred words, one of forty (a player who rolls on and on)
    tens of thousands, and a search meets thousands of pools. The pools least recently asked
    about go first once the entries' ``size`` (about their bytes) passes ``budget``."""

    def __init__(self, budget: int, size: Callable[[Entry], int]) -> None:
        self.budget = budget
        self._size = size
        self._entries: OrderedDict[tuple[int, ...], Entry] = OrderedDict()
        self.held = 0
        """The size of every entry together."""

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, vector: tuple[int, ...], make: Callable[[], Entry]) -> Entry:
        """The entry of a pool, made by ``make`` when it is not held."""
        entries = self._entries
        found = entries.get(vector)
        if found is not None:
            entries.move_to_end(vector)
            return found
        found = entries[vector] = make()
        self.held += self._size(found)
        while self.held > self.budget and len(entries) > 1:
            _, dropped = entries.popitem(last=False)
            self.held -= self._size(dropped)
        return found


@dataclass(frozen=True)
class Query:
    """What a claim must satisfy besides being built from the pool.

    ``max_leftover``: at most this many pool pieces left over (``0``: every piece used);
    ``previous``: the word must hold a letter beyond this word's letters, repeats counted
    (:func:`~crafthall.games.wordsmith.components.new_letters`);
    ``required``: the word must hold this symbol (Advanced Game);
    ``excluded``: words already taken.
    """

    min_length: int = 1
    max_leftover: int | None = None
    previous: str | None = None
    required: str | None = None
    excluded: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Built:
    """The words one pool builds: their rows, largest recipes first, and minus their sizes
    (ascending, for a binary search of "at least this many pieces")."""

    rows: npt.NDArray[np.int32]
    neg_sizes: npt.NDArray[np.int16]


def _word_tables(
    words: list[str],
) -> tuple[
    npt.NDArray[np.bool_], npt.NDArray[np.int16], npt.NDArray[np.int64], npt.NDArray[np.int8]
]:
    """For non-empty words at once: whether the alphabet builds each, its recipe vector, its
    letter mask and its letter counts (as :func:`word_vector`, :func:`letter_mask` and
    :func:`letter_counts` give them), summed over the words' bytes with numpy (a dictionary's
    worth in a fraction of a second)."""
    strange = len(SYMBOLS)  # the number of any byte that is not a symbol
    numbers = np.full(256, strange, dtype=np.int64)
    recipes = np.zeros((strange + 1, len(PIECES)), dtype=np.int16)
    bits = np.zeros(strange + 1, dtype=np.int64)
    for number, symbol in enumerate(SYMBOLS):
        numbers[ord(symbol)] = number
        recipes[number] = letter_vectors()[symbol]
        bits[number] = letter_mask(symbol)
    encoded = [word.encode() for word in words]
    lengths = np.array([len(data) for data in encoded], dtype=np.int64)
    starts = (np.cumsum(lengths) - lengths)[: len(words)]
    found = numbers[np.frombuffer(b"".join(encoded), dtype=np.uint8)]
    if not len(found):
        return np.zeros(0, bool), recipes[:0], bits[:0], np.zeros((0, strange), np.int8)
    word_of_byte = np.repeat(np.arange(len(words)), lengths)
    counts = np.bincount(word_of_byte * (strange + 1) + found, minlength=len(words) * (strange + 1))
    return (
        np.add.reduceat((found == strange).astype(np.int64), starts) == 0,
        np.add.reduceat(recipes[found], starts, axis=0).astype(np.int16),
        np.bitwise_or.reduceat(bits[found], starts),
        counts.reshape(len(words), strange + 1)[:, :strange].astype(np.int8),
    )


@lru_cache(maxsize=4096)  # a player's previous word is asked about until the next claim
def _counts(word: str) -> npt.NDArray[np.int8]:
    return np.array(letter_counts(word), dtype=np.int8)


class RecipeGroups:
    """The index's words grouped by recipe (many words share one: 77,000 words of the
    standard list have 13,000 recipes), the largest recipes first, so the words a pool
    builds are found by testing each recipe once."""

    def __init__(self, vectors: npt.NDArray[np.int16]) -> None:
        unique, of_word = np.unique(vectors, axis=0, return_inverse=True)
        order = np.argsort(-unique.sum(axis=1), kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        group_of_word = rank[of_word.reshape(-1)]
        recipes = unique[order]
        self.columns = [np.ascontiguousarray(recipes[:, i]) for i in range(len(PIECES))]
        self.sizes: npt.NDArray[np.int16] = recipes.sum(axis=1, dtype=np.int16)
        self.rows = np.argsort(group_of_word, kind="stable").astype(np.int32)
        """Word rows, group by group."""
        self.counts = np.bincount(group_of_word, minlength=len(recipes))
        self.starts = np.cumsum(self.counts) - self.counts

    def built(self, vector: tuple[int, ...]) -> Built:
        fits = self.sizes <= sum(vector)
        for column, count in zip(self.columns, vector, strict=True):
            fits &= column <= count
        groups = np.flatnonzero(fits)
        counts = self.counts[groups]
        # the positions of the fitting groups' words in ``rows``, run after run
        ends = np.cumsum(counts)
        positions = np.repeat(self.starts[groups] - ends + counts, counts) + np.arange(
            ends[-1] if len(ends) else 0
        )
        return Built(self.rows[positions], np.repeat(-self.sizes[groups], counts))


class PieceIndex:
    """Piece-count vectors of a word list, for fast pool queries."""

    def __init__(self, words: Iterable[str]) -> None:
        # Longest words first (then alphabetical), so the best answers come first.
        ordered = sorted({word for word in words if word}, key=lambda word: (-len(word), word))
        buildable, vectors, masks, letters = _word_tables(ordered)
        self.words: list[str] = [word for word, ok in zip(ordered, buildable, strict=True) if ok]
        self.vectors: npt.NDArray[np.int16] = vectors[buildable]
        self.sizes: npt.NDArray[np.int16] = self.vectors.sum(axis=1, dtype=np.int16)
        self.lengths: npt.NDArray[np.int16] = np.array(
            [len(word) for word in self.words], dtype=np.int16
        )
        self.masks: npt.NDArray[np.int64] = masks[buildable]
        self.letters: npt.NDArray[np.int8] = letters[buildable]
        """Each word's letter counts (in the order of ``SYMBOLS``), for the new-letter rule."""
        self.row_of: dict[str, int] = {word: row for row, word in enumerate(self.words)}
        """Each word's row: its number in the action codec, and its recipe's row."""
        self._lengths: list[int] = self.lengths.tolist()
        self._masks: list[int] = self.masks.tolist()
        self._repeats: list[bool] = (self.letters.max(axis=1, initial=0) > 1).tolist()
        """Whether a word holds a letter twice: only then can it bring a new letter while
        every letter it holds is in the previous word."""
        self._recipes = RecipeGroups(self.vectors)
        self._built: PoolCache[Built] = PoolCache(
            self.BUILT_BYTES, lambda built: 6 * len(built.rows)
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
        if query.required is not None:
            keep &= (self.masks & np.int64(letter_mask(query.required))) != 0
        rows = np.flatnonzero(keep)
        if query.previous is not None:
            rows = rows[self._new_letter(rows, query.previous)]
        short = np.maximum(self.vectors[rows] - vector, 0)
        return rows, short

    BUILT_BYTES = 24_000_000
    """What the pools' answers may hold together (six bytes a word: its row and size)."""

    def built(self, vector: tuple[int, ...]) -> Built:
        """Every word a pool (as a vector) builds, kept per pool."""
        return self._built.get(vector, lambda: self._recipes.built(vector))

    def _window(self, vector: tuple[int, ...], query: Query) -> npt.NDArray[np.int32]:
        """Rows the pool builds with at most ``max_leftover`` pieces left over: the largest
        words, a prefix of the rows sorted by size."""
        found = self.built(vector)
        if query.max_leftover is None:
            return found.rows
        fewest = sum(vector) - query.max_leftover
        return found.rows[: int(np.searchsorted(found.neg_sizes, -fewest, side="right"))]

    def _new_letter(self, rows: npt.NDArray[np.integer], previous: str) -> npt.NDArray[np.bool_]:
        """Which rows hold a letter beyond ``previous``'s letters, repeats counted."""
        result: npt.NDArray[np.bool_] = (self.letters[rows] > _counts(previous)).any(axis=1)
        return result

    def _passes(self, row: int, query: Query, previous: int, required: int) -> bool:
        """The query's other tests for one row (``previous``, ``required``: letter masks)."""
        mask = self._masks[row]
        return (
            self._lengths[row] >= query.min_length
            and (
                query.previous is None
                or mask & ~previous != 0  # a letter the previous word lacks: quick and common
                or (self._repeats[row] and has_new_letter(self.words[row], query.previous))
            )
            and (not required or mask & required != 0)
            and self.words[row] not in query.excluded
        )

    def find(self, pool: Mapping[str, int], query: Query | None = None) -> list[str]:
        """Every word the pool builds under ``query``, longest first."""
        query = query or Query()
        rows = self._window(as_vector(pool), query)
        keep = self.lengths[rows] >= query.min_length
        if query.previous is not None:
            keep &= self._new_letter(rows, query.previous)
        if query.required is not None:
            keep &= (self.masks[rows] & np.int64(letter_mask(query.required))) != 0
        words = self.words
        found = (words[row] for row in np.sort(rows[keep]).tolist())
        return [word for word in found if word not in query.excluded]

    def sample(self, pool: Mapping[str, int], query: Query, rng: random.Random) -> str | None:
        """One word drawn uniformly from :meth:`find`'s answer (``None``: there is none),
        without listing it: a row drawn from those the pool builds with few enough
        leftovers, drawn again while it fails the other tests; after a few misses the
        answer is listed (rare: most rows pass)."""
        rows = self._window(as_vector(pool), query)
        if not len(rows):
            return None
        previous = letter_mask(query.previous) if query.previous else 0
        required = letter_mask(query.required) if query.required else 0
        for _ in range(8):
            row = int(rows[rng.randrange(len(rows))])
            if self._passes(row, query, previous, required):
                return self.words[row]
        found = [row for row in rows.tolist() if self._passes(row, query, previous, required)]
        return self.words[rng.choice(found)] if found else None

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


_INDEXES: dict[str, PieceIndex] = {}


def index_for(lexicon: Lexicon) -> PieceIndex:
    """The piece index of a dictionary, built once per word list (by its content hash, so
    tables that load the same list share it)."""
    index = _INDEXES.get(lexicon.content_hash)
    if index is None:
        index = _INDEXES[lexicon.content_hash] = PieceIndex.build(lexicon)
    return index
