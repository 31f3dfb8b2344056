"""A fast Wordcraft greedy bot.

The generic greedy bot clones the state and applies each of the thousands of legal words; this
one reaches the same kind of choice (best ``Wordcraft.evaluate`` after the move) by working out
each word's value change directly from the public table: which letter majorities it wins or
ties, and which achievement cubes it adds.
"""

from __future__ import annotations

from crafthall.bots.base import Bot
from crafthall.engine.data import Action, State
from crafthall.games.wordcraft import scoring, vote
from crafthall.games.wordcraft.components import achievement, achievement_points, constants
from crafthall.games.wordcraft.moves import Candidate
from crafthall.games.wordcraft.rules import Wordcraft


class WordcraftGreedy(Bot):
    """The word (and achievement cubes) that most raise the seat's projected lead; in a vote,
    keep the word (the table's dictionary accepted it)."""

    level = "greedy"

    def choose(self, state: State, seat: int) -> Action:
        game = self.game
        assert isinstance(game, Wordcraft)
        if state["vote"] is not None:
            return dict(vote.KEEP)
        side = state["side_of"][seat]
        supply = state["supply"][side]
        values = game.projected(state)
        best: list[Action] = [{"type": "pass"}]
        best_value = _lead(values, side)
        for option in game.playable(state):
            if option.cubes > supply:
                continue
            value, claims = self._score(state, side, values, option, supply - option.cubes)
            if value > best_value:
                best, best_value = [], value
            if value == best_value:
                best.append(
                    {
                        "type": "word",
                        "word": option.word,
                        "spelling": list(option.spelling),
                        "achievements": claims,
                    }
                )
        return self.random.choice(best)

    @staticmethod
    def _score(
        state: State, side: int, values: list[int], option: Candidate, spare: int
    ) -> tuple[int, list[str]]:
        after = list(values)
        added: dict[str, int] = {}
        for card in option.spelling:
            added[card] = added.get(card, 0) + 1
        for card, count in added.items():
            counts = state["cubes"][card]
            old = scoring.card_points(card, counts)
            new_counts = list(counts)
            new_counts[side] += count
            new = scoring.card_points(card, new_counts)
            for other, (was, now) in enumerate(zip(old, new, strict=True)):
                after[other] += now - was
        gains = []
        for card in option.fulfilled:
            have = state["claims"][card][side]
            difficulty = achievement(card).difficulty
            gain = achievement_points(difficulty, have + 1) - achievement_points(difficulty, have)
            gains.append((gain, card))
        gains.sort(reverse=True)
        chosen = gains[:spare]
        after[side] += sum(gain for gain, _ in chosen)
        limits = constants()
        if state["trigger"] is None and spare - len(chosen) <= limits["round_end_at"]:
            after[side] += limits["trigger_bonus"]
        claims = [card for card in option.fulfilled if any(card == c for _, c in chosen)]
        return _lead(after, side), claims


def _lead(values: list[int], side: int) -> int:
    return values[side] - max(value for other, value in enumerate(values) if other != side)
