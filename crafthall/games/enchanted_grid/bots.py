"""A word-aware greedy bot for Enchanted Grid.

For every legal action it works out, on the lines the move touches only, every word the move
would create (and claim) and every claimed word it would break, then values the move by the
cards that would be won at the round's end: its own won and pending cards against the best
rival's. It reads only what its seat may see: the grid's face-up cards (face-down cards are
blanks), the public claims and its own hand.
"""

from __future__ import annotations

from typing import Any

from crafthall.bots.base import Bot
from crafthall.engine.data import Action, State
from crafthall.games.enchanted_grid.board import Board
from crafthall.games.enchanted_grid.play import tops_after
from crafthall.games.enchanted_grid.rules import EnchantedGrid
from crafthall.games.enchanted_grid.words import in_claim_order, pending_cards, unchanged_words


def _scramble_choice(actions: list[Action], state: State, game: EnchantedGrid) -> Action:
    """In the scramble, the longest word on the grid (a pass only when none is left)."""
    standing = game.reader.all_words(state["tops"]).values()
    words = {(w.cells[0], w.direction): w for w in standing}
    claims = [a for a in actions if a["type"] == "claim"]
    if not claims:
        return actions[0]
    return max(claims, key=lambda a: len(words[(tuple(a["at"]), a["direction"])].ids))


class EnchantedGridGreedy(Bot):
    level = "greedy"

    def choose(self, state: State, seat: int) -> Action:
        game = self.game
        assert isinstance(game, EnchantedGrid)
        actions = self._legal(state, seat)
        if state["phase"] == "scramble":
            return _scramble_choice(actions, state, game)
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            value = self.value(game, state, seat, action)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.random.choice(best)

    @staticmethod
    def claims_after(
        game: EnchantedGrid, state: State, seat: int, action: Action
    ) -> list[dict[str, Any]]:
        """The Words Created list after ``action`` (before any round end): the standing claims
        minus every word the move breaks (a word it leaves reading the same keeps its claim, on
        its new cards), plus every word it creates, claimed by ``seat``."""
        board = Board(state)
        effect = board.effect_of(action)
        touched = effect.cells()
        entry = {"card": action["card"], "by": seat, "down": bool(action.get("face_down"))}
        after = tops_after(board, effect, entry)
        reader = game.reader
        created, broken, renewed = unchanged_words(
            *reader.changes(reader.near(board.tops, touched), reader.near(after, touched))
        )
        gone = {w.key for w in broken}
        claims: list[dict[str, Any]] = []
        for claim in state["claims"]:
            word_key = (claim["direction"], tuple(claim["cards"]))
            if word_key not in gone:
                word = renewed.get(word_key)
                claims.append(
                    {"seat": claim["seat"], "cards": list(word.ids) if word else claim["cards"]}
                )
        claims += [{"seat": seat, "cards": list(w.ids)} for w in in_claim_order(created)]
        return claims

    @classmethod
    def value(cls, game: EnchantedGrid, state: State, seat: int, action: Action) -> float:
        """Cards won and pending for ``seat`` minus the best rival's, after ``action``."""
        claims = cls.claims_after(game, state, seat, action)
        pending = pending_cards(claims, state["seats"])
        totals = [len(w) + p for w, p in zip(state["won"], pending, strict=True)]
        rivals = max(t for s, t in enumerate(totals) if s != seat)
        return float(totals[seat] - rivals)
