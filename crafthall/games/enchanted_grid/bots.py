"""A word-aware greedy bot for Enchanted Grid.

For every legal action it works out, on the lines the move touches only, every word the move
would create (and claim) and every claimed word it would break, then values the move by the
cards that would be won at the round's end: its own won and pending cards against the best
rival's. It reads only what its seat may see: the grid's face-up cards (face-down cards are
blanks), the public claims and its own hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from crafthall.bots.base import Bot
from crafthall.engine.data import Action, State
from crafthall.games.enchanted_grid.grid import Board, key
from crafthall.games.enchanted_grid.play import tops_after
from crafthall.games.enchanted_grid.rules import EnchantedGrid
from crafthall.games.enchanted_grid.state import ClaimedCards, EnchantedGridState, GridEntry
from crafthall.games.enchanted_grid.words import (
    Word,
    in_claim_order,
    pending_cards,
    unchanged_words,
)


def scramble_choice(
    actions: list[Action], state: EnchantedGridState, game: EnchantedGrid
) -> Action:
    """In the scramble, the longest word on the grid (a pass only when none is left)."""
    standing = game.reader.all_words(state["tops"]).values()
    words = {(w.cells[0], w.direction): w for w in standing}
    claims = [a for a in actions if a["type"] == "claim"]
    if not claims:
        return actions[0]
    return max(claims, key=lambda a: len(words[(tuple(a["at"]), a["direction"])].ids))


def entry_of(action: Action, seat: int) -> GridEntry:
    """The grid entry a play action lays."""
    return {"card": action["card"], "by": seat, "down": bool(action.get("face_down"))}


class EnchantedGridGreedy(Bot):
    level = "greedy"

    def choose(self, state: State, seat: int) -> Action:
        game = self.game
        assert isinstance(game, EnchantedGrid)
        table = cast(EnchantedGridState, state)
        actions = self._legal(state, seat)
        if table["phase"] == "scramble":
            return scramble_choice(actions, table, game)
        values = self.values(game, table, seat, actions)
        best_value = max(values)
        return self.random.choice(
            [a for a, v in zip(actions, values, strict=True) if v == best_value]
        )

    @staticmethod
    def word_changes(
        game: EnchantedGrid, board: Board, action: Action, entry: GridEntry
    ) -> tuple[list[Word], list[Word]]:
        """(created, broken) by ``action`` laying ``entry``, read on the touched lines only;
        ``board`` is left as it is."""
        reader = game.reader
        effect = board.effect_of(action)
        if not effect.moves:  # a plain placement or an overwrite: one cell changes
            tops = dict(board.tops)
            name = key(effect.put)
            before = tops.pop(name, None)
            if not entry["down"]:
                tops[name] = entry["card"]
            return reader.change_at(tops, effect.put, before)
        touched = effect.cells()
        after = tops_after(board, effect, entry)
        return reader.changes(reader.near(board.tops, touched), reader.near(after, touched))

    @classmethod
    def claims_after(
        cls, game: EnchantedGrid, state: EnchantedGridState, seat: int, action: Action
    ) -> list[ClaimedCards]:
        """The Words Created list after ``action`` (before any round end): the standing claims
        minus every word the move breaks (a word it leaves reading the same keeps its claim, on
        its new cards), plus every word it creates, claimed by ``seat``."""
        changes = cls.word_changes(game, Board(state), action, entry_of(action, seat))
        return cls.claims_with(state, seat, changes)

    @staticmethod
    def claims_with(
        state: EnchantedGridState, seat: int, changes: tuple[list[Word], list[Word]]
    ) -> list[ClaimedCards]:
        """The Words Created list after a move of ``seat`` that creates and breaks
        ``changes``."""
        created, broken, renewed = unchanged_words(*changes)
        gone = {w.key for w in broken}
        claims: list[ClaimedCards] = []
        for claim in state["claims"]:
            word_key = (claim["direction"], tuple(claim["cards"]))
            if word_key not in gone:
                word = renewed.get(word_key)
                claims.append(
                    {"seat": claim["seat"], "cards": list(word.ids) if word else claim["cards"]}
                )
        claims += [{"seat": seat, "cards": list(w.ids)} for w in in_claim_order(created)]
        return claims

    @staticmethod
    def lead(state: EnchantedGridState, seat: int, claims: Sequence[ClaimedCards]) -> float:
        """Cards won and pending under ``claims`` for ``seat`` minus the best rival's."""
        pending = pending_cards(claims, state["seats"])
        totals = [len(w) + p for w, p in zip(state["won"], pending, strict=True)]
        rivals = max(t for s, t in enumerate(totals) if s != seat)
        return float(totals[seat] - rivals)

    @classmethod
    def value(
        cls, game: EnchantedGrid, state: EnchantedGridState, seat: int, action: Action
    ) -> float:
        """Cards won and pending for ``seat`` minus the best rival's, after ``action``."""
        return cls.lead(state, seat, cls.claims_after(game, state, seat, action))

    @classmethod
    def values(
        cls, game: EnchantedGrid, state: EnchantedGridState, seat: int, actions: list[Action]
    ) -> list[float]:
        """:meth:`value` of each of ``actions``, sharing the work they have in common: most
        moves create and break nothing, and leave the lead as it stands."""
        board = Board(state)
        standing: float | None = None
        values = []
        for action in actions:
            changes = cls.word_changes(game, board, action, entry_of(action, seat))
            if changes[0] or changes[1]:
                values.append(cls.lead(state, seat, cls.claims_with(state, seat, changes)))
                continue
            if standing is None:
                standing = cls.lead(state, seat, state["claims"])
            values.append(standing)
        return values
