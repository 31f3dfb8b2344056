"""``crafthall train GAME``: self-play training of the game's network (the loop is
:mod:`crafthall.bots.learned.trainer`), with a progress bar and strength checks.

It needs the optional extra ``train`` (JAX on the CPU): ``pip install -e '.[train]'``. The
model it writes is read by the bots with numpy alone.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from crafthall.bots.ismcts import DEFAULT_POLICY
from crafthall.bots.learned.network import MODEL_FILE, header_for
from crafthall.engine.errors import SetupError
from crafthall.games import entry, folder, make_bot, make_game

if TYPE_CHECKING:
    from crafthall.bots.learned.trainer import Progress as Done

CHECKPOINTS = Path("records") / "training"


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "train", help="train a game's network by self-play (needs the 'train' extra)"
    )
    parser.add_argument("game", help="a game name (see 'crafthall games')")
    parser.add_argument("--minutes", type=float, default=5.0, help="how long to train (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seeds deals, searches and weights")
    parser.add_argument(
        "--out", type=Path, help=f"the model file to write (default: the game's {MODEL_FILE})"
    )
    parser.add_argument(
        "--resume", action="store_true", help="go on from the run's checkpoint (same options)"
    )
    parser.add_argument("--seats", type=int, default=2, help="players at each table (default 2)")
    parser.add_argument(
        "--hidden", default="128,128", help="widths of the hidden layers (default 128,128)"
    )
    parser.add_argument(
        "--iterations", type=int, default=160, help="search iterations a self-play move"
    )
    parser.add_argument("--games", type=int, default=8, help="self-play games a generation")
    parser.add_argument(
        "--against", default="expert", help="the level the strength checks play (default expert)"
    )
    parser.add_argument(
        "--check-every", type=int, default=5, help="generations between checks (0: none)"
    )
    parser.add_argument("--check-games", type=int, default=4, help="games of a check")


def run(args: argparse.Namespace) -> int:
    _check(args)
    try:
        from crafthall.bots.learned.trainer import Schedule, SelfPlay, Trainer, Yardstick
    except ImportError as missing:
        raise SetupError(
            f"crafthall train needs the 'train' extra ({missing.name} is not installed): "
            "pip install -e '.[train]'."
        ) from None
    game = make_game(args.game)
    game.require_codec()
    game.check_seats(args.seats)
    hidden = tuple(int(width) for width in args.hidden.split(","))
    command = (
        f"crafthall train {game.name} --seed {args.seed} --seats {args.seats} "
        f"--hidden {args.hidden} --iterations {args.iterations} --games {args.games}"
    )
    header = header_for(game, args.seats, hidden, command=command, seed=args.seed)
    schedule = Schedule(
        games_per_generation=args.games,
        check_every=args.check_every,
        check_games=args.check_games,
        play=SelfPlay(iterations=args.iterations),
    )
    make_bot(game, args.against, 0)  # an unknown level is refused before any training
    yardstick = Yardstick(args.against, lambda g, seed: make_bot(g, args.against, seed))
    policy = entry(game.name).search or DEFAULT_POLICY
    trainer = Trainer(game, policy, header, schedule, yardstick)
    out = args.out or folder(game.name) / MODEL_FILE
    checkpoint = CHECKPOINTS / f"{game.name}-seed{args.seed}-{args.hidden}.checkpoint"
    if args.resume:
        if not checkpoint.exists():
            raise SetupError(f"There is no checkpoint {checkpoint} to resume: leave out --resume.")
        try:
            trainer.resume(checkpoint)
        except ValueError as err:
            raise SetupError(str(err)) from None
    _train(trainer, args.minutes * 60, out, checkpoint)
    return 0


def _check(args: argparse.Namespace) -> None:
    if args.minutes <= 0:
        raise SetupError("--minutes needs a positive number of minutes.")
    if args.games < 1 or args.iterations < 1 or args.check_games < 1:
        raise SetupError("--games, --iterations and --check-games need at least 1.")
    widths = args.hidden.split(",")
    if not all(width.strip().isdigit() and int(width) > 0 for width in widths):
        raise SetupError(f"--hidden takes widths such as 128,128, not '{args.hidden}'.")


def _train(trainer: Any, seconds: float, out: Path, checkpoint: Path) -> None:
    console = Console()
    started = time.monotonic()
    columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("generation 0", total=seconds)

        def report(done: Done, sentence: str) -> None:
            if sentence:
                progress.console.print(sentence)
            progress.update(
                task,
                completed=min(seconds, time.monotonic() - started),
                description=f"gen {done.generation}: {done.games} games, "
                f"loss {done.value_loss:.3f} + {done.policy_loss:.3f}",
            )

        trainer.run(seconds, out, checkpoint, report)
    console.print(f"Model written to {out}; checkpoint {checkpoint} (--resume goes on from it).")
