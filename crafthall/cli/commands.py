"""What each ``crafthall`` sub-command does; argument parsing lives in ``main``."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from crafthall.arena.autoplay import seat_bots
from crafthall.arena.simulate import Simulation, run
from crafthall.bots.levels import describe_levels
from crafthall.engine.errors import SetupError
from crafthall.engine.options import describe_options, split_assignments
from crafthall.engine.record import Seat
from crafthall.games import bot_levels, entry, load_match, make_bot, names, new_match

console = Console()


def list_games() -> int:
    table = Table(title="crafthall games")
    for column in ("game", "players", "what it is", "bots", "options (default)"):
        table.add_column(column)
    for name in names():
        game_entry = entry(name)
        game = game_entry.game
        options = ", ".join(
            f"{option}={json.dumps(default)}"
            for option, default, _ in describe_options(game.Options)
        )
        table.add_row(
            name,
            f"{game.min_seats}-{game.max_seats}",
            game_entry.summary,
            ", ".join(bot_levels(name)),
            options or "-",
        )
    console.print(table)
    levels = Table(title="bot levels: how each plays")
    levels.add_column("bot", style="bold", no_wrap=True)
    levels.add_column("how it plays")
    for level, line in describe_levels().items():
        levels.add_row(level, line)
    console.print(levels)
    return 0


def parse_seats(specs: list[str]) -> list[Seat]:
    """``["Ann", "bot:greedy", "Robo=bot:random"]`` -> seats; bots get readable names."""
    seats = []
    for number, spec in enumerate(specs or ["you", "bot:greedy"], start=1):
        name, _, player = spec.rpartition("=") if "=" in spec else ("", "", spec)
        if player.startswith("bot:"):
            level = player.removeprefix("bot:")
            if not level:
                raise SetupError(f"Seat '{spec}' names no bot level; write e.g. bot:greedy.")
            seats.append(Seat(name or f"{level.capitalize()} bot {number}", player))
        else:
            seats.append(Seat(name or player, "human"))
    taken = [seat.name for seat in seats]
    if len(set(taken)) != len(taken):
        raise SetupError("Two seats have the same name; give each person a different name.")
    return seats


def play(
    game_name: str,
    seat_specs: list[str],
    *,
    seed: int | None,
    options: list[str],
    fixed: dict[str, Any] | None,
    record_dir: Path,
    bot_pause: float,
) -> int:
    from crafthall.cli.table import TerminalTable

    seats = parse_seats(seat_specs)
    match = new_match(game_name, seats, options=split_assignments(options), seed=seed, fixed=fixed)
    bots = {
        number: make_bot(match.game, seat.bot_level, match.header.seed + number)
        for number, seat in enumerate(seats)
        if seat.bot_level is not None
    }
    TerminalTable(match, bots, record_dir=record_dir, bot_pause=bot_pause).run()
    return 0


def replay(path: str, *, as_json: bool, show: bool) -> int:
    match = load_match(path)
    summary = match.summary()
    if as_json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    if show:
        ui = entry(match.header.game).text(match.game, match.seat_names)
        console.print(ui.render(match.view(None), None))
    console.print(f"{match.game.title}, {summary['moves']} moves, seed {match.header.seed}.")
    if summary["finished"]:
        for name in summary["ranking"]:
            console.print(f"  {summary['ranks'][name]}. {name}: {summary['scores'][name]}")
        console.print(f"Winner: {' and '.join(summary['winners'])}")
    else:
        console.print("The game was not finished.")
    return 0


def simulate(
    game_name: str,
    levels: list[str],
    *,
    games: int,
    seed: int | None,
    options: list[str],
    fixed: dict[str, Any] | None,
    record_dir: Path | None,
    as_json: bool,
    jobs: int = 1,
    ray: str | None = None,
) -> int:
    if games < 1:
        raise SetupError("--games needs at least 1.")
    if jobs < 1:
        raise SetupError("--jobs needs at least 1.")
    levels = levels or ["random", "random"]
    simulation = Simulation(game_name, levels, split_assignments(options), fixed)
    # A bad game, seat count, option or bot level is refused before the run starts.
    seat_bots(simulation.start(1), levels, 0)
    wins = [0.0] * len(levels)
    scores: list[list[int]] = [[] for _ in levels]
    moves: list[int] = []
    started = time.perf_counter()
    first_seed = 1 if seed is None else seed
    keep = record_dir is not None
    for outcome in run(simulation, games, first_seed, jobs, keep_records=keep, ray=ray):
        for seat in outcome.winners:
            wins[seat] += 1 / len(outcome.winners)
        for seat, score in enumerate(outcome.scores):
            scores[seat].append(score)
        moves.append(outcome.moves)
        if record_dir is not None and outcome.record is not None:
            record_dir.mkdir(parents=True, exist_ok=True)
            path = record_dir / f"{game_name}-{outcome.seed}.jsonl"
            path.write_text("\n".join(outcome.record) + "\n", encoding="utf-8")
    elapsed = time.perf_counter() - started
    rows: list[dict[str, Any]] = [
        {
            "seat": seat + 1,
            "bot": level,
            "wins": round(wins[seat], 3),
            "mean_score": round(statistics.fmean(scores[seat]), 2),
        }
        for seat, level in enumerate(levels)
    ]
    report: dict[str, Any] = {
        "game": game_name,
        "games": games,
        "seats": rows,
        "mean_moves": round(statistics.fmean(moves), 1),
        "games_per_second": round(games / elapsed, 2),
        "jobs": jobs,
    }
    if as_json:
        print(json.dumps(report, indent=2))
        return 0
    table = Table(title=f"{games} games of {game_name}")
    for column in ("seat", "bot", "wins (shared count split)", "mean score"):
        table.add_column(column)
    for row in rows:
        table.add_row(str(row["seat"]), row["bot"], str(row["wins"]), str(row["mean_score"]))
    console.print(table)
    console.print(
        f"{report['mean_moves']} moves a game on average; {report['games_per_second']} games/s."
    )
    return 0


def words(args: argparse.Namespace) -> int:
    from crafthall.lexicon import load

    lexicon = load(args.dictionary)
    if args.words_command == "check":
        for word in args.word:
            problem = lexicon.check(word, min_length=args.min_length)
            console.print(f"{word}: {'yes' if problem is None else 'no (' + problem + ')'}")
        return 0
    if args.words_command == "find":
        cards = [card for part in args.cards for card in part.lower().split(",") if card]
        found = lexicon.words_from_letters(
            cards,
            reusable=not args.tiles,
            min_length=args.min_length,
            wildcards=args.wild,
        )
        found.sort(key=lambda word: (-len(word), word))
        shown = found[: args.limit]
        console.print(f"{len(found)} words; the longest first:")
        console.print(" ".join(shown) + (" ..." if len(found) > len(shown) else ""))
        return 0
    if args.words_command == "family":
        same = lexicon.same_family(args.first, args.second)
        console.print(
            f"{args.first} and {args.second} are {'' if same else 'not '}of one word family."
        )
        return 0
    for word in args.word:
        console.print(f"{word}: {lexicon.syllables(word)}")
    return 0
