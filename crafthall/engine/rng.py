"""A seeded random generator whose whole state is plain JSON data kept inside the game state.

Games draw chance (shuffles, dice) through :class:`Rng`, which reads and advances a small
``{"seed": int, "draws": int}`` record stored in the state. Replaying the same actions from
the same seed therefore gives the same cards and dice, and cloning a state clones its
generator too. The generator is SplitMix64 in counter mode: draw ``n`` is a pure function of
the seed and ``n``.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def new_rng_state(seed: int) -> dict[str, int]:
    """The generator record to store in a fresh game state."""
    return {"seed": seed & _MASK, "draws": 0}


class Rng:
    """Draws from, and advances, a generator record held in a game state.

    >>> store = new_rng_state(7)
    >>> rng = Rng(store)
    >>> a = rng.below(6)
    >>> store["draws"]
    1
    >>> Rng(new_rng_state(7)).below(6) == a
    True
    """

    __slots__ = ("_store",)

    def __init__(self, store: dict[str, Any]) -> None:
        self._store = store

    def next64(self) -> int:
        draws = self._store["draws"] + 1
        self._store["draws"] = draws
        z = (self._store["seed"] + draws * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
