"""Golden playthroughs: one whole seeded game per game, kept in the game's folder with every
seat's view after every move and the final result (as OpenSpiel keeps playthroughs).

``golden/playthrough.jsonl`` is the record; ``golden/playthrough.views.jsonl.gz`` holds, one
line per position, the spectator's view and then each seat's. A replay that shows something
else is reported as the first view that differs, at the first key that differs, so a reader
sees what changed without decoding a hash. A game whose rules version changed keeps its old
record in ``golden/earlier/v<version>.jsonl`` with its result in ``v<version>.result.json``:
it must still replay to that result under the options that keep the old rules
(``Game.earlier_versions``).
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from crafthall.engine import Match, to_json
from crafthall.engine.record import parse_lines
from crafthall.games import folder, load_match, make_game, new_match, record_game

SEATS = 3
SEED = 2026


def golden_folder(name: str) -> Path:
    return folder(name) / "golden"


def record_path(name: str) -> Path:
    return golden_folder(name) / "playthrough.jsonl"


def views_path(name: str) -> Path:
    return golden_folder(name) / "playthrough.views.jsonl.gz"


def earlier_records(name: str) -> list[Path]:
    """The records kept from the game's earlier rules versions."""
    return sorted((golden_folder(name) / "earlier").glob("v*.jsonl"))


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


def positions(match: Match) -> Iterator[tuple[str, list[Any]]]:
    """Replay ``match``'s record move by move: what led to each position ("set-up", or the
    move) and the views there, the spectator's first."""
    header, moves = parse_lines(match.record_lines())
    again = Match(record_game(header), header)
    seats = [None, *range(len(header.seats))]
    # Through JSON, so that the views compare as they were stored (tuples become lists).
    yield "set-up", json.loads(to_json([again.view(seat) for seat in seats]))
    for number, move in enumerate(moves, 1):
        again.apply(move.seat, move.action, move.at)
        led_by = f"move {number} (seat {move.seat}: {to_json(move.action)})"
        yield led_by, json.loads(to_json([again.view(seat) for seat in seats]))


def write(name: str) -> int:
    """Play and store the game's golden playthrough; the number of moves."""
    match = play(name)
    golden_folder(name).mkdir(parents=True, exist_ok=True)
    record_path(name).write_text("\n".join(match.record_lines()) + "\n", encoding="utf-8")
    lines = [to_json(views) for _, views in positions(match)]
    result = match.result()
    lines.append(to_json({"result": result.to_json() if result else None}))
    # mtime=0: the same game writes the same bytes.
    views_path(name).write_bytes(gzip.compress("\n".join(lines).encode(), 9, mtime=0))
    return len(match.moves)


def first_difference(name: str) -> str | None:
    """Where the game's golden record now replays differently, in a sentence; None if alike."""
    stored = gzip.decompress(views_path(name).read_bytes()).decode().splitlines()
    *expected, end = (json.loads(line) for line in stored)
    match = load_match(record_path(name))
    for index, (led_by, views) in enumerate(positions(match)):
        if index >= len(expected):
            return f"The replay goes on after the stored end, at {led_by}."
        if views != expected[index]:
            return f"After {led_by}: {_view_difference(views, expected[index])}"
    if index + 1 < len(expected):
        return f"The replay ends after {index} moves; the stored game had {len(expected) - 1}."
    result = match.result()
    now = result.to_json() if result else None
    if json.loads(to_json(now)) != end["result"]:
        return f"The result differs: was {to_json(end['result'])}, now {to_json(now)}."
    return None


def _view_difference(now: list[Any], was: list[Any]) -> str:
    for seat, (view_now, view_was) in enumerate(zip(now, was, strict=True)):
        if view_now != view_was:
            whose = "the spectator's view" if seat == 0 else f"seat {seat - 1}'s view"
            path, old, new = _first_change(view_was, view_now, "")
            return f"{whose} differs at {path or 'the top'}: was {_short(old)}, now {_short(new)}."
    return "the views differ."


def _first_change(was: Any, now: Any, path: str) -> tuple[str, Any, Any]:
    """The first place where two JSON values differ: its path, the old and the new value."""
    if isinstance(was, dict) and isinstance(now, dict):
        for key in [*was, *(k for k in now if k not in was)]:
            if key not in now or key not in was or was[key] != now[key]:
                if key not in now or key not in was:
                    return f"{path}.{key}", was.get(key, "(absent)"), now.get(key, "(absent)")
                return _first_change(was[key], now[key], f"{path}.{key}")
    if isinstance(was, list) and isinstance(now, list) and len(was) == len(now):
        for index, (old, new) in enumerate(zip(was, now, strict=True)):
            if old != new:
                return _first_change(old, new, f"{path}[{index}]")
    return path, was, now


def _short(value: Any, limit: int = 200) -> str:
    text = to_json(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
