"""What Evocabulary needs from a word list, built once per dictionary and shared by every table.

Spells are words of three letters or more. They are numbered (their place in the sorted list is
their number in the action codec) and split by the team they land at (3, 4, 5 letters, 6+), each
team's words with numpy letter masks and counts, so "every word these cards may spell" is one
vectorised filter. An anagram table (letters sorted -> words) answers "which words use exactly
these letters", which is how random playouts draw a spell without listing them all.

The tables are keyed by the word list's content hash, never stored in a game state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crafthall.games.evocabulary.components import TEAMS, components, team_for_length
from crafthall.games.evocabulary.spells import HAND, MIN_LETTERS, Supply
from crafthall.lexicon.finder import ALL_LETTERS_MASK, WordIndex, letter_mask

if TYPE_CHECKING:
    from crafthall.lexicon import Lexicon

_ORD_A = ord("a")
DOUBLES = tuple(sorted(face for face in components().points if len(face) > 1))
ONE_SHORT_UP_TO = 8
"""Words longer than this are left out of the one-wild table (they are rare in play and would
double its size)."""

FIELD_BITS = 6
"""Letter counts packed side by side, each in a field of 5 bits of count and a guard bit above
them: 9 letters to a 64-bit lane, 3 lanes for a-z. Subtracting a word's packed counts from the
cards' (guard bits set) leaves a field's guard bit set exactly where the cards have enough of
that letter, so one subtraction compares 9 letters (no letter card supply reaches 31 of one
letter: the deck's most common face has 14 cards)."""
LANE_LETTERS = 9
_FIELD_MAX = (1 << (FIELD_BITS - 1)) - 1
_GUARDS = np.array(
    [
        [sum(1 << (FIELD_BITS * n + FIELD_BITS - 1) for n in range(min(LANE_LETTERS, 26 - at)))]
        for at in range(0, 26, LANE_LETTERS)
    ],
    dtype=np.uint64,
)
"""The guard bits of each lane, a column (lanes are rows, words columns)."""
_GUARD_LANES = tuple(int(lane) for lane in _GUARDS[:, 0])


class _TeamWords:
    """The words landing at one team, with their letter masks and counts, and which double
    cards' pairs of letters each holds (bit ``n`` for ``DOUBLES[n]``)."""

    def __init__(self, words: list[str]) -> None:
        self.index = WordIndex(words)
        self.counts = self.index.counts  # built now, not on a table's first listing
        self.packed = _pack_rows(np.minimum(self.counts, _FIELD_MAX))
        """Each word's letter counts packed (see ``FIELD_BITS``): lanes are rows."""
        self.pairs = np.fromiter(
            (sum(1 << n for n, pair in enumerate(DOUBLES) if pair in w) for w in self.index.words),
            dtype=np.uint16,
            count=len(self.index.words),
        )
        self.holding = {
            face: ((self.pairs >> np.uint16(n)) & np.uint16(1)).astype(np.uint8)
            for n, face in enumerate(DOUBLES)
        }
        """For each double card, which words hold its pair (1) or not (0)."""

    def fitting(self, supply: Supply) -> list[str]:
        """Words the cards of ``supply`` may spell (sorted). A double card whose pair of
        letters a word holds counts as both its letters for that word, so where double cards
        help this is a superset (they must also fit side by side): the layout settles those."""
        if not supply.wilds:
            return self._fitting_without_wilds(supply)
        return self._fitting_with_wilds(supply)

    def _fitting_with_wilds(self, supply: Supply) -> list[str]:
        """:meth:`fitting` by rows of letter counts: the letters no card gives are counted
        (at most one per wild)."""
        index = self.index
        singles = _counts(supply.singles)
        every = singles + _counts(supply.doubles)
        wilds = supply.wilds
        outside = np.uint32(ALL_LETTERS_MASK & ~_mask_of(every))
        selected = index.lengths <= int(every.sum()) + wilds
        if wilds:
            selected &= np.bitwise_count(index.masks & outside) <= wilds
        else:
            selected &= (index.masks & outside) == 0
        rows = np.flatnonzero(selected)
        if not len(rows):
            return []
        need = self.counts[rows] - singles
        if supply.doubles:  # a double card held whose pair a word holds may give both letters
            pairs = self.pairs[rows]
            for face, count in supply.doubles.items():
                holds = ((pairs >> np.uint16(DOUBLES.index(face))) & np.uint16(1)).astype(bool)
                for letter in face:
                    need[holds, ord(letter) - _ORD_A] -= count
        missing = np.maximum(need, 0).sum(axis=1)
        words = index.words
        return [words[i] for i in rows[missing <= wilds].tolist()]

    def _fitting_without_wilds(self, supply: Supply) -> list[str]:
        """:meth:`fitting` for cards without a wild (nearly every supply), the same words:
        no letter is short, compared on packed counts (far quicker than rows of 26)."""
        singles, doubles = supply.singles, supply.doubles
        outside = np.uint32(ALL_LETTERS_MASK & ~letter_mask("".join([*singles, *doubles])))
        rows = ((self.index.masks & outside) == 0).nonzero()[0]
        if not len(rows):
            return []
        have = _pack(singles, guards=True)  # a column: the same for every word
        for face, count in doubles.items():  # ... but a double card adds to words holding it
            have = have + self.holding[face][rows] * _pack({face: count})
        fits = (have - self.packed[:, rows]) & _GUARDS == _GUARDS
        words = self.index.words
        return [words[i] for i in rows[fits.all(axis=0)].tolist()]


class SpellWords:
    """Every word a spell may be, numbered, by team, and by its sorted letters."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words: list[str] = sorted(w for w in words if len(w) >= MIN_LETTERS)
        self.number: dict[str, int] = {w: n for n, w in enumerate(self.words)}
        self.longest = max((len(w) for w in self.words), default=MIN_LETTERS)
        by_team: dict[int, list[str]] = {n: [] for n in TEAMS}
        anagrams: dict[str, list[str]] = {}
        for word in self.words:
            by_team[team_for_length(len(word))].append(word)
            anagrams.setdefault("".join(sorted(word)), []).append(word)
        self.teams = {n: _TeamWords(ws) for n, ws in by_team.items()}
        self.anagrams: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in anagrams.items()}
        self.one_short = self._one_short()

    def _one_short(self) -> dict[str, tuple[str, ...]]:
        """Words of at most ``ONE_SHORT_UP_TO`` letters by their sorted letters less any one:
        the words a set of cards and one wild spell."""
        table: dict[str, list[str]] = {}
        for key, words in self.anagrams.items():
            if len(key) > ONE_SHORT_UP_TO:
                continue
            for short in {key[:i] + key[i + 1 :] for i in range(len(key))}:
                table.setdefault(short, []).extend(words)
        return {k: tuple(v) for k, v in table.items()}

    def candidates(self, team: int, supply: Supply) -> list[str]:
        """Words for ``team`` the cards of ``supply`` may spell (a superset where double cards
        are involved, which the layout then settles)."""
        return self.teams[team].fitting(supply)


def _counts(faces: Mapping[str, int]) -> npt.NDArray[np.int16]:
    have = np.zeros(26, dtype=np.int16)
    for face, count in faces.items():
        for ch in face:
            have[ord(ch) - _ORD_A] += count
    return have


def _pack(faces: Mapping[str, int], guards: bool = False) -> npt.NDArray[np.uint64]:
    """The letters of ``faces`` (each face as often as its count), packed (with ``guards``,
    the guard bits set): a column."""
    lanes = list(_GUARD_LANES) if guards else [0] * len(_GUARD_LANES)
    for face, count in faces.items():
        for ch in face:
            lane, field = divmod(ord(ch) - _ORD_A, LANE_LETTERS)
            lanes[lane] += count << (FIELD_BITS * field)
    return np.array(lanes, dtype=np.uint64)[:, None]


def _pack_rows(counts: npt.NDArray[np.int16]) -> npt.NDArray[np.uint64]:
    """Rows of 26 letter counts (each at most ``_FIELD_MAX``), packed: one column per row."""
    packed = np.zeros((len(_GUARDS), len(counts)), dtype=np.uint64)
    for letter in range(26):
        lane, field = divmod(letter, LANE_LETTERS)
        packed[lane] |= counts[:, letter].astype(np.uint64) << np.uint64(FIELD_BITS * field)
    return packed


def _mask_of(have: npt.NDArray[np.int16]) -> int:
    return letter_mask("".join(chr(_ORD_A + i) for i in np.flatnonzero(have).tolist()))


_TABLES: dict[str, SpellWords] = {}


def spell_words(lexicon: Lexicon) -> SpellWords:
    """The spell tables of ``lexicon``, built on first use and kept for the process."""
    key = lexicon.content_hash
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = SpellWords(lexicon.words)
    return table


def spellable(lexicon: Lexicon, faces: Iterable[str]) -> list[str]:
    """Every word of ``MIN_LETTERS`` or more the letter cards ``faces`` spell, sorted: each
    card once, a double card giving both its letters together, a wild (``?``) any one letter.
    """
    supply = Supply({HAND: Counter(faces)})
    table = spell_words(lexicon)
    found = [
        word
        for team in TEAMS
        for word in table.candidates(team, supply)
        if supply.layout(word, need_hand=False) is not None
    ]
    return sorted(found)
