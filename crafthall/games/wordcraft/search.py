"""What the search levels need to know about Wordcraft: which words to weigh, how to play on,
and what a position is worth.

A turn lists thousands of moves (every word x spelling x set of achievement cubes). The search
weighs the sixteen words the greedy bot values most (:class:`~.bots.WordValues`: the projected
lead right after the word, majorities and achievement cubes and the trigger's bonus), and a
pass. A round is short (two or three words a side) and, within it, fully public: only the next
rounds' grids are hidden. So the tree mostly reads the rest of the round move by move, where
the greedy bot goes wrong: a long word the other side then outbids letter by letter, a trigger
that hands the other side the last word, cubes spent on achievements that a later round lacks.

Rollouts play a word among the few best by that same value; the leaf is the projected score
table (majorities as they stand, achievement points, trigger bonuses) plus a little for each
cube a side still has to place this round, read as each seat's projected lead.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import replace
from typing import NamedTuple, cast

from crafthall.bots.ismcts import SearchPolicy, margin_utility
from crafthall.bots.levels import Level
from crafthall.engine.data import Action, State
from crafthall.engine.game import Game, Result
from crafthall.games.wordcraft import scoring, vote
from crafthall.games.wordcraft.bots import word_values
from crafthall.games.wordcraft.moves import PASS
from crafthall.games.wordcraft.rules import Wordcraft
from crafthall.games.wordcraft.state import WordcraftState

_CACHE = 2048
"""Positions whose shortlists are kept: within a round every determinization is the same
position, so the tree's nodes and the rollouts' first moves meet the same ones again."""


class Shortlist(NamedTuple):
    """A seat's most valuable words in a position, best first, with their values (its lead
    after each), and the lead as it stands (a pass's value). Shared: never change them."""

    moves: list[Action]
    leads: list[int]
    lead_now: int


class WordcraftPolicy(SearchPolicy):
    margin_scale = 15.0
    """About one contested red or purple card plus an achievement cube: a clear edge."""
    rollout_moves = 4
    max_children = 16
    rollout_choices = 3
    """A rollout plays one of the best few words (or passes, if that is worth as much)."""
    cube_value = 1.0
    """EP a cube still to place this round is worth at a leaf (it will win some letters)."""

    def __init__(self) -> None:
        self._values: OrderedDict[Hashable, Shortlist] = OrderedDict()
        self._lock = threading.Lock()  # one policy serves every table's bots, on any thread

    def shortlist(self, game: Game, state: State, seat: int) -> Shortlist:
        """The best words of ``seat`` in ``state``, from the cache when the position recurs."""
        assert isinstance(game, Wordcraft)
        # the words a played word rules out depend on the table's families option
        table = cast(WordcraftState, state)
        key = (id(game.words), game.moves.related, _position_key(table, seat))
        with self._lock:
            found = self._values.get(key)
            if found is not None:
                self._values.move_to_end(key)
                return found
        values = word_values(game, table, seat)
        count = max(self.max_children, self.rollout_choices)
        leads = [int(values.leads[p]) for p in values.ranked()[:count]]
        found = Shortlist(values.top(count), leads, values.lead_now)
        with self._lock:
            self._values[key] = found
            if len(self._values) > _CACHE:
                self._values.popitem(last=False)
        return found

    def actions(self, game: Game, state: State, seat: int) -> list[Action]:
        table = cast(WordcraftState, state)
        if table["vote"] is not None:
            return [dict(vote.KEEP)]
        if _fresh(table):
            return [dict(PASS)]
        return [*self.shortlist(game, state, seat).moves[: self.max_children], dict(PASS)]

    def prune(self, game: Game, state: State, seat: int, moves: list[Action]) -> list[Action]:
        """The ``max_children`` most valuable of ``moves`` (one per word and spelling, with its
        most valuable achievement cubes among those listed), and the pass if listed."""
        table = cast(WordcraftState, state)
        if table["vote"] is not None or len(moves) <= 1:
            return moves
        # Opening a round with a pass is never weighed: the search reads a pass on an empty
        # grid as skipping the round (see _fresh), and the other side would just play first.
        opening = _fresh(table) and table["passes"] == 0
        assert isinstance(game, Wordcraft)
        values = word_values(game, table, seat)
        kept: dict[Hashable, tuple[int, int, Action]] = {}
        passes = []
        for index, move in enumerate(moves):
            if move.get("type") != "word":
                passes.append(move)
                continue
            key = (move["word"], tuple(move["spelling"]))
            value = values.value(move)
            if key not in kept or value > kept[key][0]:
                kept[key] = (value, -index, move)
        best = sorted(kept.values(), key=lambda entry: entry[:2], reverse=True)
        pruned = [move for _, _, move in best[: self.max_children]]
        if passes and not (opening and pruned):
            pruned.append(passes[0])
        return pruned

    def rollout_action(self, game: Game, state: State, seat: int, rng: random.Random) -> Action:
        table = cast(WordcraftState, state)
        if table["vote"] is not None:
            return dict(vote.KEEP)
        if _fresh(table):
            return dict(PASS)
        short = self.shortlist(game, state, seat)
        best = short.leads[: self.rollout_choices]
        options = sum(1 for lead in best if lead >= short.lead_now)
        if not options:  # no word raises the lead: pass, as the greedy bot would
            return dict(PASS)
        return short.moves[int(rng.random() * options)]

    def leaf_values(self, game: Game, state: State) -> list[float]:
        table = cast(WordcraftState, state)
        projected = [float(value) for value in scoring.projected(table)]
        for side, left in enumerate(table["supply"]):
            projected[side] += self.cube_value * left
        return margin_utility([projected[side] for side in table["side_of"]], self.margin_scale)

    def final_values(self, result: Result) -> list[float]:
        """A game the search ended by skipping rounds (see :func:`_fresh`) stands for the
        position at the round's end it passed: valued as a leaf, by margin, not by rank."""
        rounds = zip(*result.details["letter_ep"], strict=True)
        if any(not any(scored) for scored in rounds):
            return margin_utility([float(score) for score in result.scores], self.margin_scale)
        return super().final_values(result)

    def tune(self, level: Level) -> Level:
        # strong's 300 iterations settle its choice in most positions (about 0.2 CPU seconds
        # a move); expert's 800 with 2-move rollouts lean on the tree, which reads the public
        # rest of the round move by move (about 0.5-0.7 seconds a move)
        if level.name == "expert":
            return replace(level, iterations=800, rollout_moves=2)
        if level.name == "strong":
            return replace(level, iterations=300)
        return level


def _fresh(state: WordcraftState) -> bool:
    """No cube on the grid yet: a round the search has reached past the round it searches.

    Its grid is a fresh draw of the hidden letter decks, different in each determinization, so
    weighing its words would cost a new table of words every iteration and tell little. Every
    side passes instead: the round is skipped (no letters scored) and the position at the end
    of the searched round is what gets valued (:meth:`WordcraftPolicy.final_values`)."""
    return not any(any(counts) for counts in state["cubes"].values())


def _position_key(state: WordcraftState, seat: int) -> Hashable:
    """Everything :class:`WordValues` reads of ``state`` for ``seat``."""
    return (
        state["side_of"][seat],
        state["round"],
        tuple(state["grid"]),
        tuple(map(tuple, state["cubes"].values())),
        tuple(map(tuple, state["claims"].values())),
        tuple(state["supply"]),
        tuple(state["bonus_ep"]),
        state["trigger"],
        tuple(entry["word"] for entry in state["used"]),
        tuple(state["rejected"]),
    )


POLICY = WordcraftPolicy()
