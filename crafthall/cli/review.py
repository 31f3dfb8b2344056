"""``crafthall review RECORD``: every move of a finished game against the best its mover
could have made, from the mover's knowledge at that point, and a summary per player.

The review is saved beside the record (``game.jsonl`` -> ``game.review.json``) with the
record's digest and the effort it was made with, so asking again costs nothing; ``--fresh``
works it out anew."""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from crafthall.engine.match import Match
from crafthall.games import load_match
from crafthall.review import REVIEW_EFFORT, Effort, Review, review


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "review", help="review a finished game: the best move at every turn and the value lost"
    )
    parser.add_argument("record", help="a .jsonl match record of a finished game")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    effort = REVIEW_EFFORT
    parser.add_argument(
        "--width",
        type=int,
        default=effort.width,
        help=f"moves estimated per turn (default {effort.width})",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=effort.samples,
        help=f"rollouts per estimated move (default {effort.samples})",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the rollouts (default 0)")
    parser.add_argument(
        "--fresh", action="store_true", help="review anew, even if a saved review is there"
    )


def run(args: argparse.Namespace) -> int:
    console = Console()
    match = load_match(args.record)
    if match.result() is None:
        console.print("crafthall: this game is not finished; only a finished game is reviewed.")
        return 2
    effort = Effort(width=args.width, samples=args.samples, seed=args.seed)
    record = Path(args.record)
    if args.json:
        found = saved_review(record, match, effort, args.fresh)
        print(json.dumps(found.to_json(), indent=2, ensure_ascii=False))
        return 0
    with console.status(f"Reviewing {len(match.moves)} moves..."):
        found = saved_review(record, match, effort, args.fresh)
    show(found, console)
    return 0


def saved_review(record: Path, match: Match, effort: Effort, fresh: bool = False) -> Review:
    """The review saved beside ``record`` if it was made of this record with this effort;
    else a new one, saved there (where the folder can be written)."""
    beside = record.with_name(record.name.removesuffix(".jsonl") + ".review.json")
    made_of: dict[str, Any] = {
        "record_sha256": hashlib.sha256(record.read_bytes()).hexdigest(),
        "effort": asdict(effort),
    }
    if not fresh and beside.is_file():
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            saved = json.loads(beside.read_text(encoding="utf-8"))
            if saved["made_of"] == made_of:
                return Review.from_json(saved["review"])
    found = review(match, effort)
    with contextlib.suppress(OSError):
        text = json.dumps({"made_of": made_of, "review": found.to_json()}, ensure_ascii=False)
        beside.write_text(text + "\n", encoding="utf-8")
    return found


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def show(found: Review, console: Console) -> None:
    """Per move: who, what was played, the best move and the value lost; then the summary."""
    names = found.seats
    for move in found.moves:
        head = f"{move.index + 1:>4}. {escape(move.played)}"  # the log line names the mover
        if move.forced or move.best is None:
            console.print(f"{head} [dim](forced)[/]")
            continue
        if move.lost < 0.005:  # nothing that shows as a whole percent
            console.print(f"{head} [green]best ({percent(move.played_value or 0)})[/]")
            continue
        console.print(head)
        console.print(
            f"        best: [bold]{escape(move.best.label)}[/] "
            f"({percent(move.best.estimate)} vs {percent(move.played_value or 0)}, "
            f"now {move.best.immediate:+g}) [red]lost {percent(move.lost)}[/]"
        )
        words = [word.upper() for option in move.alternatives for word in option.words]
        if words:  # a word game: the best words there were
            console.print(f"        best words: {escape(', '.join(dict.fromkeys(words)))}")
    console.print()
    for seat in found.summary:
        misses = ", ".join(f"move {index + 1}" for index in seat.misses) or "none"
        best = "" if seat.best_move is None else f"; best move: move {seat.best_move + 1}"
        console.print(
            f"[bold]{escape(seat.name)}[/] ({found.scores[seat.seat]} points, place "
            f"{found.ranks[seat.seat]}): accuracy {seat.accuracy:.0f}% over {seat.moves} moves, "
            f"{100 * seat.mean_lost:.1f}% lost a move on average; biggest misses: {misses}{best}"
        )
    if found.turning_point is not None:
        move = found.moves[found.turning_point]
        assert move.best is not None
        console.print(
            f"The game turned at move {move.index + 1} ({escape(move.played)}): "
            f"{escape(move.best.label)} was worth {percent(move.lost)} more to "
            f"{escape(names[move.seat])}."
        )
