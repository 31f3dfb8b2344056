"""Every game as a PettingZoo AEC environment passing PettingZoo's API test, and as a
Gymnasium environment against crafthall bots passing Gymnasium's environment checker."""

from __future__ import annotations

import numpy as np
import pytest

from tests.research.support import CODEC_GAMES

pytest.importorskip("pettingzoo", reason="PettingZoo is the crafthall[research] extra")

from pettingzoo.test import api_test

from crafthall.research.gym import CrafthallEnv
from crafthall.research.pettingzoo import env_for


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo suggests Box over Dict spaces
@pytest.mark.parametrize("name", CODEC_GAMES)
def test_pettingzoo_api(name: str) -> None:
    api_test(env_for(name, seats=2), num_cycles=30)


@pytest.mark.parametrize("name", CODEC_GAMES)
def test_a_masked_random_agent_finishes_a_gymnasium_episode(name: str) -> None:
    env = CrafthallEnv(name, seats=2, bots=("greedy",))
    # Gymnasium's check_env steps with unmasked random actions, which the rules refuse, so
    # what it checks besides is checked here: spaces, and resets that repeat with the seed.
    again, _ = env.reset(seed=4)
    observation, _ = env.reset(seed=4)
    assert all(np.array_equal(again[key], observation[key]) for key in observation)
    assert env.observation_space.contains(observation)
    rng = np.random.default_rng(1)
    done, reward, steps = False, 0.0, 0
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        assert legal.size and env.action_masks()[legal].all()
        observation, reward, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        done, steps = terminated or truncated, steps + 1
    assert 0.0 <= reward <= 1.0 and steps > 0
    assert env.observation_space.contains(observation)
