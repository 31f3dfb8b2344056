"""Wordsmith's components, read once from ``components.json``: pieces, die, alphabet.

Pieces are named by colour (the colour of the die face and of the tray compartment):
``red`` long straight, ``yellow`` short straight, ``blue`` large curve, ``green`` small curve.
A pool of pieces is a dict ``{colour: count}`` in state and views, and a 4-vector in the
word finder (in the order of :data:`PIECES`).

>>> recipe("bag") == {"red": 3, "yellow": 2, "blue": 1, "green": 2}
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

_DATA = Path(__file__).with_name("components.json")


@cache
def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(_DATA.read_text(encoding="utf-8"))
    return loaded


PIECES: tuple[str, ...] = tuple(data()["pieces"])
"""The piece colours in a fixed order: red, yellow, blue, green."""

SYMBOLS: str = "".join(sorted(data()["alphabet"]))
"""Every symbol of the alphabet: a-z, the hyphen and the apostrophe."""

FACES: tuple[str, ...] = tuple(data()["die"])
WILD_FACES: frozenset[str] = frozenset(data()["wild_faces"])


def shape(piece: str) -> str:
    """'red' -> 'long straight'."""
    name: str = data()["pieces"][piece]["shape"]
    return name


def piece_totals() -> dict[str, int]:
    """How many pieces of each colour the box holds (40/40/20/20)."""
    return {piece: int(info["count"]) for piece, info in data()["pieces"].items()}


@cache
def letter_vectors() -> dict[str, tuple[int, ...]]:
    """Each symbol's recipe as a vector over :data:`PIECES`."""
    alphabet: dict[str, dict[str, int]] = data()["alphabet"]
    return {
        symbol: tuple(int(parts.get(piece, 0)) for piece in PIECES)
        for symbol, parts in alphabet.items()
    }


@lru_cache(maxsize=1 << 17)  # words recur: claims, checks and bots ask for the same ones
def word_vector(word: str) -> tuple[int, ...] | None:
    """The pieces a word needs, as a vector; ``None`` if a symbol is not in the alphabet."""
    vectors = letter_vectors()
    total = [0] * len(PIECES)
    for symbol in word:
        vector = vectors.get(symbol)
        if vector is None:
            return None
        for i, count in enumerate(vector):
            total[i] += count
    return tuple(total)


def recipe(word: str) -> dict[str, int]:
    """The pieces a word of alphabet symbols needs, as ``{colour: count}`` (zeros kept)."""
    vector = word_vector(word)
    if vector is None:
        raise ValueError(f"{word!r} holds a symbol that is not in the Wordsmith alphabet")
    return dict(zip(PIECES, vector, strict=True))


def as_vector(pool: Mapping[str, int]) -> tuple[int, ...]:
    return tuple([int(pool.get(piece, 0)) for piece in PIECES])


def as_pool(vector: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {piece: int(count) for piece, count in zip(PIECES, vector, strict=True)}


def empty_pool() -> dict[str, int]:
    return dict.fromkeys(PIECES, 0)


def pool_size(pool: Mapping[str, int]) -> int:
    return sum(pool.values())


def describe_pieces(pool: Mapping[str, int]) -> str:
    """'2 red, 1 blue' (colours with a zero count left out; 'no pieces' when empty)."""
    parts = [f"{pool[piece]} {piece}" for piece in PIECES if pool.get(piece, 0)]
    return ", ".join(parts) if parts else "no pieces"


def normal_word(raw: str) -> str:
    """A claimed word as the sheet holds it: lower case, typographic apostrophe made plain."""
    return raw.strip().lower().replace("\u2019", "'")


def letter_mask(word: str) -> int:
    """A bit per alphabet symbol present in ``word`` (a quick first test of the "new letter"
    rule, and the Advanced Game's required letter)."""
    mask = 0
    for symbol in word:
        mask |= 1 << SYMBOLS.index(symbol)
    return mask


def letter_counts(word: str) -> tuple[int, ...]:
    """How often each alphabet symbol occurs in ``word``, in the order of :data:`SYMBOLS`."""
    return tuple([word.count(symbol) for symbol in SYMBOLS])


def new_letters(word: str, previous: str) -> str:
    """The letters ``word`` holds beyond those of ``previous``, repeats counted (sorted).

    Letters are built from pieces, so a second T is a newly built letter: TAT after AT and
    TOOT after TO have one ("T", "OT"); GAB after BAG has none.

    >>> new_letters("toot", "to"), new_letters("gab", "bag")
    ('ot', '')
    """
    unused = list(previous)
    extra = []
    for symbol in word:  # each letter of the previous word pays for one letter of the word
        if symbol in unused:
            unused.remove(symbol)
        else:
            extra.append(symbol)
    return "".join(sorted(extra))


def has_new_letter(word: str, previous: str) -> bool:
    """Whether :func:`new_letters` is not empty; asked on every claim, so a letter that
    ``previous`` lacks altogether is looked for first."""
    return not set(word).issubset(previous) or any(
        word.count(symbol) > previous.count(symbol) for symbol in set(word)
    )
