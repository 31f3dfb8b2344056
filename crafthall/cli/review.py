"""``crafthall review RECORD``: every move of a finished game against the best its mover
could have made, from the mover's knowledge at that point, and a summary per player. Moves
are said in the game's own words (:func:`crafthall.review.report.worded`), as the log and the
browser's review say them: the move played as the log said it, the best as it would have.

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

JSON_SHAPE = """--json prints the review as one object:
  game, seats, scores, ranks  the finished game (seats: the players' names)
  moves[]     each move: index (from 0), seat, action (the move as recorded) and played
              (its sentence in the game's words); forced; played_value (the mover's chance
              after it, 0..1), lost (0..1: the chance given away against the best move), edge
              (how far it stood out above the search's next choice, when it was the best);
              best and alternatives[]: the search's moves, each with action and said (its
              sentence in the game's words) beside it, label (its fields in short), words,
              estimate (chance, 0..1), immediate (the value right after it), effects, visits;
              words[]: a word game's best words, each with word, action, label, cubes,
              achievements, immediate, effects, outlook
  summary[]   each seat: seat, name, moves (chosen, not forced), accuracy (100 minus the mean
              value lost a move), mean_lost, total_lost, good (moves that lost 2% or less),
              misses and best_move (move indices), course ([move index, chance after it])
  turning_point  the index of the move where the game turned (null: none)
  reading     the chart of the players' chances in one line"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "review",
        help="review a finished game: the best move at every turn and the value lost",
        description="Every move of a finished game beside the best its player could have "
        "made (judged by the strong bot's search from what that player could see), both in "
        "the game's own words, and each player's accuracy.",
        epilog=JSON_SHAPE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("record", help="a .jsonl match record of a finished game")
    parser.add_argument(
        "--json", action="store_true", help="print the review as JSON (its keys: below)"
    )
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
        parts.append(f"value now {option.immediate:+g}")
        listed.append(f"{option.word} ({', '.join(parts)})")
    console.print(f"        best words: {escape('; '.join(listed))}", style="dim")


def show(found: Review, console: Console) -> None:
    """Per move: the move played and the best move, both as the game's log says them, and the
    value lost; then the summary, the chart's reading and the move where the game turned."""
    names = found.seats
    for move in found.moves:
        head = f"{move.index + 1:>4}. {escape(move.played)}"  # the sentence names the mover
        if move.forced or move.best is None:
            console.print(f"{head} [dim](forced)[/]")
        elif move.lost < 0.005:  # nothing that shows as a whole percent
            console.print(f"{head} [green]best ({percent(move.played_value or 0)})[/]")
        else:
            console.print(head)
            console.print(
                f"        best: [bold]{escape(move.best.said)}[/] "
                f"({percent(move.best.estimate)} vs {percent(move.played_value or 0)}, "
                f"value now {move.best.immediate:+g}) [red]lost {percent(move.lost)}[/]"
            )
        show_words(move, console)
    console.print()
    for seat in found.summary:
        misses = ", ".join(f"move {index + 1}" for index in seat.misses) or "none"
        best = "" if seat.best_move is None else f"; best move: move {seat.best_move + 1}"
        console.print(
            f"[bold]{escape(seat.name)}[/] ({found.scores[seat.seat]} points, place "
            f"{found.ranks[seat.seat]}): accuracy {seat.accuracy:.0f}% over {seat.moves} moves, "
            f"{100 * seat.mean_lost:.1f}% lost a move on average, {seat.good} good moves; "
            f"biggest misses: {misses}{best}"
        )
    console.print(escape(found.reading))
    if found.turning_point is not None:
        move = found.moves[found.turning_point]
        assert move.best is not None
        console.print(
            f"The game turned at move {move.index + 1}: {escape(move.played)} The best move "
            f"there, worth {percent(move.lost)} more to {escape(names[move.seat])}: "
            f"{escape(move.best.said)}"
        )
