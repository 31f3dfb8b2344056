"""``crafthall train GAME``: self-play training of the game's network (the loop is
:mod:`crafthall.bots.learned.trainer`), with a progress bar and strength checks.

It needs the optional extra ``train`` (JAX on the CPU): ``pip install -e '.[train]'``. The
model it writes is read by the bots with numpy alone.
"""

from __future__ import annotations

import argparse
import functools
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from crafthall.arena.strength_curve import draw_strength_curve
from crafthall.bots.base import Bot
from crafthall.bots.ismcts import SearchPolicy
from crafthall.bots.learned.network import MODEL_FILE, header_for
from crafthall.engine.errors import SetupError
from crafthall.engine.game import Game
from crafthall.games import folder, make_bot, make_game, search_policy

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
        "--out",
        type=Path,
        help="the model file to write (default: beside the checkpoint in records/training/; "
        f"a model ships once measured and copied to the game's {MODEL_FILE})",
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
    parser.add_argument(
        "--check-iterations",
        type=int,
        default=270,
        help="the guided search's iterations a move in a check (default 270; master's: 0.6 x "
        "expert's)",
    )
    parser.add_argument(
        "--leaf-mix",
        type=float,
        default=0.0,
        help="the network's share of a leaf's value in self-play, 0 to 1 (default 0: the "
        "game's own rollouts judge, as in the levels)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="processes playing the games (default: one a core; the results are the same)",
    )


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
        f"--hidden {args.hidden} --iterations {args.iterations} --games {args.games} "
        f"--leaf-mix {args.leaf_mix:g}"
    )
    header = header_for(game, args.seats, hidden, command=command, seed=args.seed)
    schedule = Schedule(
        games_per_generation=args.games,
        check_every=args.check_every,
        check_games=args.check_games,
        check_iterations=args.check_iterations,
        play=SelfPlay(iterations=args.iterations, leaf_mix=args.leaf_mix),
    )
    make_bot(game, args.against, 0)  # an unknown level is refused before any training
    yardstick = Yardstick(args.against, functools.partial(_yardstick_bot, args.against))
    policy = search_policy(game.name)
    rebuild = functools.partial(_game_and_policy, game.name)
    trainer = Trainer(game, policy, header, schedule, yardstick, jobs=args.jobs, rebuild=rebuild)
    checkpoint = CHECKPOINTS / f"{game.name}-seed{args.seed}-{args.hidden}.checkpoint"
    out = args.out or checkpoint.with_suffix(".npz")
    if args.resume:
        if not checkpoint.exists():
            raise SetupError(f"There is no checkpoint {checkpoint} to resume: leave out --resume.")
        try:
            trainer.resume(checkpoint)
        except ValueError as err:
            raise SetupError(str(err)) from None
    _train(trainer, args.minutes * 60, out, checkpoint)
    return 0


def _yardstick_bot(level: str, game: Game, seed: int) -> Bot:
    return make_bot(game, level, seed)


def _game_and_policy(name: str) -> tuple[Game, SearchPolicy]:
    """The game and its search policy, made again in a worker process."""
    return make_game(name), search_policy(name)


def _check(args: argparse.Namespace) -> None:
    if args.minutes <= 0:
        raise SetupError("--minutes needs a positive number of minutes.")
    if min(args.games, args.iterations, args.check_games, args.check_iterations, args.jobs) < 1:
        raise SetupError(
            "--games, --iterations, --check-games, --check-iterations and --jobs need at least 1."
        )
    if not 0 <= args.leaf_mix <= 1:
        raise SetupError(f"--leaf-mix is a share from 0 to 1, not {args.leaf_mix:g}.")
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
                curve = checkpoint.with_name(checkpoint.stem + "-strength.svg")
                title = f"{trainer.game.title}, {trainer.header.seats} seats"
                draw_strength_curve(done.checks, title, curve)
                progress.console.print(f"Strength curve written to {curve}.")
            line = (
                f"gen {done.generation}: {done.games} games, "
                f"loss {done.value_loss:.3f} + {done.policy_loss:.3f}"
            )
            if not console.is_terminal:  # a log file gets a line a generation instead of a bar
                progress.console.print(f"{line}, {done.seconds:.0f} s of training")
            progress.update(
                task, completed=min(seconds, time.monotonic() - started), description=line
            )

        trainer.run(seconds, out, checkpoint, report)
    name = trainer.game.name
    console.print(
        f"Model written to {out}; checkpoint {checkpoint} (--resume goes on from it). Measure "
        f"it with 'crafthall tournament {name} --bot master --bot expert --games 40 --model "
        f"{out}'; it ships once copied to {folder(name) / MODEL_FILE}."
    )
