"""Wordsmith bots: they find words from their own pool through the alphabet and decide when
to roll for another piece. They read only their own seat's view and the legal actions.

Levels differ in how far they look and how fast they play (``think_seconds`` paces them in
the real-time terminal race):

* ``easy``: knows short words only (up to 5 letters), claims the first one it sees, slow;
* ``medium``: claims the longest word it finds once it has 4 letters or more;
* ``strong``: weighs letters against the bonus boxes its leftovers would cost, rolls for the
  piece that unlocks a longer word, and claims sooner when an opponent nears Done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from crafthall.bots.base import Bot
from crafthall.engine.data import Action, State, View
from crafthall.engine.game import Game
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.finder import Query, index_for
from crafthall.games.wordsmith.rules import Wordsmith
from crafthall.games.wordsmith.sheet import LINES
from crafthall.games.wordsmith.view import PlayerView


@dataclass(frozen=True)
class Level:
    name: str
    think: float
    """Seconds between two actions in the real-time race."""
    max_length: int | None
    """Longest word the bot knows (None: any)."""
    claim_at: int
    """In the race, claim once the best word is worth this much (else roll if possible)."""
    weigh_discards: bool
    """Count a leftover that would check a bonus box as a lost point."""
    pick_best: bool
    """Claim the best word (else the first good-enough word in alphabetical order)."""
    max_pool: int
    """Stop rolling once the pool holds this many pieces."""


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 9.0, 5, 3, False, False, 11),
    "medium": Level("medium", 5.0, 8, 4, False, True, 13),
    "strong": Level("strong", 2.5, None, 5, True, True, 16),
}


LEFTOVER_COST = 0.1
"""What a leftover piece costs a claim besides any bonus box it checks (pieces kept are
pieces that need no roll)."""


def claim_value(letters: int, leftover: int, wilds: int, boxes_left: int, bonus_left: int) -> float:
    """What a claim is worth to its player: a point a letter, less the bonus boxes its
    leftovers (and unused wild circles) would check, less :data:`LEFTOVER_COST` a leftover
    piece. The strong bot and the search rank claims by it."""
    free_left = max(0, boxes_left - bonus_left)
    lost = max(0, leftover + wilds - free_left)
    return letters - lost - LEFTOVER_COST * leftover


class WordsmithBot(Bot):
    level_info: Level

    def __init__(self, game: Game, seed: int, level: Level) -> None:
        super().__init__(game, seed)
        self.level_info = level
        self.level = level.name
        assert isinstance(game, Wordsmith)
        self.rules: Wordsmith = game

    def think_seconds(self) -> float:
        return self.level_info.think * self.random.uniform(0.7, 1.3)

    def choose(self, state: State, seat: int) -> Action:
        legal = self._legal(state, seat)
        view = self.game.view(state, seat)
        me = view["players"][seat]
        takes = [a for a in legal if a["type"] == "take"]
        if takes:
            return self._choose_piece(view, me, [a["piece"] for a in takes])
        claims = [a for a in legal if a["type"] == "claim" and self._knows(a["word"])]
        best = max(claims, key=lambda a: self._value(me, a), default=None)
        can_roll = any(a["type"] == "roll" for a in legal)
        if best is not None:
            value = self._value(me, best)
            if not self.level_info.pick_best:
                good = [a for a in claims if len(a["word"]) >= self.level_info.claim_at]
                best = self.random.choice(good) if good else best
            if not can_roll or value >= self._claim_threshold(view, seat):
                return best
            if comp.pool_size(me["pool"]) >= self.level_info.max_pool:
                return best
        if can_roll:
            return {"type": "roll"}
        return {"type": "pass"}

    # --- judgement -------------------------------------------------------------------------

    def _knows(self, word: str) -> bool:
        limit = self.level_info.max_length
        return limit is None or len(word) <= limit

    def _value(self, me: PlayerView, action: Action) -> float:
        word: str = action["word"]
        if not self.level_info.weigh_discards:
            return float(len(word))
        leftover = comp.pool_size(me["pool"]) - comp.pool_size(comp.recipe(word))
        return claim_value(len(word), leftover, me["wilds"], me["boxes_left"], me["bonus_left"])

    def _claim_threshold(self, view: View, seat: int) -> float:
        threshold = float(self.level_info.claim_at)
        if self.level_info.weigh_discards:
            leader = max(
                (p["words"] for other, p in enumerate(view["players"]) if other != seat),
                default=0,
            )
            if leader >= LINES - 2:
                threshold -= 2
        return threshold

    def _choose_piece(self, view: View, me: PlayerView, offered: list[str]) -> Action:
        """The offered piece that unlocks the longest word (else the one most letters use)."""
        index = index_for(self.rules.lexicon)
        query = Query(min_length=view["min_length"], previous=me["last"])
        unlocks = {p: w for p, w in index.unlocks(me["pool"], query).items() if p in offered}
        if unlocks:
            piece = max(unlocks, key=lambda p: (len(unlocks[p]), -offered.index(p)))
        else:
            piece = min(offered, key=lambda p: (me["pool"][p], comp.PIECES.index(p)))
        return {"type": "take", "piece": piece}


def _factory(level: Level) -> Any:
    def make(game: Game, seed: int) -> Bot:
        return WordsmithBot(game, seed, level)

    return make


BOTS = {name: _factory(level) for name, level in LEVELS.items()}
