"""Every game as an OpenSpiel game: OpenSpiel's own random-simulation checks pass, and a
crafthall bot plays OpenSpiel's IS-MCTS."""

from __future__ import annotations

import pytest

from tests.research.support import CODEC_GAMES

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the crafthall[research] extra")

from crafthall.research.openspiel import (  # noqa: E402 (after the extra is known present)
    CrafthallBot,
    SampledRollouts,
    play,
    register,
    short_name,
)

register()


@pytest.mark.parametrize("name", CODEC_GAMES)
def test_openspiel_random_simulations_pass(name: str) -> None:
    game = pyspiel.load_game(short_name(name), {"players": 2, "rng_seed": 5})
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    # Masks over millions of actions are slow to check at every step; small codecs get it.
    small = game.num_distinct_actions() <= 100_000
    # A state is serialized as its history, which replays only from the same deal: OpenSpiel's
    # sampled-stochastic games draw a new deal per initial state, so that check is left out.
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False, mask_test=small)


@pytest.mark.parametrize("name", CODEC_GAMES)
def test_a_crafthall_bot_plays_openspiel_ismcts(name: str) -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts

    game = pyspiel.load_game(short_name(name), {"players": 2, "rng_seed": 11})
    rng = np.random.RandomState(0)
    evaluator = SampledRollouts(rollouts=1, seed=0)
    for number in range(2):  # each side seated first once
        searcher = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
        ours = CrafthallBot(game, "greedy", number)
        returns = play(game, [searcher, ours] if number == 0 else [ours, searcher])
        assert len(returns) == 2 and sum(returns) == pytest.approx(1.0)


def test_resampling_keeps_what_the_seat_sees() -> None:
    game = pyspiel.load_game(short_name("swordcrafters"), {"players": 3, "rng_seed": 2})
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.legal_actions() == state.legal_actions()
