"""What the search levels need to know about Enchanted Grid: which moves are worth searching,
a cheap sensible rollout move and a leaf value.

The greedy bot's value (:meth:`.bots.EnchantedGridGreedy.value`: cards won and pending after a
move, against the best rival) ranks the moves, and the tree keeps only the best few at every
node: the searching seat's best words, and below them the replies that spoil them. So the tree
reads the exchanges greedy does not see: a word the next player extends or covers at once, a
word claimed late in the round where nobody can spoil it, a face-down card that claims at the
reveal. Its leaves end the round on a copy of the position (face-down cards turn up and claim
for their placer, standing claims are won) and read each seat's cards as its lead.

Rollouts (for the levels that play them) take the best of a few random moves by that value.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import replace
from typing import cast

from crafthall.bots.ismcts import SearchPolicy, margin_utility
from crafthall.bots.levels import Level
from crafthall.engine.data import Action, State, clone
from crafthall.engine.game import Game
from crafthall.games.enchanted_grid.bots import EnchantedGridGreedy, entry_of, scramble_choice
from crafthall.games.enchanted_grid.grid import COLOURS, LETTERS, Board
from crafthall.games.enchanted_grid.play import end_round
from crafthall.games.enchanted_grid.rules import EnchantedGrid
from crafthall.games.enchanted_grid.state import EnchantedGridState
from crafthall.games.enchanted_grid.words import unchanged_words

KNOWN_LIMIT = 20_000
"""Positions whose move values are remembered before the memory starts afresh."""


def move_values(
    game: EnchantedGrid, state: EnchantedGridState, seat: int, moves: list[Action]
) -> list[float]:
    """The greedy value of each move, a face-down card valued as if face up: the words it
    makes are claimed at the round's end, when its placer turns it up."""
    face_up = [{**m, "face_down": False} if m.get("face_down") else m for m in moves]
    return EnchantedGridGreedy.values(game, state, seat, face_up)


def _rules(game: Game) -> EnchantedGrid:
    assert isinstance(game, EnchantedGrid)
    return game


class EnchantedGridPolicy(SearchPolicy):
    margin_scale = 8.0
    """About one long word's cards: a clear but not decisive lead."""
    rollout_moves = 0
    """The tree's own moves are the lookahead: random moves say little about which words stand."""
    max_children = 8
    inner_children = 4
    """Moves kept below the root: the replies greedy ranks best, so that the tree finds the
    reply that spoils a word rather than averaging over harmless ones."""
    rollout_tries = 4
    """Random moves a rollout move is chosen from (the best by the greedy value)."""

    def __init__(self) -> None:
        self._known: dict[Hashable, dict[Hashable, list[tuple[float, Action]]]] = {}

    def actions(self, game: Game, state: State, seat: int) -> list[Action]:
        """The ``inner_children`` moves of the highest greedy value, best first. Each card's
        best moves are remembered by what every seat sees and by the card's letter and colour:
        the tree meets the same position in many determinizations, which differ only in the
        cards in hand, and a card's letter and colour alone decide its moves and their words."""
        table = cast(EnchantedGridState, state)
        hand = table["hands"][seat]
        if table["phase"] != "play" or not hand:
            return list(game.legal_actions(state, seat))
        public = (
            seat,
            tuple(table["grid"]),
            tuple(table["tops"].items()),
            tuple((claim["seat"], *claim["cards"]) for claim in table["claims"]),
            tuple(len(won) for won in table["won"]),
        )
        if len(self._known) > KNOWN_LIMIT:
            self._known.clear()
        known = self._known.setdefault(public, {})
        candidates: list[tuple[float, int, int, Action]] = []
        seen = set()
        for slot, card_id in enumerate(hand):
            kind = (LETTERS[card_id], COLOURS[card_id])
            if kind in seen:
                continue  # another copy: the same moves
            seen.add(kind)
            ranked = known.get(kind)
            if ranked is None:
                ranked = known[kind] = self._card_moves(game, state, seat, card_id)
            candidates += [
                (-value, slot, n, {**move, "card": card_id})
                for n, (value, move) in enumerate(ranked)
            ]
        candidates.sort(key=lambda c: c[:3])
        return [move for *_, move in candidates[: self.inner_children]]

    def _card_moves(
        self, game: Game, state: State, seat: int, card_id: int
    ) -> list[tuple[float, Action]]:
        """The ``inner_children`` best moves of one card, with their greedy values."""
        hands = list(state["hands"])
        hands[seat] = [card_id]
        alone = {**state, "hands": hands}
        moves = list(game.legal_actions(alone, seat))
        values = move_values(_rules(game), cast(EnchantedGridState, alone), seat, moves)
        ranked = sorted(range(len(moves)), key=values.__getitem__, reverse=True)
        return [(values[n], moves[n]) for n in ranked[: self.inner_children]]

    def prune(self, game: Game, state: State, seat: int, moves: list[Action]) -> list[Action]:
        """At the root, the ``max_children`` moves of the highest :func:`move_values`, best
        first; among equal values the cards take turns (in the listing's order otherwise), so
        that the quiet moves kept are not all one card's. In the scramble every move."""
        if state["phase"] != "play" or len(moves) <= 1:
            return moves
        values = move_values(_rules(game), cast(EnchantedGridState, state), seat, moves)
        turns: dict[tuple[float, int], int] = {}
        order = []
        for n, (move, value) in enumerate(zip(moves, values, strict=True)):
            turn = turns[value, move["card"]] = turns.get((value, move["card"]), -1) + 1
            order.append((-value, turn, n))
        order.sort()
        return [moves[n] for *_, n in order[: self.max_children]]

    def rollout_action(self, game: Game, state: State, seat: int, rng: random.Random) -> Action:
        rules = _rules(game)
        table = cast(EnchantedGridState, state)
        if table["phase"] == "scramble":
            return scramble_choice(list(rules.legal_actions(state, seat)), table, rules)
        tries = [rules.sample_action(state, seat, rng) for _ in range(self.rollout_tries)]
        values = EnchantedGridGreedy.values(rules, table, seat, tries)
        return tries[values.index(max(values))]

    def leaf_values(self, game: Game, state: State) -> list[float]:
        table = cast(EnchantedGridState, state)
        if table["phase"] == "play":
            # The cards each seat would hold if the round ended now.
            table = cast(EnchantedGridState, clone(state))
            end_round(table, [], _rules(game).reader)
        return margin_utility([float(len(won)) for won in table["won"]], self.margin_scale)

    def words(self, game: Game, action: Action) -> list[str]:
        """A move names cards and cells, never a word: see :meth:`words_in`."""
        return []

    def words_in(self, game: Game, state: State, action: Action) -> list[str]:
        """The words a claim takes in the scramble, or a card's play creates (lower case)."""
        rules = _rules(game)
        table = cast(EnchantedGridState, state)
        if action["type"] == "pass":
            return []
        if action["type"] == "claim":
            cell = (action["at"][0], action["at"][1])
            word = rules.reader.word_at(table["tops"], cell, action["direction"])
            if word is None or word.direction != action["direction"]:
                return []
            return [word.text.lower()]
        entry = entry_of(action, table["turn"])
        created, _broken, _renewed = unchanged_words(
            *EnchantedGridGreedy.word_changes(rules, Board(table), action, entry)
        )
        return [word.text.lower() for word in created]

    def tune(self, level: Level) -> Level:
        # About 1,000 iterations a CPU second early in the game, half that late, when the grid
        # holds more cards and every card has more moves: strong's 200 take about a sixth of a
        # second a move, expert's 1,000 about 0.9 s (with 500 it finished ahead of strong in 57%
        # of games, with 1,000 in 78%).
        budgets = {"strong": 200, "expert": 1000}
        return replace(level, iterations=budgets.get(level.name, level.iterations))


POLICY = EnchantedGridPolicy()
