"""Spell layouts: which card supplies which letters of a word, written as short tokens.

A layout is a list of tokens, one per card, in the order of the word:

- ``"s"``, ``"qu"``: a card from the hand showing that face;
- ``"?a"``: a wild card from the hand standing for the letter A;
- a ``"="`` prefix (``"=a"``, ``"=?e"``): a card locked at the team the spell goes to;
- an ``"@"`` prefix (``"@t"``, ``"@?o"``, modify only): a card already in the spell being modified.

>>> parse_token("=?a")
Token(source='=', face='?', letters='a')
>>> list(layouts("sat", {"": Counter({"s": 1, "t": 1}), "=": Counter({"a": 1})}, need_hand=True))
[['s', '=a', 't']]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from crafthall.engine.errors import IllegalAction
from crafthall.games.evocabulary.components import WILD, components

HAND, KEPT, LOCKED = "", "@", "="
SOURCES = (HAND, KEPT, LOCKED)
SOURCE_NAMES = {HAND: "your hand", KEPT: "the spell", LOCKED: "the team's locked letters"}


class Token(NamedTuple):
    source: str
    face: str
    letters: str

    def text(self) -> str:
        return self.source + (WILD + self.letters if self.face == WILD else self.face)


def parse_token(token: object) -> Token:
    """Read one layout token, refusing anything that is not a card of the game."""
    if not isinstance(token, str) or not token:
        raise IllegalAction(
            "bad-card", f"'{token}' is not a card; write a face such as 's', 'qu' or '?a'."
        )
    source = token[0] if token[0] in (KEPT, LOCKED) else HAND
    body = token[len(source) :].lower()
    if body.startswith(WILD):
        letter = body[1:]
        if len(letter) != 1 or not letter.isascii() or not letter.isalpha():
            raise IllegalAction(
                "bad-card",
                f"The wild card '{token}' must name the one letter it stands for, e.g. '?e'.",
            )
        return Token(source, WILD, letter)
    if body not in components().points:
        raise IllegalAction("bad-card", f"There is no letter card '{body}' in Evocabulary.")
    return Token(source, body, body)


def word_of(tokens: list[Token]) -> str:
    return "".join(t.letters for t in tokens)


def layouts(word: str, sources: Mapping[str, Counter[str]], need_hand: bool) -> Iterator[list[str]]:
    """Every layout of ``word`` from the faces available in each source.

    ``sources`` maps a source prefix to the faces it offers (wilds as ``"?"``). With
    ``need_hand`` only layouts using at least one card from the hand are given.
    """
    pools = {source: Counter(faces) for source, faces in sources.items()}
    chosen: list[str] = []

    def walk(at: int, from_hand: bool) -> Iterator[list[str]]:
        if at == len(word):
            if from_hand or not need_hand:
                yield list(chosen)
            return
        for source, pool in pools.items():
            for face in list(pool):
                if pool[face] <= 0:
                    continue
                if face == WILD:
                    token, step = source + WILD + word[at], 1
                elif word.startswith(face, at):
                    token, step = source + face, len(face)
                else:
                    continue
                pool[face] -= 1
                chosen.append(token)
                yield from walk(at + step, from_hand or source == HAND)
                chosen.pop()
                pool[face] += 1

    yield from walk(0, False)


def spell_points(faces: list[str]) -> int:
    points = components().points
    return sum(points[face] for face in faces)
