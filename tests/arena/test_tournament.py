"""Tournaments: the statistics on small known inputs, seat rotation, and runs that repeat."""

from __future__ import annotations

import json
import math

import pytest

from crafthall.arena.tournament import (
    Played,
    Tournament,
    bradley_terry,
    lineups,
    summarise,
    wilson_interval,
)
from crafthall.cli.main import main
from crafthall.engine.errors import SetupError


def test_wilson_interval_matches_the_textbook() -> None:
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson_interval(5, 10)[0] == pytest.approx(1 - wilson_interval(5, 10)[1])
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_bradley_terry_turns_odds_into_elo_points() -> None:
    ratings = bradley_terry(["a", "b"], {("a", "b"): 3, ("b", "a"): 1}, prior=0)
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert (ratings["a"] + ratings["b"]) / 2 == pytest.approx(1500)


def test_bradley_terry_keeps_a_clean_sweep_finite_and_orders_a_chain() -> None:
    wins = {("a", "b"): 6, ("b", "a"): 0, ("b", "c"): 5, ("c", "b"): 1}
    ratings = bradley_terry(["a", "b", "c"], wins)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert all(math.isfinite(r) for r in ratings.values())


def test_every_bot_sits_in_every_place_equally() -> None:
    for bots, seats in ((["a", "b"], 2), (["a", "b", "c"], 2), (["a", "b", "c", "d"], 3)):
        orders = lineups(bots, seats)
        for place in range(seats):
            counts = {bot: sum(order[place] == bot for order in orders) for bot in bots}
            assert len(set(counts.values())) == 1, (bots, seats, counts)
    assert lineups(["a", "b"], 4) == [
        ("a", "b", "a", "b"),
        ("b", "a", "b", "a"),
        ("a", "b", "a", "b"),
        ("b", "a", "b", "a"),
    ]


def test_each_deal_is_played_in_every_rotation() -> None:
    schedule = Tournament("swordcrafters", ("x", "y"), deals=3, seed=10).schedule()
    assert [(g.lineup, g.seed) for g in schedule[:2]] == [(("x", "y"), 10), (("y", "x"), 10)]
    assert sorted({g.seed for g in schedule}) == [10, 11, 12]


def test_standings_count_shared_wins_and_head_to_head() -> None:
    tournament = Tournament("swordcrafters", ("x", "y"), deals=2)
    played = [
        Played(("x", "y"), 1, [30, 20], [1, 2], 10, [(1.0, 5), (0.5, 5)]),
        Played(("y", "x"), 1, [25, 25], [1, 1], 10, [(0.5, 5), (1.0, 5)]),
        Played(("x", "y"), 2, [10, 20], [2, 1], 10, [(1.0, 5), (0.5, 5)]),
        Played(("y", "x"), 2, [10, 20], [2, 1], 10, [(0.5, 5), (1.0, 5)]),
    ]
    report = summarise(tournament, played)
    standings = {row["bot"]: row for row in report["standings"]}
    assert standings["x"]["wins"] == 2.5 and standings["y"]["wins"] == 1.5
    assert standings["x"]["seconds_per_move"] == 0.2
    assert report["standings"][0]["bot"] == "x"
    x_vs_y = next(r for r in report["head_to_head"] if r["bot"] == "x")
    assert (x_vs_y["games"], x_vs_y["ahead"], x_vs_y["rate"]) == (4, 2.5, 0.625)


def _without_timing(played: list[Played]) -> list[tuple[object, ...]]:
    return [(p.lineup, p.seed, p.scores, p.ranks, p.moves) for p in played]


def test_a_tournament_repeats_whatever_the_number_of_processes() -> None:
    tournament = Tournament("swordcrafters", ("random", "greedy"), deals=2, seed=4)
    alone = _without_timing(list(tournament.run(jobs=1)))
    pooled = _without_timing(list(tournament.run(jobs=2)))
    assert alone == pooled and len(alone) == 4


def test_a_tournament_needs_two_different_bots() -> None:
    with pytest.raises(SetupError):
        Tournament("swordcrafters", ("greedy",))
    with pytest.raises(SetupError):
        Tournament("swordcrafters", ("greedy", "greedy"))
    with pytest.raises(SetupError):
        Tournament("swordcrafters", ("greedy", "nobody")).check()


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    bots = ["--bot", "random", "--bot", "greedy"]
    code = main(["tournament", "swordcrafters", *bots, "--games", "2", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2
    assert {row["bot"] for row in report["standings"]} == {"random", "greedy"}
