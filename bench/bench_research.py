"""Environment steps/s per game for the research adapters (the ``crafthall[research]`` extra).

    .venv/bin/python bench/bench_research.py                  # every game, a few seconds each
    .venv/bin/python bench/bench_research.py --game wordcraft --seconds 10

A step is one action by a uniformly random agent choosing among the legal ones, at 2 seats:

- OpenSpiel: ``legal_actions`` + ``apply_action`` + the mover's ``observation_tensor``;
- PettingZoo AEC: ``observe`` (encoded view and the action mask) + ``step``;
- Gymnasium: ``step`` for seat 1, the other seat played by the ``random`` bot (its moves are
  inside the step, so a step there is a whole round of the table).

Wall-clock time on one process, games restarted as they end.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from crafthall.games import names


def rate(seconds: float, episode: Callable[[np.random.Generator], int]) -> float:
    """Steps per second over whole episodes, for at least ``seconds``."""
    rng = np.random.default_rng(0)
    steps, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        steps += episode(rng)
    return steps / (time.perf_counter() - started)


def openspiel_episode(name: str) -> Callable[[np.random.Generator], int]:
    import pyspiel

    from crafthall.research.openspiel import register, short_name

    register([name])
    game = pyspiel.load_game(short_name(name), {"players": 2})

    def episode(rng: np.random.Generator) -> int:
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            state.observation_tensor(state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        return steps

    return episode


def pettingzoo_episode(name: str) -> Callable[[np.random.Generator], int]:
    from crafthall.research.pettingzoo import env_for

    env = env_for(name, seats=2)

    def episode(rng: np.random.Generator) -> int:
        env.reset(seed=int(rng.integers(2**31)))
        steps = 0
        for agent in env.agent_iter():
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            mask = env.observe(agent)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        return steps

    return episode


def gymnasium_episode(name: str) -> Callable[[np.random.Generator], int]:
    from crafthall.research.gym import CrafthallEnv

    env = CrafthallEnv(name, seats=2, bots=("random",))

    def episode(rng: np.random.Generator) -> int:
        observation, _ = env.reset(seed=int(rng.integers(2**31)))
        steps, done = 0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, truncated, _ = env.step(action)
            steps, done = steps + 1, terminated or truncated
        return steps

    return episode


LIBRARIES = {
    "OpenSpiel": openspiel_episode,
    "PettingZoo": pettingzoo_episode,
    "Gymnasium": gymnasium_episode,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", default=[], help="a game (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and library")
    args = parser.parse_args()
    print(f"{'game':16}" + "".join(f"{library:>14}" for library in LIBRARIES) + "  (steps/s)")
    for name in args.game or names():
        figures = [rate(args.seconds, make(name)) for make in LIBRARIES.values()]
        print(f"{name:16}" + "".join(f"{figure:14.0f}" for figure in figures), flush=True)


if __name__ == "__main__":
    main()
