"""``crafthall study GAME``: many seeded bot games, written up as a balance report."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from crafthall.arena.study import StudyPlan, run_study, write_rows
from crafthall.engine.errors import SetupError
from crafthall.engine.extras import install_command, missing_extra
from crafthall.engine.options import split_assignments

console = Console()


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    study = sub.add_parser(
        "study", help="play many bot games and write a balance report (HTML, CSV, Parquet)"
    )
    study.add_argument("game")
    study.add_argument("--games", type=int, default=200, help="games per configuration")
    repeated = [
        ("--bot", "LEVEL", "bot levels, cycled over the seats and rotated (default: greedy)"),
        ("--seats", "N", "a seat count to play at (default: the game's smallest table)"),
        ("--option", "KEY=VALUE", "a game option"),
        ("--compare", "KEY=VALUE", "also play the same games with this option, and compare"),
    ]
    for flag, metavar, text in repeated:
        kind = int if flag == "--seats" else str
        study.add_argument(
            flag, action="append", default=[], type=kind, metavar=metavar, help=text + " (repeat)"
        )
    study.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    study.add_argument(
        "--out",
        help="report folder, replaced if it holds a report (default: studies/GAME-SEED, "
        "numbered GAME-SEED-2, -3, ... when that is taken)",
    )
    study.add_argument(
        "--jobs", type=int, default=1, help="processes to play on (results do not depend on it)"
    )
    study.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play on a Ray cluster: auto, local, or an address (needs Ray: "
        f"{install_command('ray')})",
    )


def run(args: argparse.Namespace) -> int:
    from crafthall.games import entry

    if args.jobs < 1:
        raise SetupError("--jobs needs at least 1.")
    game = entry(args.game).game
    plan = StudyPlan(
        game=game.name,
        bots=tuple(args.bot or ["greedy"]),
        seat_counts=tuple(args.seats or [max(2, game.min_seats)]),
        games=args.games,
        first_seed=args.seed,
        options=split_assignments(args.option),
    )
    change = split_assignments(args.compare) if args.compare else None
    plan.check()
    _check_plots()
    folder, note = report_folder(args.out, f"studies/{plan.game}-{plan.first_seed}")
    idle = plan.idle_change(change) if change else None
    for line in filter(None, [idle and f"Warning: {idle}", note]):
        console.print(line, markup=False, highlight=False)
    from crafthall.arena.report import analyse, render_html

    total = plan.games * (2 if change else 1)
    started = time.perf_counter()
    columns = (*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeRemainingColumn(), console=console) as bar:
        task = bar.add_task(f"{plan.game}", total=total)
        rows = run_study(
            plan,
            jobs=args.jobs,
            ray=args.ray,
            compare=change,
            progress=lambda done: bar.advance(task, done),
        )
    elapsed = time.perf_counter() - started
    write_rows(rows, folder)
    report = analyse(plan, rows, change)
    report.summary["games_per_second"] = total / elapsed
    (folder / "report.html").write_text(render_html(report), encoding="utf-8")
    (folder / "summary.json").write_text(json.dumps(report.summary, indent=2), encoding="utf-8")
    for line in report.headline:
        console.print(f"- {line}")
    console.print(f"{total} games in {elapsed:.1f}s; report: {folder / 'report.html'}")
    return 0


def _check_plots() -> None:
    """Refuse before any game is played, not after them all: the plots need the study extra."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise missing_extra("The report's plots need matplotlib", "study") from None


def report_folder(out: str | None, default: str) -> tuple[Path, str | None]:
    """Where the report goes, and a sentence to say first when an earlier study is there.

    A default folder that is taken gets the next free number (``studies/<game>-1-2``), so
    running a study twice never loses the first; an ``--out`` is the user's own choice, so an
    earlier report in it is replaced, saying so.
    """
    if out is None:
        wanted = Path(default)
        folder = _first_free(wanted)
        taken = f"{wanted} holds an earlier study: this one goes to {folder}."
        return folder, None if folder == wanted else taken
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise SetupError(f"--out {out} is a file: give a folder for the report.")
    if (folder / "report.html").exists():
        return folder, f"{folder} holds an earlier report: this study replaces it."
    return folder, None


def _first_free(base: Path) -> Path:
    """``base``, or ``base-2``, ``base-3``, ... whichever is the first not there yet."""
    folder, number = base, 1
    while folder.exists():
        number += 1
        folder = base.with_name(f"{base.name}-{number}")
    return folder
