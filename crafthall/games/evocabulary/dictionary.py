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
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from crafthall.games.evocabulary.components import TEAMS, team_for_length
from crafthall.games.evocabulary.spells import HAND, MIN_LETTERS, Supply
from crafthall.lexicon.finder import ALL_LETTERS_MASK, WordIndex, letter_mask

if TYPE_CHECKING:
    from crafthall.lexicon import Lexicon

_ORD_A = ord("a")
ONE_SHORT_UP_TO = 8
"""Words longer than this are left out of the one-wild table (they are rare in play and would
double its size)."""


@dataclass(frozen=True)
class _TeamWords:
    """The words landing at one team, with their letter masks and counts."""

    index: WordIndex

    def fitting(self, have: npt.NDArray[np.int16], wilds: int) -> list[str]:
        """Words whose letters the counts ``have`` (a double card counts both its letters)
        plus ``wilds`` cover. Double cards make this a superset: a layout decides."""
        index = self.index
        outside = np.uint32(ALL_LETTERS_MASK & ~_mask_of(have))
        selected = index.lengths <= int(have.sum()) + wilds
        if wilds:
            selected &= np.bitwise_count(index.masks & outside) <= wilds
        else:
            selected &= (index.masks & outside) == 0
        rows = np.flatnonzero(selected)
        if not len(rows):
            return []
        short = np.maximum(index.counts[rows] - have, 0).sum(axis=1) <= wilds
        words = index.words
        return [words[i] for i in rows[short].tolist()]


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
        self.teams = {n: _TeamWords(WordIndex(ws)) for n, ws in by_team.items()}
        self.anagrams: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in anagrams.items()}

    @cached_property
    def one_short(self) -> dict[str, tuple[str, ...]]:
        """Words of at most ``ONE_SHORT_UP_TO`` letters by their sorted letters less any one:
        the words a set of cards and one wild spell (built on first use)."""
        table: dict[str, list[str]] = {}
        for key, words in self.anagrams.items():
            if len(key) > ONE_SHORT_UP_TO:
                continue
            for short in {key[:i] + key[i + 1 :] for i in range(len(key))}:
                table.setdefault(short, []).extend(words)
        return {k: tuple(v) for k, v in table.items()}

    def candidates(self, team: int, supply: Supply) -> list[str]:
        """Words for ``team`` the cards of ``supply`` may spell (sorted): those its single
        cards and wilds spell, and those a double card may help spell (which the layout then
        settles)."""
        singles = _counts(supply.singles)
        if not supply.doubles:
            return self.teams[team].fitting(singles, supply.wilds)
        every = singles + _counts(supply.doubles)
        sure = set(self.teams[team].fitting(singles, supply.wilds))
        pairs = tuple(supply.doubles)
        return [
            word
            for word in self.teams[team].fitting(every, supply.wilds)
            if word in sure or any(pair in word for pair in pairs)
        ]


def _counts(faces: Mapping[str, int]) -> npt.NDArray[np.int16]:
    have = np.zeros(26, dtype=np.int16)
    for face, count in faces.items():
        for ch in face:
            have[ord(ch) - _ORD_A] += count
    return have


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
