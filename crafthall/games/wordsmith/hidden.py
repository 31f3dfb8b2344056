"""What a seat cannot know, drawn afresh for search: ``determinize``.

Every Wordsmith game hides the die's future: the generator is reseeded, and die faces that a
fixed set-up forces are dropped (they stand for rolls nobody has made yet). Secret Wordsmith
also hides the other players' words until the challenge is scored: each such sheet is redrawn
with as many words as the seat sees, from what the seat sees (the pools, the length rule, the
required letters), so two states that look the same to the seat give the same draws.
"""

from __future__ import annotations

import random

from crafthall.engine.rng import new_rng_state
from crafthall.games.wordsmith.finder import PieceIndex, Query, index_for
from crafthall.games.wordsmith.options import WordsmithOptions
from crafthall.games.wordsmith.sheet import LINES
from crafthall.games.wordsmith.state import PlayerState, WordsmithState
from crafthall.games.wordsmith.view import hides_sheets
from crafthall.lexicon import Lexicon


def determinize(
    options: WordsmithOptions,
    lexicon: Lexicon,
    copy: WordsmithState,
    seat: int,
    rng: random.Random,
) -> None:
    """Redraw in ``copy`` (a copy of the state, changed in place) what ``seat`` cannot know."""
    copy["rng"] = new_rng_state(rng.getrandbits(63))
    copy["forced"] = []
    if hides_sheets(options, copy):
        index = index_for(lexicon)
        for other, player in enumerate(copy["players"]):
            if other != seat and player["order"]:
                _redraw_sheet(options, index, copy, player, rng)


def _redraw_sheet(
    options: WordsmithOptions,
    index: PieceIndex,
    state: WordsmithState,
    player: PlayerState,
    rng: random.Random,
) -> None:
    """Replace a hidden sheet by as many plausible words.

    The last word must fit the pool the seat sees (a claim keeps exactly the word's pieces,
    and pieces are only added until the next claim); the earlier ones are drawn from what the
    larger of the starting pool and that pool builds. Each word brings a letter new to the one
    before and holds its line's required letter where such a word exists: most claims are
    valid. Lines are the next ones in order, or in the Advanced Game any lines.
    """
    count = len(player["order"])
    lines = rng.sample(range(LINES), count) if state["required"] else list(range(count))
    pool = player["pool"]
    wider = {piece: max(n, state["start_pool"][piece]) for piece, n in pool.items()}
    sheet: list[str | None] = [None] * LINES
    previous: str | None = None
    for number, line in enumerate(lines):
        source = pool if number == count - 1 else wider
        query = Query(
            min_length=options.min_length,
            previous=previous,
            required=state["required"][line] if state["required"] else None,
            excluded=frozenset(word for word in sheet if word),
        )
        word = (
            index.sample(source, query, rng)
            or index.sample(source, Query(min_length=options.min_length), rng)
            or index.words[rng.randrange(len(index.words))]
        )
        sheet[line] = word
        previous = word
    player["sheet"] = sheet
    player["order"] = lines
    player["last"] = previous
