"""A crafthall game as a Gymnasium single-agent environment: you play one seat, crafthall bots
play the others (the ``research`` extra, which ``make test`` installs).

>>> from crafthall.games import names
>>> env = CrafthallEnv(names()[0], seats=2, bots=("random",))
>>> observation, info = env.reset(seed=3)
>>> sorted(observation), observation["action_mask"].dtype.name
(['action_mask', 'observation'], 'int8')
>>> action = int(observation["action_mask"].nonzero()[0][0])
>>> _, reward, terminated, truncated, _ = env.step(action)

Observations are a dict: ``observation`` (the engine's encoder on your seat's view) and
``action_mask`` (1 where an action is legal, over the whole codec range); choose among the
masked actions (e.g. sb3-contrib's MaskablePPO reads ``action_masks()``). The reward is your
share of the victory at the end (1 alone, 1/k shared, 0 otherwise) and 0 before.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from crafthall.bots.base import Bot
from crafthall.engine.game import Game
from crafthall.games import make_bot, make_game
from crafthall.research.table import Table

MAX_MOVES = 20_000
"""Moves after which an episode is truncated (a sign of a rules bug, never of normal play)."""


def observation_space(game: Game, seats: int) -> spaces.Dict:
    """The encoder's array and the action mask, as one dict space."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                -np.inf, np.inf, shape=game.observation_shape(seats), dtype=np.float32
            ),
            "action_mask": spaces.Box(0, 1, shape=(game.action_space_size(seats),), dtype=np.int8),
        }
    )


def observe(table: Table, seat: int) -> dict[str, np.ndarray]:
    """A seat's observation; its mask is empty when it is not the seat to act."""
    mask = (
        table.mask()
        if table.to_act == seat
        else np.zeros(table.game.action_space_size(table.seats), dtype=np.int8)
    )
    return {"observation": table.observation(seat).astype(np.float32), "action_mask": mask}


class CrafthallEnv(gymnasium.Env[dict[str, Any], np.int64]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self,
        game: str,
        seats: int = 2,
        seat: int = 0,
        bots: tuple[str, ...] = ("greedy",),
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.game = make_game(game, options)
        self.game.require_codec()
        self.game.check_seats(seats)
        self.seats, self.seat, self.levels = seats, seat, bots
        self.render_mode = render_mode
        self.observation_space: spaces.Space[dict[str, Any]] = observation_space(self.game, seats)
        self.action_space = spaces.Discrete(self.game.action_space_size(seats))
        self.table: Table | None = None
        self.bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**62))
        self.table = Table(self.game, self.seats, deal)
        others = [s for s in range(self.seats) if s != self.seat]
        self.bots = {
            other: make_bot(self.game, self.levels[n % len(self.levels)], deal + other)
            for n, other in enumerate(others)
        }
        self._others_play()
        return observe(self.table, self.seat), {}

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        table = self._table()
        table.step(int(action))
        self._others_play()
        reward = table.returns()[self.seat] if table.over else 0.0
        truncated = not table.over and table.moves >= MAX_MOVES
        return observe(table, self.seat), reward, table.over, truncated, {}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, for maskable learners."""
        return self._table().mask().astype(bool)

    def render(self) -> str:
        from crafthall.engine.data import to_json

        return to_json(self._table().view(self.seat))

    def _others_play(self) -> None:
        table = self._table()
        while not table.over and table.to_act != self.seat and table.moves < MAX_MOVES:
            seat = table.to_act
            assert seat is not None
            table.play(self.bots[seat].choose(table.state, seat))

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("Call reset() before step().")
        return self.table
