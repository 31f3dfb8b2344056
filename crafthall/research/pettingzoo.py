"""A crafthall game as a PettingZoo AEC environment (the ``research`` extra, which
``make test`` installs).

>>> from crafthall.games import names
>>> env = env_for(names()[0], seats=2)
>>> env.reset(seed=1)
>>> sorted(env.observe(env.agent_selection))
['action_mask', 'observation']

Agents are ``seat_0``, ``seat_1``, ... in turn order. Each observation is a dict: the engine's
encoder on that seat's view, and an ``action_mask`` over the codec range that is all zeros
unless the agent is the one to act. Rewards come once, at the end: each seat's share of the
victory. A race, where several seats may act at once, is ordered by a seeded draw.
For a single agent against crafthall bots, see :mod:`crafthall.research.gym`.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from crafthall.engine.data import to_json
from crafthall.games import make_game
from crafthall.research.gym import MAX_MOVES, observation_space, observe
from crafthall.research.table import Table


class CrafthallAEC(AECEnv[str, dict[str, np.ndarray], int]):
    def __init__(
        self,
        game: str,
        seats: int = 2,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = make_game(game, options)
        self.game.require_codec()
        self.game.check_seats(seats)
        self.seats = seats
        self.metadata = {
            "name": f"crafthall_{self.game.name}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{seat}" for seat in range(seats)]
        self.table: Table | None = None
        self._seeds = np.random.default_rng()

    @functools.cache  # noqa: B019 (PettingZoo wants the same space object on every call)
    def observation_space(self, agent: str) -> spaces.Dict:
        return observation_space(self.game, self.seats)

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Discrete:
        return spaces.Discrete(self.game.action_space_size(self.seats))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.table = Table(self.game, self.seats, int(self._seeds.integers(2**62)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.table.to_act)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return observe(self._table(), self.possible_agents.index(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table()
        assert action is not None
        table.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        if table.over:
            for seat, share in enumerate(table.returns()):
                self.rewards[self.possible_agents[seat]] = share
            self.terminations = dict.fromkeys(self.agents, True)
        elif table.moves >= MAX_MOVES:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._agent(table.to_act)
        self._accumulate_rewards()

    def render(self) -> str:
        return to_json(self._table().view(None))

    def close(self) -> None:
        self.table = None

    def _agent(self, seat: int | None) -> str:
        """The agent to act; once the game is over, the agents step out in seat order."""
        if seat is None:
            return next(a for a in self.possible_agents if a in self.agents)
        return self.possible_agents[seat]

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("Call reset() first.")
        return self.table


def env_for(
    game: str, seats: int = 2, options: dict[str, Any] | None = None, render_mode: str | None = None
) -> CrafthallAEC:
    """The AEC environment for ``game`` at a table of ``seats``."""
    return CrafthallAEC(game, seats, options, render_mode)
