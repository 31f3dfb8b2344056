"""The ``crafthall`` command: play, replay, simulate, and ask the lexicon."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from crafthall.bots.levels import describe_levels
from crafthall.cli import commands, learn, newgame, study, train, worker
from crafthall.cli import review as review_command
from crafthall.cli import tournament as tournament_command
from crafthall.cli import words as words_command
from crafthall.cli.stopping import say_stopped, sigterm_stops
from crafthall.engine.errors import RecordError, SetupError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crafthall", description="Tabletop crafting word games: play, replay, simulate."
    )
    parser.add_argument("--version", action="version", version=f"crafthall {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser("games", help="list the games, their seats, bots and options")
    rules = sub.add_parser("rules", help="read a game's rules in the terminal")
    rules.add_argument("game", help="a game name (see 'crafthall games')")

    play = sub.add_parser(
        "play",
        help="play a game in this terminal (hot-seat and bots)",
        epilog=_levels_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", nargs="?", help="a game name (see 'crafthall games')")
    play.add_argument(
        "--resume", metavar="RECORD", help="continue the unfinished game of a match record"
    )
    play.add_argument(
        "--plain",
        action="store_true",
        help="line by line output instead of the full-screen table (the default when not "
        "run in a terminal)",
    )
    _table_arguments(play)
    play.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="NAME|bot:LEVEL",
        help="a seat, in turn order: a person's name, or bot:LEVEL (e.g. bot:casual; the "
        "levels are listed below); repeat it",
    )
    play.add_argument("--record-dir", default="records", help="where match records are saved")
    play.add_argument(
        "--bot-pause", type=float, default=0.8, help="seconds to pause after a bot's move"
    )

    replay = sub.add_parser("replay", help="replay a match record and print how it ended")
    replay.add_argument("record", help="a .jsonl match record")
    replay.add_argument("--json", action="store_true", help="print the summary as JSON")
    replay.add_argument("--show", action="store_true", help="draw the final table")

    simulate = sub.add_parser("simulate", help="let bots play many games and print statistics")
    simulate.add_argument("game")
    _table_arguments(simulate)
    simulate.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="LEVEL",
        help="a bot level per seat, in turn order (repeat it); e.g. --bot greedy --bot random",
    )
    simulate.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    simulate.add_argument("--record-dir", help="save every game's record in this folder")
    simulate.add_argument(
        "--jobs", type=int, default=1, help="processes to play on (results do not depend on it)"
    )
    simulate.add_argument("--json", action="store_true", help="print the statistics as JSON")
    simulate.add_argument(
        "--ray", metavar="ADDRESS", help="play on a Ray cluster: auto, local, or an address"
    )

    study.add_parser(sub)
    learn.add_parser(sub)
    review_command.add_parser(sub)

    serve = sub.add_parser("serve", help="run the server for online play (HTTP + WebSocket)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on")
    serve.add_argument("--fd", type=int, help=argparse.SUPPRESS)
    serve.add_argument(
        "--bot-delay", type=float, help="seconds a bot waits before acting (default 1)"
    )
    serve.add_argument(
        "--database", help="SQLAlchemy URL (default: $CRAFTHALL_DATABASE_URL or an SQLite file)"
    )
    worker.serve_options(serve)
    worker.add_parser(sub)

    verify = sub.add_parser(
        "verify", help="check a hosted game's record: the seed promised at the start, and replay"
    )
    verify.add_argument("record", help="a .jsonl match record downloaded from a server")

    words_command.add_parser(sub)
    tournament_command.add_parser(sub)
    train.add_parser(sub)
    newgame.add_parser(sub)
    return parser


def _levels_epilog() -> str:
    """The bot levels under ``crafthall play --help``, each with its line on how it plays."""
    lines = describe_levels()
    width = max(map(len, lines))
    listed = "\n".join(f"  {name:<{width}}  {line}" for name, line in lines.items())
    return f"bot levels for --seat bot:LEVEL (in every game):\n{listed}"


def _version() -> str:
    try:
        return metadata.version("crafthall")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def _table_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, help="seed for shuffles and dice (default: random)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. --option dictionary=large (see 'crafthall games')",
    )
    parser.add_argument("--fixed", help="a JSON file laying out the table instead of shuffling")


def _load_json_file(path: str | None) -> dict[str, Any] | None:
    if path is None:
        return None
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SetupError(f"No fixed set-up file at {path}: check the path.") from None
    except json.JSONDecodeError as err:
        raise SetupError(f"The fixed set-up file {path} is not valid JSON ({err.msg}).") from None
    if not isinstance(data, dict):
        raise SetupError(f"The fixed set-up file {path} must hold a JSON object.")
    return data


def main(argv: Sequence[str] | None = None) -> int:
    with sigterm_stops():
        return _run_with_sentences(argv)


def _run_with_sentences(argv: Sequence[str] | None) -> int:
    """The command's exit code; what stops it early is said in one sentence, never a traceback."""
    from crafthall.lexicon import LexiconError

    try:
        return _run(build_parser().parse_args(argv))
    except (SetupError, RecordError, LexiconError) as err:
        print(f"crafthall: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as stop:
        return say_stopped(stop)
    except BrokenPipeError:
        # The reader left (``crafthall replay --json | head``): nothing more to say to it, and
        # Python must not complain while flushing standard output at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # as a program ended by SIGPIPE


def _run(args: argparse.Namespace) -> int:
    if args.command == "games":
        return commands.list_games()
    if args.command == "rules":
        from crafthall.cli.rules import show_rules

        return show_rules(args.game, commands.console)
    if args.command == "tournament":
        return tournament_command.run(args)
    if args.command == "train":
        return train.run(args)
    if args.command == "play":
        return commands.play(
            args.game,
            args.seat,
            seed=args.seed,
            options=args.option,
            fixed=_load_json_file(args.fixed),
            record_dir=Path(args.record_dir),
            bot_pause=args.bot_pause,
            resume=args.resume,
            plain=args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()),
        )
    if args.command == "replay":
        return commands.replay(args.record, as_json=args.json, show=args.show)
    if args.command == "simulate":
        return commands.simulate(
            args.game,
            args.bot,
            games=args.games,
            seed=args.seed,
            options=args.option,
            fixed=_load_json_file(args.fixed),
            record_dir=Path(args.record_dir) if args.record_dir else None,
            as_json=args.json,
            jobs=args.jobs,
            ray=args.ray,
        )
    if args.command == "learn":
        return learn.run(args)
    if args.command == "review":
        return review_command.run(args)
    if args.command == "study":
        return study.run(args)
    if args.command == "verify":
        from crafthall.cli.verify import verify as verify_record

        return verify_record(args.record)
    if args.command == "new-game":
        return newgame.run(args)
    if args.command == "serve":
        from crafthall.server.run import serve as run_server

        return run_server(
            args.host,
            args.port,
            fd=args.fd,
            bot_delay=args.bot_delay,
            database_url=args.database,
            workers=args.workers,
        )
    if args.command == "worker":
        return worker.run(args)
    return words_command.run(args)


if __name__ == "__main__":
    raise SystemExit(main())
