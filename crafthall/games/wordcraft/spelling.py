"""How a word is laid on the grid: which cards, in which order, one cube per card.

The Qu card may stand for Q or for QU, so QUIET has two spellings when the U card is on the
grid too: ``[qu, i, e, t]`` (4 cubes) and ``[qu, u, i, e, t]`` (5 cubes).

>>> spellings("quiet", {"qu", "u", "i", "e", "t"})
[['qu', 'i', 'e', 't'], ['qu', 'u', 'i', 'e', 't']]
>>> spellings("quiet", {"qu", "i", "e", "t"})
[['qu', 'i', 'e', 't']]
>>> missing_letter("zebra", {"e", "b", "r", "a"})
'z'
"""

from __future__ import annotations

from collections.abc import Collection

QU = "qu"


def spellings(word: str, grid: Collection[str]) -> list[list[str]]:
    """Every sequence of grid cards that spells ``word`` (fewest cubes first)."""
    if "q" not in word:  # one card per letter: at most one way
        return [list(word)] if set(word).issubset(grid) else []
    found: list[list[str]] = []
    _walk(word, grid, 0, [], found)
    found.sort(key=len)
    return found


def _walk(
    word: str, grid: Collection[str], at: int, path: list[str], found: list[list[str]]
) -> None:
    """The spellings of ``word`` from letter ``at`` on, after the cards of ``path``. (A
    module function, not a closure calling itself: that would be a reference cycle each time,
    left to the garbage collector.)"""
    if at == len(word):
        found.append(list(path))
        return
    char = word[at]
    if char == "q":
        if QU not in grid:
            return
        steps = (2, 1) if word.startswith(QU, at) else (1,)
        for step in steps:
            path.append(QU)
            _walk(word, grid, at + step, path, found)
            path.pop()
    elif char in grid:
        path.append(char)
        _walk(word, grid, at + 1, path, found)
        path.pop()


def missing_letter(word: str, grid: Collection[str]) -> str | None:
    """The first letter of ``word`` that no grid card provides, or None."""
    for at, char in enumerate(word):
        if char == "q":
            if QU not in grid:
                return char
        elif char not in grid and not (char == "u" and at and word[at - 1] == "q" and QU in grid):
            return char
    return None


def spelled(spelling: list[str]) -> str:
    """A spelling as the player reads it: ``QU-I-E-T``."""
    return "-".join(card.upper() for card in spelling)
