"""A search bot on the engine's public hooks alone: determinized Monte Carlo.

For each candidate move it plays random games (``sample_action``) onward from fresh
determinizations of what it knows, and takes the move whose games went best for it. It
touches the true state only through ``determinize``, so it cannot use another seat's secrets:
two states that look the same to its seat get the same move.
"""

from __future__ import annotations

import random

from crafthall.bots.base import Bot
from crafthall.bots.ismcts import Deadline
from crafthall.engine.data import Action, State
from crafthall.engine.game import Game


class MonteCarloBot(Bot):
    """``playouts`` rollouts of at most ``horizon`` moves for each of ``candidates`` moves."""

    level = "search"

    def __init__(
        self, game: Game, seed: int, playouts: int = 24, candidates: int = 10, horizon: int = 200
    ) -> None:
        super().__init__(game, seed)
        self.playouts, self.candidates, self.horizon = playouts, candidates, horizon

    def choose(self, state: State, seat: int) -> Action:
        return self.choose_before(state, seat, None)

    def choose_before(self, state: State, seat: int, deadline: Deadline | None) -> Action:
        """The best move after ``playouts`` rounds, or after the rounds done by ``deadline``
        (none done: the first candidate)."""
        rng = random.Random(self.random.getrandbits(64))
        known = self.game.determinize(state, seat, rng)  # its own moves depend on its view only
        moves = list(self.game.legal_actions(known, seat))
        if len(moves) > self.candidates:
            moves = rng.sample(moves, self.candidates)
        totals = [0.0] * len(moves)
        for _ in range(self.playouts):
            if deadline is not None and deadline.passed():
                break
            for index, move in enumerate(moves):
                world = self.game.determinize(state, seat, rng)
                self.game.apply(world, seat, move)
                totals[index] += self.rollout(world, seat, rng)
        return moves[max(range(len(moves)), key=totals.__getitem__)]

    def rollout(self, world: State, seat: int, rng: random.Random) -> float:
        """Random moves to the end (or the horizon); 1 for a win shared among the winners,
        plus a small share for the score margin so that close games still rank."""
        for _ in range(self.horizon):
            if self.game.result(world) is not None:
                break
            active = self.game.active_seats(world)
            mover = active[0] if len(active) == 1 else rng.choice(active)
            self.game.apply(world, mover, self.game.sample_action(world, mover, rng))
        result = self.game.result(world)
        scores = result.scores if result else self.game.scores_of(world)
        margin = scores[seat] - max([s for n, s in enumerate(scores) if n != seat] or [0])
        won = 1.0 / len(result.winners) if result and seat in result.winners else 0.0
        return won + margin / 1000
