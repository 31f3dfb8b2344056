"""Write or check the golden playthroughs (``crafthall.arena.golden``): one whole seeded game
per game, kept in the game's folder with every seat's view after every move.

    .venv/bin/python scripts/golden_playthroughs.py           # check: exit 1 on a difference
    .venv/bin/python scripts/golden_playthroughs.py --update  # rewrite after a reviewed change
    .venv/bin/python scripts/golden_playthroughs.py --update --game wordcraft  # only one game

A game whose rules version changed keeps its old record in its folder's ``golden/earlier/``
(``v<version>.jsonl``, moved there by hand before ``--update``, with its result in
``v<version>.result.json``): it must still replay to that result under the options that keep
the old rules (``Game.earlier_versions``).

tests/games/test_golden.py replays them in every test run, so a change in how a game plays
or what it shows turns up as a difference that someone must look at and approve.
"""

from __future__ import annotations

import argparse
import sys

from crafthall.arena import golden
from crafthall.games import names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite the golden files")
    parser.add_argument("--game", choices=names(), help="only this game (default: every game)")
    args = parser.parse_args()
    differing = []
    for name in [args.game] if args.game else names():
        if args.update:
            print(f"{name}: {golden.write(name)} moves written")
        elif (difference := golden.first_difference(name)) is not None:
            differing.append(f"{name}: {difference}")
    if differing:
        print("These games play or show differently from their golden playthrough:", *differing)
        return 1
    if not args.update:
        print("Every golden playthrough replays as recorded.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
