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
from crafthall.review import REVIEW_EFFORT, VERSION, Effort, MoveReview, Review, review


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "review", help="review a finished game: the best move at every turn and the value lost"
    )
    parser.add_argument("record", help="a .jsonl match record of a finished game")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument(
        "--iterations",
        type=int,
        default=REVIEW_EFFORT.iterations,
        help="search iterations per move (default: what the strong bot spends in this game)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the search (default 0)")
    parser.add_argument(
        "--fresh", action="store_true", help="review anew, even if a saved review is there"
    )


def run(args: argparse.Namespace) -> int:
    console = Console()
    match = load_match(args.record)
    if match.result() is None:
        console.print("crafthall: this game is not finished; only a finished game is reviewed.")
        return 2
    effort = Effort(iterations=args.iterations, seed=args.seed)
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
        "version": VERSION,
    }
    if not fresh and beside.is_file():
        with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
            saved = json.loads(beside.read_text(encoding="utf-8"))
            if saved["made_of"] == made_of:
                return Review.from_json(saved["review"])
    saved_json = review(match, effort).to_json()
    with contextlib.suppress(OSError):
        text = json.dumps({"made_of": made_of, "review": saved_json}, ensure_ascii=False)
        beside.write_text(text + "\n", encoding="utf-8")
    # As saved (its figures rounded), so asking again shows exactly the same.
    return Review.from_json(saved_json)


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def show_words(move: MoveReview, console: Console) -> None:
    """A word game's turn: the best words there were, with their cubes and achievements."""
    if not move.words:
        return
    listed = []
    for option in move.words:
        parts = [] if option.cubes is None else [f"{option.cubes} cubes"]
        parts += [f"+{card}" for card in option.achievements]
        parts.append(f"now {option.immediate:+g}")
        listed.append(f"{option.word} ({', '.join(parts)})")
    console.print(f"        best words: {escape('; '.join(listed))}", style="dim")


def show(found: Review, console: Console) -> None:
    """Per move: who, what was played, the best move and the value lost; then the summary."""
    names = found.seats
    for move in found.moves:
        head = f"{move.index + 1:>4}. {escape(move.played)}"  # the log line names the mover
        if move.forced or move.best is None:
            console.print(f"{head} [dim](forced)[/]")
        elif move.lost < 0.005:  # nothing that shows as a whole percent
            console.print(f"{head} [green]best ({percent(move.played_value or 0)})[/]")
        else:
            console.print(head)
            console.print(
                f"        best: [bold]{escape(move.best.label)}[/] "
                f"({percent(move.best.estimate)} vs {percent(move.played_value or 0)}, "
                f"now {move.best.immediate:+g}) [red]lost {percent(move.lost)}[/]"
            )
        show_words(move, console)
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
