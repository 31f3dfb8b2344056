"""Finding the words spellable from letter cards, and the ways to spell a word with cards.

A card is a string of one or more letters.  A single-letter card stands for its letter.  A
multi-letter card (``Qu``) stands for all its letters together, or for its first letter alone
(as a rulebook puts it: "the Letter card 'Qu' can be used either as Q or as QU").

Two modes:

* reusable (cards on a shared grid): every card may be used any number of times;
* multiset (tiles): every card at most once, plus ``wildcards`` blank cards that stand for
  any single letter.

:class:`WordIndex` answers "every word spellable from these cards" quickly: each word has a
26-bit letter mask, and a numpy filter ``(masks & outside) == 0`` keeps the words that use no
letter outside the cards; multiset mode then compares letter counts.  Words that need a
multi-letter card for a letter no single card gives (the ``u`` of ``qu`` when there is no
``U`` card) are checked exactly by :func:`can_spell`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property, lru_cache

import numpy as np
import numpy.typing as npt

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
ALL_LETTERS_MASK = (1 << 26) - 1
_ORD_A = ord("a")


def letter_mask(text: str) -> int:
    """The 26-bit mask of the letters a-z in ``text`` (bit 0 is ``a``)."""
    mask = 0
    for ch in text:
        mask |= 1 << (ord(ch) - _ORD_A)
    return mask


def normalize_cards(cards: Iterable[str]) -> list[str]:
    """Lowercase the cards; ValueError if a card is not one or more letters a-z."""
    if isinstance(cards, str):
        raise TypeError("cards must be an iterable of card strings such as ['qu', 'a'], not a str")
    result = []
    for card in cards:
        lowered = card.lower()
        if not lowered or not lowered.isascii() or not lowered.isalpha():
            raise ValueError(f"card {card!r} is not one or more letters a-z")
        result.append(lowered)
    return result


def _pieces(card: str) -> tuple[str, ...]:
    """The strings a card can stand for: itself, and its first letter if it is longer."""
    return (card,) if len(card) == 1 else (card, card[0])


@lru_cache(maxsize=256)
def reusable_pattern(cards: tuple[str, ...]) -> re.Pattern[str]:
    """A regular expression matching (whole lines of) the words the cards spell, reusable.

    The multi-letter cards are alternatives tried before the single letters, and the regular
    expression engine backtracks, so "qu" may be QU or Q followed by another card's U.
    """
    multi = sorted({card for card in cards if len(card) > 1}, key=lambda c: (-len(c), c))
    singles = "".join(sorted({card[0] for card in cards}))
    alternatives = [*multi, f"[{singles}]"] if singles else multi
    return re.compile(f"^(?:{'|'.join(alternatives)})+$", re.MULTILINE)


def can_spell(
    word: str, cards: Sequence[str], *, reusable: bool = True, wildcards: int = 0
) -> bool:
    """True if ``word`` (lowercase) can be spelt with the (lowercase) cards."""
    if reusable:
        return reusable_pattern(tuple(cards)).fullmatch(word) is not None
    return _can_spell_once(word, 0, Counter(cards), wildcards)


def _can_spell_once(word: str, start: int, left: Counter[str], wildcards: int) -> bool:
    if start == len(word):
        return True
    for card, count in left.items():
        if count <= 0:
            continue
        for piece in _pieces(card):
            if word.startswith(piece, start):
                left[card] -= 1
                found = _can_spell_once(word, start + len(piece), left, wildcards)
                left[card] += 1
                if found:
                    return True
    return wildcards > 0 and _can_spell_once(word, start + 1, left, wildcards - 1)


def spellings(word: str, cards: Iterable[str], *, reusable: bool = True) -> list[list[str]]:
    """Every way to split ``word`` into the cards, as lists of cards (spelt as given).

    A multi-letter card may stand for its first letter alone.  Sorted; no duplicates.
    """
    given = list(cards)
    lowered = normalize_cards(given)
    display: dict[str, str] = {}
    for original, low in zip(given, lowered, strict=True):
        display.setdefault(low, original)
    splits = _Splits(word.lower(), display, Counter(lowered), reusable)
    splits.walk(0)
    return [list(split) for split in sorted(splits.found)]


class _Splits:
    """The search of :func:`spellings`. (A class, not a closure calling itself: that would be
    a reference cycle each time, left to the garbage collector.)"""

    def __init__(
        self, target: str, display: dict[str, str], left: Counter[str], reusable: bool
    ) -> None:
        self.target = target
        self.display = display
        self.left = left
        self.reusable = reusable
        self.found: set[tuple[str, ...]] = set()
        self.path: list[str] = []

    def walk(self, start: int) -> None:
        target, left, path = self.target, self.left, self.path
        if start == len(target):
            self.found.add(tuple(path))
            return
        for card in self.display:
            if not self.reusable and left[card] <= 0:
                continue
            for piece in _pieces(card):
                if target.startswith(piece, start):
                    left[card] -= 1
                    path.append(self.display[card])
                    self.walk(start + len(piece))
                    path.pop()
                    left[card] += 1


class WordIndex:
    """Letter masks and counts of a sorted word list (letters a-z only), for fast queries."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words: list[str] = sorted(words)
        self.masks: npt.NDArray[np.uint32] = np.fromiter(
            (letter_mask(w) for w in self.words), dtype=np.uint32, count=len(self.words)
        )
        self.lengths: npt.NDArray[np.int16] = np.fromiter(
            (len(w) for w in self.words), dtype=np.int16, count=len(self.words)
        )

    @cached_property
    def counts(self) -> npt.NDArray[np.int16]:
        """Letter counts, one row of 26 per word (built on the first multiset query)."""
        joined = "".join(self.words).encode("ascii")
        codes = np.frombuffer(joined, dtype=np.uint8).astype(np.int64) - _ORD_A
        rows = np.repeat(np.arange(len(self.words)), self.lengths.astype(np.int64))
        counts = np.zeros((len(self.words), 26), dtype=np.int16)
        np.add.at(counts, (rows, codes), 1)
        return counts

    def find(
        self,
        cards: Sequence[str],
        *,
        reusable: bool = True,
        min_length: int = 1,
        wildcards: int = 0,
    ) -> list[str]:
        """Every word spellable from the (lowercase) cards, sorted."""
        if wildcards < 0:
            raise ValueError(f"wildcards must be 0 or more, not {wildcards}")
        if reusable and wildcards:
            raise ValueError("wildcards are only supported with reusable=False (tiles)")
        if reusable:
            return self._find_reusable(cards, min_length)
        return self._find_multiset(cards, min_length, wildcards)

    def _find_reusable(self, cards: Sequence[str], min_length: int) -> list[str]:
        single = letter_mask("".join(card[0] for card in cards))
        every = letter_mask("".join(cards))
        selected = (self.masks & np.uint32(ALL_LETTERS_MASK & ~every)) == 0
        if min_length > 1:
            selected &= self.lengths >= min_length
        words = self.words
        if single == every:
            return [words[i] for i in np.flatnonzero(selected).tolist()]
        index = np.flatnonzero(selected)
        easy = (self.masks[index] & np.uint32(ALL_LETTERS_MASK & ~single)) == 0
        # The other words use a letter only a multi-letter card gives (the u of qu): one
        # regular-expression pass over them, one per line, keeps those the cards can spell.
        hard = "\n".join([words[i] for i in index[~easy].tolist()])
        spelt = reusable_pattern(tuple(cards)).findall(hard)
        return sorted([words[i] for i in index[easy].tolist()] + spelt)

    def _find_multiset(self, cards: Sequence[str], min_length: int, wildcards: int) -> list[str]:
        every = np.zeros(26, dtype=np.int16)  # multi-letter cards give all their letters
        single = np.zeros(26, dtype=np.int16)  # multi-letter cards give their first letter
        for card in cards:
            single[ord(card[0]) - _ORD_A] += 1
            for ch in card:
                every[ord(ch) - _ORD_A] += 1
        outside = np.uint32(ALL_LETTERS_MASK & ~letter_mask("".join(cards)))
        max_length = int(every.sum()) + wildcards
        selected = (self.lengths <= max_length) & (self.lengths >= min_length)
        if wildcards:
            selected &= np.bitwise_count(self.masks & outside) <= wildcards
        else:
            selected &= (self.masks & outside) == 0
        index = np.flatnonzero(selected)
        counts = self.counts[index]
        fits = np.maximum(counts - every, 0).sum(axis=1) <= wildcards
        words = self.words
        if np.array_equal(every, single):
            return [words[i] for i in index[fits].tolist()]
        sure = np.maximum(counts - single, 0).sum(axis=1) <= wildcards
        result = []
        for i, is_sure in zip(index[fits].tolist(), sure[fits].tolist(), strict=True):
            word = words[i]
            if is_sure or can_spell(word, cards, reusable=False, wildcards=wildcards):
                result.append(word)
        return result
