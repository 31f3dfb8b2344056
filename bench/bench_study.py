"""How fast a balance study plays: games/s on 1 and 2 local processes and on a Ray instance.

    .venv/bin/python bench/bench_study.py                         # Sword Crafters, greedy
    .venv/bin/python bench/bench_study.py --game wordcraft --games 200 --ray auto

Wall-clock time, dictionary loading and Ray start-up excluded (each is warmed up first); the
figures are the same study played each way, and the benchmark checks the rows are equal.
Without ``--ray`` it starts a private Ray instance with 2 CPUs; with an address it uses that
cluster. Ray is the ``crafthall[ray]`` extra: without it, the Ray line says so.
"""

from __future__ import annotations

import argparse
import time

from crafthall.arena.study import StudyPlan, StudyRows, run_study


def timed(plan: StudyPlan, jobs: int, ray: str | None) -> tuple[float, StudyRows]:
    run_study(StudyPlan(plan.game, plan.bots, plan.seat_counts, games=2), jobs=jobs, ray=ray)
    started = time.perf_counter()
    rows = run_study(plan, jobs=jobs, ray=ray)
    return plan.games / (time.perf_counter() - started), rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="swordcrafters")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--bot", action="append", default=[], help="bot levels (default greedy)")
    parser.add_argument("--ray", default="local", help="local (2 CPUs), auto, or an address")
    args = parser.parse_args()
    plan = StudyPlan(args.game, tuple(args.bot or ["greedy"]), (2,), games=args.games)
    print(f"{plan.game}, {plan.games} games of {' vs '.join(plan.bots)} at 2 seats:")
    reference = None
    for jobs in (1, 2):
        rate, rows = timed(plan, jobs, None)
        reference = reference or rows.without_timings()
        print(f"  local, {jobs} process{'es' if jobs > 1 else ''}: {rate:7.1f} games/s")
    try:
        import ray
    except ImportError:
        print("  Ray: not installed (pip install 'crafthall[ray]')")
        return
    try:
        rate, rows = timed(plan, 2, args.ray)
        cpus = int(ray.cluster_resources().get("CPU", 0))
    finally:
        ray.shutdown()
    same = "same rows" if rows.without_timings() == reference else "DIFFERENT ROWS"
    print(f"  Ray ({args.ray}, {cpus} CPUs):    {rate:7.1f} games/s ({same} as local)")


if __name__ == "__main__":
    main()
