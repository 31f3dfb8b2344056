"""``crafthall tournament``: a round robin between bot levels, with a progress bar, win rates
with 95% intervals and a rating per bot (the logic is :mod:`crafthall.arena.tournament`)."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from crafthall.arena.tournament import Played, Tournament, run_tournament
from crafthall.bots.learned.network import use_candidate
from crafthall.engine.errors import SetupError
from crafthall.engine.options import split_assignments
from crafthall.games import make_game


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "tournament", help="a round robin between bot levels: win rates, intervals, ratings"
    )
    parser.add_argument("game", help="a game name (see 'crafthall games')")
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="LEVEL",
        help="a bot level taking part (repeat it; at least two), e.g. --bot strong --bot greedy",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=20,
        help="games per table of bots, rounded up to a multiple of --seats (default 20)",
    )
    parser.add_argument("--seats", type=int, default=2, help="players at each table (default 2)")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes to play on (results do not depend on it)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed (default 1)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    parser.add_argument(
        "--model",
        type=Path,
        metavar="FILE",
        help="a model file for swift and master instead of the game's shipped one (a candidate "
        "from 'crafthall train --out FILE', measured before it is committed)",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise SetupError("--games needs at least 1.")
    if args.jobs < 1:
        raise SetupError("--jobs needs at least 1.")
    tournament = Tournament(
        args.game,
        tuple(args.bot),
        seats=args.seats,
        deals=math.ceil(args.games / args.seats),
        seed=args.seed,
        options=split_assignments(args.option),
    )
    tournament.check()
    if args.model is not None:
        use_candidate(args.model, make_game(args.game, tournament.options), args.seats)
    console = Console(stderr=args.json)  # the bar never mixes with the JSON on stdout
    total = len(tournament.schedule())
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{args.game}, {args.seats} seats", total=total)

        def advance(_: Played) -> None:
            progress.advance(task)

        report = run_tournament(tournament, args.jobs, advance)
    if args.model is not None:
        report["model"] = str(args.model)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    show(console, report)
    return 0


def _percent(rate: float, interval: list[float]) -> str:
    return f"{rate:.0%} ({interval[0]:.0%}-{interval[1]:.0%})"


def show(console: Console, report: dict[str, Any]) -> None:
    standings = Table(
        title=f"{report['game']}: {report['games']} games at {report['seats']} seats, "
        f"seed {report['seed']}"
    )
    for column in ("bot", "rating", "games", "wins", "win rate (95% CI)", "s/move (CPU)"):
        standings.add_column(column)
    for row in report["standings"]:
        standings.add_row(
            row["bot"],
            f"{row['rating']:.0f}",
            str(row["games"]),
            f"{row['wins']:g}",
            _percent(row["win_rate"], row["ci95"]),
            f"{row['seconds_per_move']:.3f}",
        )
    console.print(standings)
    pairs = Table(title="head to head: how often the bot finished ahead of the other")
    for column in ("bot", "against", "games", "ahead (95% CI)"):
        pairs.add_column(column)
    for row in report["head_to_head"]:
        pairs.add_row(
            row["bot"], row["against"], str(row["games"]), _percent(row["rate"], row["ci95"])
        )
    console.print(pairs)
    console.print(
        "Ratings: Bradley-Terry on the Elo scale (400 points: ten-to-one odds), mean 1500."
    )
    if "model" in report:
        console.print(f"swift and master searched with the model in {report['model']}.")
