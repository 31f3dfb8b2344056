"""What a Wordcraft seat cannot see, dealt afresh for search: only the letter decks.

Every card on the table is public; the next rounds' grids come from decks in an order no one
knows (or, with a fixed set-up, from grids laid face down until their round).
"""

from __future__ import annotations

import random
from typing import cast

from crafthall.engine.data import State, clone
from crafthall.engine.rng import new_rng_state
from crafthall.games.wordcraft.state import WordcraftState


def determinize(state: State, rng: random.Random) -> State:
    """A copy whose generator is reseeded and whose grids laid face down by a fixed set-up are
    dealt afresh (also those kept to put back a round if the vote takes back the word that
    ended it)."""
    copy = cast(WordcraftState, clone(state))
    copy["rng"] = new_rng_state(rng.getrandbits(63))
    copy["planned"] = [None] * len(copy["planned"])
    pending = copy["disputable"]
    if pending is not None and pending["board"] is not None:
        board = pending["board"]
        board["planned"] = [None] * len(board["planned"])
    return cast(State, copy)
