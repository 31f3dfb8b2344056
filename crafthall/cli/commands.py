"""What each ``crafthall`` sub-command does; argument parsing lives in ``main``."""

from __future__ import annotations

import json
import os
import shlex
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from crafthall.arena.autoplay import seat_bots
from crafthall.arena.simulate import Simulation, run
from crafthall.bots.levels import describe_levels
from crafthall.cli.stopping import exit_code
from crafthall.cli.table import crafthall_command
from crafthall.engine.errors import SetupError
from crafthall.engine.game import Result
from crafthall.engine.match import Match
from crafthall.engine.options import describe_options, split_assignments
from crafthall.engine.record import Seat
from crafthall.games import (
    bot_levels,
    entry,
    load_match,
    make_bot,
    names,
    new_match,
    unknown_bot_level,
)

console = Console()

Item = TypeVar("Item")

RECALLED = 8
"""Moves of a resumed game told again before play goes on."""


def list_games() -> int:
    # One block per game rather than five columns: at 80 columns a table squeezed the
    # descriptions, bot levels and options into cut-off stubs.
    table = Table(title="crafthall games", show_header=False, expand=True)
    table.add_column("field", style="bold", no_wrap=True)
    table.add_column("value", overflow="fold", ratio=1)
    for name in names():
        game_entry = entry(name)
        game = game_entry.game
        options = ", ".join(
            f"{option}={json.dumps(default)}"
            for option, default, _ in describe_options(game.Options)
        )
        table.add_row(
            f"[bold cyan]{name}[/]",
            f"{game_entry.summary} ({game.min_seats}-{game.max_seats} players)",
        )
        table.add_row("bots", ", ".join(bot_levels(name)))
        table.add_row("options", options or "-", end_section=True)
    console.print(table)
    levels = Table(title="bot levels: how each plays")
    levels.add_column("bot", style="bold", no_wrap=True)
    levels.add_column("how it plays")
    for level, line in describe_levels().items():
        levels.add_row(level, line)
    console.print(levels)
    return 0


def parse_seats(specs: list[str]) -> list[Seat]:
    """``["Ann", "bot:greedy", "Robo=bot:random"]`` -> seats; bots get readable names. A bot
    is a bot however it is capitalised: ``Bot:Greedy`` once sat a person of that name."""
    seats = []
    for number, spec in enumerate(specs or ["you", "bot:greedy"], start=1):
        name, _, player = spec.rpartition("=") if "=" in spec else ("", "", spec)
        name, player = name.strip(), player.strip()
        if player.lower().startswith("bot:"):
            level = player[len("bot:") :].strip().lower()
            if not level:
                raise SetupError(f"Seat '{spec}' names no bot level; write e.g. bot:greedy.")
            seats.append(Seat(name or f"{level.capitalize()} bot {number}", f"bot:{level}"))
        elif not (name or player):
            raise SetupError(f"Seat {number} has no name; write e.g. --seat Ann or bot:easy.")
        else:
            seats.append(Seat(name or player, "human"))
    taken = [seat.name for seat in seats]
    if len(set(taken)) != len(taken):
        raise SetupError("Two seats have the same name; give each person a different name.")
    return seats


def check_bot_levels(seats: list[Seat], game_name: str) -> None:
    """Refuse a bot seat of an unknown level before the game starts."""
    known = bot_levels(game_name)
    for seat in seats:
        if seat.bot_level is not None and seat.bot_level not in known:
            raise unknown_bot_level(seat.bot_level, game_name)


def check_record_dir(record_dir: Path) -> None:
    """Records are written when a game ends: a folder that cannot take them is refused at the
    start, before anyone has played."""
    try:
        record_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise SetupError(f"Cannot keep match records in {record_dir} ({reason}).") from None
    if not os.access(record_dir, os.W_OK | os.X_OK):
        raise SetupError(f"Cannot write match records in {record_dir}: choose another folder.")


def play(
    game_name: str | None,
    seat_specs: list[str],
    *,
    seed: int | None,
    options: list[str],
    fixed: dict[str, Any] | None,
    record_dir: Path,
    bot_pause: float,
    resume: str | None = None,
    plain: bool = True,
) -> int:
    """Play at this keyboard; 0 when the game was played to its end, 1 when it was stopped
    (``quit``, end of input), 130 for Ctrl-C as in every command (143 for SIGTERM)."""
    if bot_pause < 0:
        raise SetupError("--bot-pause needs 0 seconds or more.")
    record_path: Path | None = None
    if resume is not None:
        match = resumed_match(resume, game_name, seat_specs, seed, options, fixed)
        record_path = Path(resume)
        seats = match.header.seats
    else:
        if game_name is None:
            raise SetupError("Name a game to play (see 'crafthall games'), or --resume RECORD.")
        seats = parse_seats(seat_specs)
        match = new_match(
            game_name, seats, options=split_assignments(options), seed=seed, fixed=fixed
        )
        check_record_dir(record_dir)
    check_bot_levels(seats, match.header.game)
    bots = {
        number: make_bot(match.game, seat.bot_level, match.header.seed + number)
        for number, seat in enumerate(seats)
        if seat.bot_level is not None
    }
    from crafthall.cli.table import TerminalTable

    table = TerminalTable(
        match, bots, record_dir=record_dir, bot_pause=bot_pause, record_path=record_path
    )
    if resume is not None:
        table.recall()
    if plain:
        for _, line in table.log[-RECALLED:]:  # where a resumed game was left
            table.console.print(Text(line, style="dim"))
        table.run()
    else:
        from crafthall.cli.screen import play_full_screen

        play_full_screen(table)
    if table.interrupted is not None:
        return exit_code(table.interrupted)
    return 0 if match.result() is not None else 1


def resumed_match(
    record: str,
    game_name: str | None,
    seat_specs: list[str],
    seed: int | None,
    options: list[str],
    fixed: dict[str, Any] | None,
) -> Match:
    """The unfinished match of ``record``, which keeps its own game, seats and set-up."""
    if seat_specs or seed is not None or options or fixed is not None:
        raise SetupError(
            "A resumed game keeps the seats, seed and options of its record: "
            "give only --resume RECORD (and --plain or --bot-pause)."
        )
    match = load_match(record)
    if game_name is not None and entry(game_name).game.name != match.header.game:
        raise SetupError(f"{record} is a game of {match.header.game}, not of {game_name}.")
    if match.result() is not None:
        raise SetupError(f"The game in {record} is finished; 'crafthall replay' shows it.")
    if not os.access(record, os.W_OK):
        raise SetupError(f"Cannot write to {record}, where the resumed game is saved.")
    return match


def summary_json(match: Match) -> dict[str, Any]:
    """The match summary in one shape, finished or not: scores, ranks, ranking and winners by
    name, and ``finished`` (an unfinished game is ranked by its scores so far and has no
    winners yet)."""
    summary = match.summary()
    if summary["finished"]:
        return summary
    names = match.seat_names
    scores = summary.get("scores")
    if not (isinstance(scores, list) and len(scores) == len(names)):
        scores = [0] * len(names)  # a view without seat scores: nobody has scored yet
    standing = Result.from_keys(scores, [(score,) for score in scores], {})
    summary.update(
        scores=dict(zip(names, standing.scores, strict=True)),
        ranking=sorted(names, key=lambda name: standing.ranks[names.index(name)]),
        ranks=dict(zip(names, standing.ranks, strict=True)),
        winners=[],
        details={},
    )
    return summary


def replay(path: str, *, as_json: bool, show: bool) -> int:
    match = load_match(path)
    summary = summary_json(match)
    if as_json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    if show:
        ui = entry(match.header.game).text(match.game, match.seat_names)
        console.print(ui.render(match.view(None), None))
    console.print(f"{match.game.title}, {summary['moves']} moves, seed {match.header.seed}.")
    if not summary["finished"]:
        resume = f"{crafthall_command()} play --resume {shlex.quote(path)}"
        console.print(
            f"The game was not finished ('{resume}' continues it); so far:", soft_wrap=True
        )
    for name in summary["ranking"]:
        console.print(f"  {summary['ranks'][name]}. {name}: {summary['scores'][name]}")
    if summary["finished"]:
        console.print(f"Winner: {' and '.join(summary['winners'])}")
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
    if record_dir is not None:
        check_record_dir(record_dir)
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
    outcomes = run(simulation, games, first_seed, jobs, keep_records=keep, ray=ray)
    for outcome in with_progress(outcomes, games, f"{game_name}, {len(levels)} bots"):
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


def with_progress(
    items: Iterator[Item], total: int, title: str, on: Console | None = None
) -> Iterator[Item]:
    """``items``, while a bar (on standard error by default) counts them off: shown only on a
    terminal, and gone once done, so a piped or ``--json`` output stays clean."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    screen = on or Console(stderr=True)
    if not screen.is_terminal:
        yield from items
        return
    bar = Progress(*columns, TimeRemainingColumn(), console=screen, transient=True)
    with bar:
        task = bar.add_task(title, total=total)
        for item in items:
            yield item
            bar.advance(task)
