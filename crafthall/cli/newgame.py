"""``crafthall new-game NAME``: a small working game written into its own folder, the start of
a new game (docs/adding-a-game.md)."""

from __future__ import annotations

import argparse
from typing import Any

from crafthall.scaffold import new_game


def add_parser(sub: Any) -> None:
    command = sub.add_parser(
        "new-game", help="write a small working game into crafthall/games/, to make your own"
    )
    command.add_argument("name", help="the new game's name: lower-case words joined by hyphens")


def run(args: argparse.Namespace) -> int:
    folder = new_game(args.name)
    print(
        f"Wrote {args.name} into {folder} and registered it. Try it:\n"
        f"  crafthall play {args.name} --seat you --seat bot:random\n"
        f"  crafthall simulate {args.name} --games 100\n"
        f"Then make it yours: docs/adding-a-game.md walks through each file."
    )
    return 0
