"""Write or check the golden playthroughs: one whole seeded game per game, with a digest of
every seat's view after every move and the final result (as OpenSpiel keeps playthroughs).

    .venv/bin/python scripts/golden_playthroughs.py           # check: exit 1 on a difference
    .venv/bin/python scripts/golden_playthroughs.py --update  # rewrite after a reviewed change
    .venv/bin/python scripts/golden_playthroughs.py --update --game wordcraft  # only one game

A game whose rules version changed keeps its old playthrough in ``golden/earlier/`` (named
``<game>-v<version>.jsonl``, moved there by hand before ``--update``): it must still replay to
the same result under the options that keep the old rules (``Game.earlier_versions``).

tests/games/test_golden.py replays them in every test run, so a change in how a game plays
or what it shows turns up as a difference that someone must look at and approve.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from crafthall.engine import Match, to_json
from crafthall.engine.record import parse_lines
from crafthall.games import load_match, make_game, names, new_match, record_game

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "games" / "golden"
SEATS = 3
SEED = 2026


def view_digest(match: Match) -> str:
    """One short hash of every seat's view and the spectator's."""
    seats = range(len(match.header.seats))
    views = [match.view(seat) for seat in [None, *seats]]
    return hashlib.sha256(to_json(views).encode()).hexdigest()[:16]


def play(name: str) -> Match:
    """A whole game by random moves (``sample_action``), seeded."""
    game = make_game(name)
    seats = min(max(SEATS, game.min_seats), game.max_seats)
    match = new_match(name, [f"Player {n + 1}" for n in range(seats)], seed=SEED)
    match.header = dataclasses.replace(match.header, started=None)  # the file stays the same
    rng = random.Random(SEED)
    while match.active_seats():
        seat = rng.choice(match.active_seats())
        match.apply(seat, match.game.sample_action(match.state, seat, rng))
    return match


def digests(match: Match) -> dict[str, Any]:
    """Replay ``match``'s record move by move and digest every position."""
    header, moves = parse_lines(match.record_lines())
    again = Match(record_game(header), header)
    seen = [view_digest(again)]
    for move in moves:
        again.apply(move.seat, move.action, move.at)
        seen.append(view_digest(again))
    result = again.result()
    return {"views": seen, "result": result.to_json() if result else None}


def paths(name: str) -> tuple[Path, Path]:
    return GOLDEN / f"{name}.jsonl", GOLDEN / f"{name}.digests.json"


def earlier_records() -> list[Path]:
    """The playthroughs kept from earlier rules versions."""
    return sorted((GOLDEN / "earlier").glob("*.jsonl"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite the golden files")
    parser.add_argument("--game", choices=names(), help="only this game (default: every game)")
    args = parser.parse_args()
    GOLDEN.mkdir(parents=True, exist_ok=True)
    differing = []
    for name in [args.game] if args.game else names():
        record_path, digest_path = paths(name)
        if args.update:
            match = play(name)
            record_path.write_text("\n".join(match.record_lines()) + "\n", encoding="utf-8")
            digest_path.write_text(json.dumps(digests(match), indent=1) + "\n", encoding="utf-8")
            print(f"{name}: {len(match.moves)} moves written")
            continue
        expected = json.loads(digest_path.read_text(encoding="utf-8"))
        if digests(load_match(record_path)) != expected:
            differing.append(name)
    if differing:
        print("These games play or show differently from their golden playthrough:", *differing)
        return 1
    if not args.update:
        print("Every golden playthrough replays as recorded.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
