"""Simulations for research: the same seeds give the same games on any number of processes."""

from __future__ import annotations

from crafthall.arena.simulate import Simulation, play_one, run
from crafthall.games import match_from_lines


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    simulation = Simulation("swordcrafters", ["random", "greedy"])
    alone = list(run(simulation, 4, first_seed=10, jobs=1))
    pooled = list(run(simulation, 4, first_seed=10, jobs=2))
    assert [o.seed for o in alone] == [10, 11, 12, 13]
    assert alone == pooled


def test_a_kept_record_replays_to_the_outcome() -> None:
    outcome = play_one(Simulation("swordcrafters", ["random", "random", "random"]), 3, True)
    assert outcome.record is not None
    replayed = match_from_lines(outcome.record)
    result = replayed.result()
    assert result is not None
    assert result.scores == outcome.scores and result.winners == outcome.winners
    assert len(replayed.moves) == outcome.moves
