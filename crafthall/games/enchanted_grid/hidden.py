"""What a seat does not know, drawn afresh: a determinization for search.

A seat knows its own hand, its own face-down cards, every card that was ever face up (on top
or covered since) and every pile. It does not know the other hands, the deck's order or the
other seats' face-down cards (on top or covered by a red overwrite). Those cards form the
unseen pool; a determinization deals the pool back into the same places at random. Only a grey
card may go face down, so the others' face-down places take grey cards of the pool.
"""

from __future__ import annotations

import random
from typing import cast

from crafthall.engine.data import State, clone
from crafthall.engine.rng import new_rng_state
from crafthall.games.enchanted_grid.grid import COLOURS
from crafthall.games.enchanted_grid.state import EnchantedGridState, GridEntry


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A full state ``seat`` cannot tell from ``state``; everything it does not know is drawn
    uniformly among the layouts it cannot rule out."""
    fresh = clone(state)
    copy = cast(EnchantedGridState, fresh)  # the same dict, read as the state it is
    others = [hand for other, hand in enumerate(copy["hands"]) if other != seat]
    hidden: list[GridEntry] = [
        entry
        for stack in copy["grid"].values()
        for entry in stack
        if entry["down"] and entry["by"] != seat
    ]
    # Sorted: the draws below must depend only on which cards are unseen, never on where
    # they truly lie.
    pool = sorted(
        [*copy["deck"], *(c for hand in others for c in hand), *(e["card"] for e in hidden)]
    )
    greys = [c for c in pool if COLOURS[c] == "grey"]
    face_down = rng.sample(greys, min(len(hidden), len(greys)))
    chosen = set(face_down)
    rest = [c for c in pool if c not in chosen]
    rng.shuffle(rest)
    shortfall = len(hidden) - len(face_down)
    if shortfall:  # only a fixed set-up can lay a card of another colour face down
        face_down, rest = face_down + rest[:shortfall], rest[shortfall:]
    for entry, card_id in zip(hidden, face_down, strict=True):
        entry["card"] = card_id
    deck_size = len(copy["deck"])
    copy["deck"] = rest[:deck_size]
    dealt = deck_size
    for hand in others:
        hand[:] = rest[dealt : dealt + len(hand)]
        dealt += len(hand)
    copy["rng"] = new_rng_state(rng.getrandbits(63))
    return fresh
