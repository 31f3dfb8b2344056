"""Who may act and what: the legal actions of a seat, and one drawn at random for playouts.

Claims come from the word finder (:mod:`crafthall.games.wordsmith.finder`): the words the
seat's pool builds, with no more leftovers than its unchecked discard boxes, a letter new to
its previous word, the line's required letter (Advanced Game) and not yet claimed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from crafthall.engine.data import Action
from crafthall.engine.errors import IllegalAction
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.finder import Query, index_for
from crafthall.games.wordsmith.options import WordsmithOptions
from crafthall.games.wordsmith.sheet import boxes_left
from crafthall.games.wordsmith.state import WordsmithState
from crafthall.lexicon import Lexicon


def active_seats(state: WordsmithState) -> list[int]:
    if state["phase"] == "over":
        return []
    return [seat for seat, p in enumerate(state["players"]) if p["status"] == "playing"]


def is_active(state: WordsmithState, seat: int) -> bool:
    """``seat in active_seats(state)``, asked on every move without building the list."""
    players = state["players"]
    return (
        0 <= seat < len(players)
        and players[seat]["status"] == "playing"
        and (state["phase"] != "over")
    )


def roll_offer(state: WordsmithState, pending: list[str]) -> list[str]:
    """What a roll waiting for its piece offers now: the pieces its face allows (``pending``:
    any after a wild, any other after an empty compartment) that the tray holds. Never empty:
    a roll whose offer runs out is lost (see :mod:`crafthall.games.wordsmith.play`)."""
    tray = state["tray"]
    return [piece for piece in pending if tray[piece] > 0]


def offered_pieces(state: WordsmithState, seat: int) -> list[str]:
    """The pieces ``seat`` may take now: after a wild or empty-compartment roll, or for a
    Word by Word wild circle (only colours the tray still holds)."""
    player = state["players"][seat]
    if player["pending"] is not None:
        return roll_offer(state, player["pending"])
    if state["phase"] == "word" and player["wilds"] > 0:
        return [piece for piece in comp.PIECES if state["tray"][piece] > 0]
    return []


def may_roll(state: WordsmithState, seat: int) -> bool:
    player = state["players"][seat]
    return state["phase"] == "race" and player["pending"] is None and any(state["tray"].values())


def legal_actions(
    options: WordsmithOptions, lexicon: Lexicon, state: WordsmithState, seat: int
) -> Iterator[Action]:
    if not is_active(state, seat):
        return
    for piece in offered_pieces(state, seat):
        yield {"type": "take", "piece": piece}
    if state["players"][seat]["pending"] is not None:
        yield {"type": "pass"}
        return
    if may_roll(state, seat):
        yield {"type": "roll"}
    yield from claims(options, lexicon, state, seat)
    yield {"type": "pass"}


def claim_queries(
    options: WordsmithOptions, state: WordsmithState, seat: int
) -> list[tuple[int, Query]]:
    """What a claim by ``seat`` must satisfy now: one query per line it may fill (the next
    line, or in the Advanced Game each free line with its required letter); none while a
    piece is to be taken or when even a word using every piece would need a box it lacks."""
    player = state["players"][seat]
    leftover = boxes_left(player) - player["wilds"]
    if player["pending"] is not None or leftover < 0:
        return []
    if options.secret:  # only one's own sheet counts: the same word may be on several sheets
        excluded = frozenset(w for w in player["sheet"] if w)
    else:
        excluded = frozenset(state["claimed"])
    base = Query(
        min_length=options.min_length,
        max_leftover=leftover,
        previous=player["last"],
        excluded=excluded,
    )
    required: str | None = state["required"]
    if required is None:
        return [(len(player["order"]), base)]
    return [
        (line, replace(base, required=letter))
        for line, letter in enumerate(required)
        if player["sheet"][line] is None
    ]


def claim_action(state: WordsmithState, word: str, line: int) -> Action:
    """A claim names its line only in the Advanced Game (elsewhere the next line is used)."""
    if state["required"] is None:
        return {"type": "claim", "word": word}
    return {"type": "claim", "word": word, "line": line}


def claims(
    options: WordsmithOptions, lexicon: Lexicon, state: WordsmithState, seat: int
) -> Iterator[Action]:
    """Every claim that ``seat`` may make now and that would score.

    In Secret Wordsmith a claim of a non-word is accepted too (it scores zero); only the
    scoring claims are listed.
    """
    index = index_for(lexicon)
    pool = state["players"][seat]["pool"]
    for line, query in claim_queries(options, state, seat):
        for word in index.find(pool, query):
            yield claim_action(state, word, line)


def sample_claim(
    options: WordsmithOptions,
    lexicon: Lexicon,
    state: WordsmithState,
    seat: int,
    rng: random.Random,
) -> Action | None:
    """A listed claim drawn at random (a line, then a word for it), or ``None``."""
    index = index_for(lexicon)
    pool = state["players"][seat]["pool"]
    queries = claim_queries(options, state, seat)
    rng.shuffle(queries)
    for line, query in queries:
        word = index.sample(pool, query, rng)
        if word is not None:
            return claim_action(state, word, line)
    return None


def sample_action(
    options: WordsmithOptions,
    lexicon: Lexicon,
    state: WordsmithState,
    seat: int,
    rng: random.Random,
) -> Action:
    """A random playout's move: uniform over the kinds of move open to the seat (roll, take,
    and claiming a word), then over the choices of that kind. Passing stands in for claiming
    when no word can be claimed: a player gives up only when stuck, as at the table."""
    if not is_active(state, seat):
        raise IllegalAction("no-legal-action", f"Seat {seat + 1} has no legal action now.")
    offered = offered_pieces(state, seat)
    if state["players"][seat]["pending"] is not None:
        return {"type": "take", "piece": rng.choice(offered)}
    kinds = ["roll"] if may_roll(state, seat) else []
    if offered:
        kinds.append("take")
    kind = rng.choice([*kinds, "claim"])
    if kind == "roll":
        return {"type": "roll"}
    if kind == "take":
        return {"type": "take", "piece": rng.choice(offered)}
    return sample_claim(options, lexicon, state, seat, rng) or {"type": "pass"}
