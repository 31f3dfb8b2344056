"""What a seat does not know, drawn afresh: a determinization for search.

The grid, the hands, the swords, the box and the Sword Magic cards in play lie face up; the
only secret is the order of the face-down draw pile (and so the grids of the rounds to come).
A determinization keeps the pile's tiles and deals them in a fresh order.
"""

from __future__ import annotations

import random
from typing import cast

from crafthall.engine.data import State, clone
from crafthall.engine.rng import new_rng_state
from crafthall.games.swordcrafters.state import SwordCraftersState


def determinize(state: State, rng: random.Random) -> State:
    """The same table with the draw pile in a fresh order and a reseeded generator: what any
    seat (all see the same) cannot tell from ``state``."""
    copy = clone(state)
    table = cast(SwordCraftersState, copy)
    table["rng"] = new_rng_state(rng.getrandbits(63))
    pile = table["pile"]
    pile.sort()  # from the pile's content alone, whatever its true order
    rng.shuffle(pile)
    return copy
