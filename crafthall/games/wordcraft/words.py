"""Wordcraft's words, worked out once per dictionary and once per grid.

A word is laid with the fewest cubes when every QU is laid on the Qu card alone; its *cards*
are then one letter card per letter, the Qu card standing for each QU (or a Q without U). This
module writes those cards as a string in which ``q`` is the Qu card: ``quiet`` -> ``qiet``.
On that string, the cards a word needs, its cubes and the achievements it fulfils are plain
letter arithmetic, done once for the whole dictionary with numpy:

>>> from crafthall.lexicon import Lexicon
>>> table = dictionary_words(Lexicon.from_words(["tree", "quiet", "trees", "at"]))
>>> grid = table.on_grid(("a", "e", "t", "r", "s", "d", "l", "m", "w", "g", "k", "z"))
>>> grid.words, grid.affordable(4)
(['tree', 'trees'], 1)
>>> sorted(table.family("tree")), sorted(table.derivatives("trees"))
(['tree', 'trees'], ['tree', 'trees'])

A grid's words are then one mask test over the few thousand words filed under its blue and red
cards (:data:`FILED`), and a played word's family is a lookup in the dictionary's shipped roots;
the words of it that stem from the played word are worked out from there once per word
(:func:`crafthall.lexicon.families.derivatives`).
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from functools import _lru_cache_wrapper, cached_property, lru_cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from crafthall.games.wordcraft.components import Achievement, achievements, colours, letters
from crafthall.games.wordcraft.spelling import QU
from crafthall.games.wordcraft.state import UsedWord
from crafthall.lexicon import Lexicon
from crafthall.lexicon.families import derivatives

MIN_LETTERS = 3
_ORD_A = ord("a")
ALL_CARDS = (1 << 26) - 1
# Caches stay small: whatever they hold, the garbage collector walks on every full collection
_GRID_CACHE = 32
_PLAYED_CACHE = 256
Filed = tuple[npt.NDArray[np.intp], npt.NDArray[np.uint32]]
"""The rows of a filing, and the cards each row needs."""
_FILED_KEPT = 96
"""Filings kept (:meth:`DictionaryWords._filed_under`): every pair of blue and pair of red
cards a grid can show (6 x 15 = 90), a few hundred kB each."""
_FAMILIES_KEPT = 16384
"""Words whose family (and, apart, whose derivatives) are kept. A two-seat game of ``casual``
bots meets about 300 new words and asks again for most of them within the game: this keeps
the words of the last few dozen games, a fifth of the standard list (all of it, with its
lemmas, would be about 55 MB in a worker)."""


def card_string(word: str) -> str:
    """The fewest-cubes cards of ``word`` as a string, ``q`` standing for the Qu card."""
    return word.replace(QU, "q")


def fewest_cubes(word: str) -> list[str]:
    """The card ids of the fewest-cubes spelling: ``quiet`` -> ``['qu', 'i', 'e', 't']``."""
    if "q" not in word:
        return list(word)
    return [QU if char == "q" else char for char in card_string(word)]


def grid_mask(cards: tuple[str, ...] | list[str]) -> int:
    """The grid's cards as a 26-bit mask (the Qu card is the bit of ``q``)."""
    mask = 0
    for card in cards:
        mask |= 1 << (ord(card[0]) - _ORD_A)
    return mask


def _letters_of(*colour_ids: str) -> int:
    return grid_mask([card.id for card in letters().values() if card.colour in colour_ids])


FILED = _letters_of("blue", "red")
"""A grid shows 2 of the 4 blue cards (the vowels A E I O) and 2 of the 6 red ones: the words
are filed by the blue and red letters they need (at most 6 x 15 ways), so that a new grid's
words are sought among a few thousand rather than the whole dictionary."""


ACHIEVEMENT_BIT: dict[str, int] = {card: 1 << bit for bit, card in enumerate(achievements())}
"""Achievement card -> its bit in :attr:`GridWords.fulfils` (the order of components.json)."""


@dataclass(frozen=True)
class GridWords:
    """The dictionary words one grid spells, fewest cubes first, with what each fulfils.

    Drawing a word reads only the few words drawn (:meth:`word`); listing them all reads
    :attr:`words` and :attr:`fulfils`, made on first use.
    """

    table: DictionaryWords
    rows: npt.NDArray[np.intp]
    """The table's rows of the grid's words (so fewest cubes first, then alphabetical)."""
    within: list[int]
    """``within[n]``: how many words (the first of ``rows``) need at most ``n`` cubes."""
    has_u_card: bool
    """With the U card on the grid, a QU word may also be laid QU-U (one more cube)."""

    def affordable(self, supply: int) -> int:
        """How many words (the first of ``rows``) a side with ``supply`` cubes can lay."""
        return self.within[min(supply, len(self.within) - 1)]

    def word(self, position: int) -> str:
        word: str = self.table.spelled[self.rows[position]]
        return word

    def fulfilled(self, position: int) -> int:
        """The achievement bits (:data:`ACHIEVEMENT_BIT`) of a word's fewest-cubes spelling."""
        return int(self.table.fulfils[self.rows[position]])

    @cached_property
    def words(self) -> list[str]:
        return self.table.spelled[self.rows].tolist()

    @cached_property
    def fulfils(self) -> list[int]:
        return self.table.fulfils[self.rows].tolist()

    @cached_property
    def spellings(self) -> list[list[str]]:
        """Each word's fewest-cubes spelling (the table's lists: read them, never change them)."""
        return list(map(self.table.fewest.__getitem__, self.rows.tolist()))

    def fulfils_of(self, cards: int) -> list[int]:
        """:attr:`fulfils` with only the bits of ``cards`` (achievement bits) kept."""
        kept: list[int] = (self.table.fulfils[self.rows] & np.uint16(cards)).tolist()
        return kept


@dataclass
class DictionaryWords:
    """One dictionary's words as arrays (every word of 3+ letters), for fast grid queries.

    The arrays have a row per word of 3+ letters, fewest cubes first, then alphabetical.
    """

    words: list[str]
    """The dictionary's main list, sorted (the action codec numbers words by it)."""
    index: dict[str, int]
    """Word -> its position in ``words``."""
    spelled: npt.NDArray[np.object_]
    """The words of 3+ letters, row by row."""
    needs: npt.NDArray[np.uint32]
    """The cards a row's fewest-cubes spelling needs (:func:`grid_mask`)."""
    fulfils: npt.NDArray[np.uint16]
    """The achievements (:data:`ACHIEVEMENT_BIT`) a row's fewest-cubes spelling fulfils."""
    fewest: list[list[str]]
    """A row's fewest-cubes spelling, made once: every listed move of the word shares it."""
    past: npt.NDArray[np.intp]
    """``past[n]``: the first row needing more than ``n`` cubes."""
    roots: dict[str, tuple[str, ...]]
    """Root -> the words of 3+ letters having it besides the root itself."""
    lexicon: Lexicon
    most_qu: int
    """The most QU in one word: a word has at most ``2 ** most_qu`` spellings."""
    _grids: dict[tuple[str, ...], GridWords] = field(default_factory=dict)
    _played: dict[tuple[bool, tuple[str, ...]], frozenset[str]] = field(default_factory=dict)
    _families: _lru_cache_wrapper[tuple[str, ...]] = field(init=False, repr=False)
    _derivatives: _lru_cache_wrapper[tuple[str, ...]] = field(init=False, repr=False)
    _filed: _lru_cache_wrapper[Filed] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._families = lru_cache(maxsize=_FAMILIES_KEPT)(self._family_of)
        self._derivatives = lru_cache(maxsize=_FAMILIES_KEPT)(self._derivatives_of)
        self._filed = lru_cache(maxsize=_FILED_KEPT)(self._file)

    def check(self, word: str) -> str | None:
        """``Lexicon.check(word, min_length=3)``, at once for a word of the list."""
        if len(word) >= MIN_LETTERS and word in self.index:
            return None
        return self.lexicon.check(word, min_length=MIN_LETTERS)

    def on_grid(self, grid: tuple[str, ...]) -> GridWords:
        """The words ``grid`` spells (cached for the last few dozen grids)."""
        found = self._grids.get(grid)
        if found is None:
            if len(self._grids) >= _GRID_CACHE:
                self._grids.clear()
            found = self._grids[grid] = self._spelled_by(grid)
        return found

    def _filed_under(self, cards: int) -> Filed:
        """The rows (and what they need) of the words whose blue and red letters are among
        ``cards``."""
        return self._filed(cards & FILED)

    def _file(self, key: int) -> Filed:
        rows = np.flatnonzero((self.needs & np.uint32(FILED & ~key)) == 0)
        return rows, self.needs[rows]

    def _spelled_by(self, grid: tuple[str, ...]) -> GridWords:
        cards = grid_mask(grid)
        filed, needs = self._filed_under(cards)
        rows = filed[(needs & np.uint32(ALL_CARDS & ~cards)) == 0]
        within = np.searchsorted(rows, self.past).tolist()
        return GridWords(self, rows, within, has_u_card="u" in grid)

    def family(self, word: str) -> tuple[str, ...]:
        """The dictionary words (3+ letters) of ``word``'s family, ``word`` itself included:
        the words that share a root with it (``Lexicon.family_roots``). A tuple, as a tuple
        of strings is out of the garbage collector's sight."""
        return self._families(word)

    def _family_of(self, word: str) -> tuple[str, ...]:
        members = {word}
        for root in self.lexicon.family_roots(word):
            members.update(self.roots.get(root, ()))
            if root in self.index and len(root) >= MIN_LETTERS:
                members.add(root)
        return tuple(members)

    def derivatives(self, word: str) -> tuple[str, ...]:
        """The words of ``word``'s family that stem from it, ``word`` itself included: its
        forms, and its derivatives and theirs (HAPPY: HAPPIER, HAPPINESS, UNHAPPINESS...;
        HAPPINESS: HAPPINESS, UNHAPPINESS). See :func:`crafthall.lexicon.families.derivatives`."""
        return self._derivatives(word)

    def _derivatives_of(self, word: str) -> tuple[str, ...]:
        return tuple(derivatives(word, self.family(word), self.lexicon.family_roots))

    def ruled_out_by(self, word: str, related: bool) -> tuple[str, ...]:
        """The words a played ``word`` rules out: those that stem from it, or with
        ``related`` its whole family (every word sharing a root with it, either way)."""
        return self.family(word) if related else self.derivatives(word)

    def played_families(self, used: list[UsedWord], related: bool = False) -> frozenset[str]:
        """Every word ruled out by the words played so far (``state["used"]``): those words
        and what they rule out (:meth:`ruled_out_by`). Cached by the words played, as every
        move of a turn asks; a game adds one word at a time, so the words before the last are
        usually cached already."""
        words = tuple([entry["word"] for entry in used])
        key = (related, words)
        found = self._played.get(key)
        if found is None:
            if len(self._played) >= _PLAYED_CACHE:
                self._played.clear()
            before = self._played.get((related, words[:-1])) if words else frozenset()
            if before is None:
                before = frozenset().union(
                    *(self.ruled_out_by(word, related) for word in words[:-1])
                )
            found = before.union(self.ruled_out_by(words[-1], related)) if words else before
            self._played[key] = found
        return found


_TABLES: dict[str, DictionaryWords] = {}


def dictionary_words(lexicon: Lexicon) -> DictionaryWords:
    """The tables of ``lexicon``, built once per dictionary (keyed by its content hash)."""
    key = lexicon.content_hash
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = _build(lexicon)
        # The dictionary and these tables live as long as the process: hundreds of thousands
        # of strings that every full garbage collection would walk again (20-40 ms each, in
        # the middle of some turn's move listing). Frozen, collections skip them.
        gc.freeze()
    return found


def _build(lexicon: Lexicon) -> DictionaryWords:
    words = lexicon.words
    rows = sorted(
        (word for word in words if len(word) >= MIN_LETTERS),
        key=lambda word: (len(card_string(word)), word),
    )
    strings = [card_string(word) for word in rows]
    lengths = np.fromiter(map(len, strings), dtype=np.int64, count=len(strings))
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)
    codes = np.frombuffer("".join(strings).encode("ascii"), dtype=np.uint8).astype(np.int64)
    codes -= _ORD_A
    if len(strings):
        needs = np.bitwise_or.reduceat(np.left_shift(1, codes), starts).astype(np.uint32)
    else:
        needs = np.zeros(0, dtype=np.uint32)
    roots: dict[str, list[str]] = {}
    for word in rows:
        for root in lexicon.family_roots(word):
            if root != word:
                roots.setdefault(root, []).append(word)
    # tuples of strings drop out of the garbage collector's sight; lists would be walked on
    # every full collection, for as long as the process lives
    frozen = {root: tuple(members) for root, members in roots.items()}
    return DictionaryWords(
        words=words,
        index={word: position for position, word in enumerate(words)},
        needs=needs,
        past=np.searchsorted(lengths, np.arange(int(lengths.max(initial=0)) + 1), "right"),
        fulfils=_fulfilment(codes, starts, lengths),
        spelled=np.array(rows, dtype=object),
        fewest=[fewest_cubes(word) for word in rows],
        roots=frozen,
        lexicon=lexicon,
        most_qu=max((word.count(QU) for word in rows), default=0),
    )


def _fulfilment(
    codes: npt.NDArray[np.int64], starts: npt.NDArray[np.int64], lengths: npt.NDArray[np.int64]
) -> npt.NDArray[np.uint16]:
    """Per word, the achievement bits its card string fulfils (as ``Achievement.fulfilled_by``
    decides for the fewest-cubes spelling), for all words at once."""
    palette = list(colours())
    colour_of = np.zeros(26, dtype=np.int64)
    for letter in letters().values():
        colour_of[ord(letter.id[0]) - _ORD_A] = palette.index(letter.colour)
    card_colours = colour_of[codes] if len(codes) else codes
    ends = starts + lengths - 1
    # a pair of neighbours inside one word: every position but each word's last
    inside = np.ones(len(codes), dtype=bool)
    inside[ends] = False
    bits = np.zeros(len(starts), dtype=np.uint16)
    for bit, card in enumerate(achievements().values()):
        met = _fulfilled(card, palette, card_colours, starts, ends, lengths, inside)
        bits[met] |= np.uint16(1 << bit)
    return bits


def _fulfilled(
    card: Achievement,
    palette: list[str],
    card_colours: npt.NDArray[np.int64],
    starts: npt.NDArray[np.int64],
    ends: npt.NDArray[np.int64],
    lengths: npt.NDArray[np.int64],
    inside: npt.NDArray[np.bool_],
) -> npt.NDArray[np.bool_]:
    if not len(starts):
        return np.zeros(0, dtype=bool)
    if card.type == "cubes":
        return lengths == card.count
    if card.type == "ends":
        first, last = palette.index(card.first or ""), palette.index(card.last or "")
        return (card_colours[starts] == first) & (card_colours[ends] == last)
    if card.type == "pair":
        same = (card_colours == palette.index(card.colour or "")).astype(np.int64)
        return np.add.reduceat(same, starts) >= 2
    first, then = palette.index(card.first or ""), palette.index(card.then or "")
    follows = np.zeros(len(card_colours), dtype=np.int64)
    follows[:-1] = (card_colours[:-1] == first) & (card_colours[1:] == then) & inside[:-1]
    return np.add.reduceat(follows, starts) > 0


def claim_choices(fulfilled: tuple[str, ...]) -> list[list[str]]:
    """Every subset of ``fulfilled``, fewest first: the achievement cubes a word may take."""
    return _CLAIMS.get(fulfilled) or _claims(fulfilled)


_CLAIMS: dict[tuple[str, ...], list[list[str]]] = {}


def _claims(fulfilled: tuple[str, ...]) -> list[list[str]]:
    sizes = range(len(fulfilled) + 1)
    found = [list(claims) for size in sizes for claims in combinations(fulfilled, size)]
    _CLAIMS[fulfilled] = found
    return found
