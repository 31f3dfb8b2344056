"""Balance studies: fair lineups, the same rows wherever the games run, facts for every game,
and a report that opens offline."""

from __future__ import annotations

import csv
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from crafthall.arena.report import analyse, render_html
from crafthall.arena.simulate import Simulation, run
from crafthall.arena.study import StudyPlan, play_study_game, run_study
from crafthall.cli.main import main
from crafthall.games import entry, make_game, names

SMALL = StudyPlan("swordcrafters", ("greedy", "random"), (2, 3), games=6, first_seed=5)


def test_every_bot_sits_in_every_position_equally_often() -> None:
    plan = StudyPlan("evocabulary", ("greedy", "random", "search"), (2, 3), games=36)
    seen: Counter[tuple[int, int, str]] = Counter()
    for index in range(plan.games):
        for position, bot in enumerate(plan.lineup(index)):
            seen[plan.seats(index), position, bot] += 1
    for count in (2, 3):
        for position in range(count):
            mix = {bot: seen[count, position, bot] for bot in plan.bots}
            assert set(mix.values()) == {6}, f"position {position + 1} at {count} seats: {mix}"


def test_the_rows_do_not_depend_on_the_number_of_processes() -> None:
    alone = run_study(SMALL, jobs=1)
    pooled = run_study(SMALL, jobs=2)
    assert alone.without_timings() == pooled.without_timings()
    assert [row["seed"] for row in alone.games] == list(range(5, 11))
    assert {row["seats"] for row in alone.games} == {2, 3}


def test_a_comparison_plays_the_same_seeds_and_lineups() -> None:
    rows = run_study(SMALL, compare={"min_grouping": 2})
    a = [(r["seed"], r["position"], r["bot"]) for r in rows.seats if r["config"] == "A"]
    b = [(r["seed"], r["position"], r["bot"]) for r in rows.seats if r["config"] == "B"]
    assert a == b and len(a) == 15


@pytest.mark.parametrize(
    ("options", "change", "idle"),
    [
        ({}, {"min_grouping": 1}, True),  # the default already
        ({"min_grouping": 2}, {"min_grouping": 2}, True),  # A's own --option
        ({}, {"min_grouping": 2}, False),
        ({"min_grouping": 2}, {"min_grouping": 1}, False),
    ],
)
def test_a_comparison_that_changes_nothing_is_said_to(
    options: dict[str, int], change: dict[str, int], idle: bool
) -> None:
    said = replace(SMALL, options=options).idle_change(change)
    if idle:
        assert said == (
            "The comparison changes nothing: min_grouping="
            f"{change['min_grouping']} is what A plays already (the game's default or an "
            "--option), so B replays A's games and every difference is zero."
        )
    else:
        assert said is None


def test_the_report_of_an_idle_comparison_says_so_first() -> None:
    pytest.importorskip("matplotlib", reason="the report is the crafthall[study] extra")
    plan = replace(SMALL, games=2)
    change = {"min_grouping": 1}
    found = analyse(plan, run_study(plan, compare=change), change)
    said = plan.idle_change(change)
    assert said in found.headline
    assert found.sections[-1].reading.startswith(said)
    assert render_html(found).count("The comparison changes nothing") == 2


@pytest.mark.slow
def test_the_ray_cluster_gives_the_local_numbers() -> None:
    ray = pytest.importorskip("ray", reason="Ray is the crafthall[ray] extra")
    # Small and quick: starting Ray's workers is most of this test's time.
    plan = StudyPlan("swordcrafters", ("greedy", "random"), (2,), games=4, first_seed=40)
    simulation = Simulation("swordcrafters", ["random", "random"])
    local = run_study(plan), list(run(simulation, 3, first_seed=7))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        spread = run_study(plan, ray="auto"), list(run(simulation, 3, first_seed=7, ray="auto"))
    finally:
        ray.shutdown()
    assert spread[0].without_timings() == local[0].without_timings()
    assert spread[1] == local[1]


@pytest.mark.parametrize("game", names())
def test_every_game_has_study_facts_from_public_data(game: str) -> None:
    assert entry(game).facts is not None, f"{game} has no study_facts in its folder's facts.py"
    seats = max(2, make_game(game).min_seats)
    played = play_study_game(StudyPlan(game, ("greedy",), (seats,), games=1, first_seed=3), 0)
    facts = played.facts
    assert len(facts.seats) == seats
    assert all(isinstance(v, int | float) for seat in facts.seats for v in seat.values())
    assert facts.seats[0], f"{game} reports no figure per seat"
    for component in facts.components:
        assert component.seat is None or 0 <= component.seat < seats
        assert component.family and component.name


def test_the_command_writes_a_report_that_opens_offline(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the report is the crafthall[study] extra")
    out = tmp_path / "report"
    argv = ["study", "swordcrafters", "--games", "8", "--bot", "greedy", "--bot", "random"]
    assert main([*argv, "--compare", "min_grouping=2", "--out", str(out)]) == 0
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.count("src='data:image/png;base64,") >= 6
    assert "http://" not in page and "https://" not in page  # nothing fetched when opened
    assert "first player wins" in page and "Compared: min_grouping=2" in page
    assert "changes nothing" not in page
    with (out / "seats.csv").open(encoding="utf-8") as rows:
        assert sum(1 for _ in csv.DictReader(rows)) == 2 * 8 * 2  # 2 seats, 8 games, A and B
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert set(summary["first_player"]) == {"2"}
    parquet = pytest.importorskip("pyarrow.parquet", reason="Parquet is the crafthall[study] extra")
    assert parquet.read_table(out / "games.parquet").num_rows == 16
