"""Bots: players that drive any game through the engine interface alone.

A bot is given the game, the state and its seat, and returns one action. Bots only list legal
actions, apply them to copies, and read ``evaluate`` (which games compute from what the seat may
know); they never read another seat's secrets directly.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from crafthall.bots.ismcts import Deadline
from crafthall.engine.data import Action, State, clone
from crafthall.engine.errors import IllegalAction
from crafthall.engine.game import Game


class Bot(ABC):
    level: str = ""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.random = random.Random(seed)

    @abstractmethod
    def choose(self, state: State, seat: int) -> Action:
        """One action for ``seat``; the seat must be active and have a legal action."""

    def choose_before(self, state: State, seat: int, deadline: Deadline | None) -> Action:
        """:meth:`choose`, but a bot that searches stops at ``deadline`` and plays the best
        move it has found so far (``None``: no deadline). A bot that does not search answers
        at once anyway."""
        return self.choose(state, seat)

    def think_budget(self) -> float | None:
        """CPU seconds a move may take when people wait for it (``None``: as long as its
        budget of iterations takes). See :func:`crafthall.bots.thinking.think`."""
        return None

    def think_seconds(self) -> float:
        """How long a front end should let this bot seem to think (real-time games pace by it)."""
        return 0.0

    def _legal(self, state: State, seat: int) -> list[Action]:
        actions = list(self.game.legal_actions(state, seat))
        if not actions:
            raise IllegalAction("no-legal-action", f"Seat {seat + 1} has no legal action now.")
        return actions


class RandomBot(Bot):
    """A random legal action, drawn as the game's random playouts draw them
    (``sample_action``: the game decides how to weigh kinds of moves)."""

    level = "random"

    def choose(self, state: State, seat: int) -> Action:
        return self.game.sample_action(state, seat, self.random)


class GreedyBot(Bot):
    """The legal action with the best immediate value (the game's ``evaluate``); ties at random."""

    level = "greedy"

    def choose(self, state: State, seat: int) -> Action:
        best: list[Action] = []
        best_value = float("-inf")
        for action in self._legal(state, seat):
            after = clone(state)
            self.game.apply(after, seat, action)
            value = self.game.evaluate(after, seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.random.choice(best)


GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}
