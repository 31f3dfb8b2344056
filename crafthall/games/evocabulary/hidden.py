"""What a seat does not know, drawn afresh: the determinization search bots think on.

A seat knows its own hand, every card on the table (spells, locked letters, the discard pile,
which was seen card by card as it grew), the market and the wild pile, how many cards each
other hand holds, how many of those are wilds (wilds are taken from the face-up pile in view
of all, and the deck holds none) and which letters are known to be there (those of a spell
picked up). It does not know the other letters in other hands, the deck's order,
the familiar deck's order or the generator's future: those are redrawn.
"""

from __future__ import annotations

import random
from typing import cast

from crafthall.engine.data import State, clone
from crafthall.engine.rng import new_rng_state
from crafthall.games.evocabulary.components import WILD, components
from crafthall.games.evocabulary.state import EvocabularyState


def determinize(state: EvocabularyState, seat: int, rng: random.Random) -> EvocabularyState:
    """A copy of ``state`` with everything ``seat`` cannot see shuffled among its places.

    The unseen cards are gathered in a canonical (sorted) order before the shuffle, so the
    result depends only on what ``seat`` sees and on ``rng``.
    """
    world = cast(EvocabularyState, clone(cast(State, state)))
    faces = components().faces
    others = [p for s, p in enumerate(world["players"]) if s != seat]
    hidden = [c for p in others for c in p["hand"]]
    wilds = sorted(c for c in hidden if faces[c] == WILD)
    letters = sorted([*world["deck"], *(c for c in hidden if faces[c] != WILD)])
    known = []
    for player in others:  # letters known to be in a hand stay there (any card of the face)
        cards = []
        for face in player["shown"]:
            cards.append(next(c for c in letters if faces[c] == face))
            letters.remove(cards[-1])
        known.append(cards)
    rng.shuffle(letters)
    for player, cards in zip(others, known, strict=True):
        wild_count = sum(1 for c in player["hand"] if faces[c] == WILD)
        letter_count = len(player["hand"]) - wild_count - len(cards)
        player["hand"] = wilds[:wild_count] + cards + letters[:letter_count]
        del wilds[:wild_count], letters[:letter_count]
    world["deck"] = letters
    world["familiar_deck"] = sorted(world["familiar_deck"])
    rng.shuffle(world["familiar_deck"])
    world["rng"] = new_rng_state(rng.getrandbits(63))
    return world
