"""A new table's rows: its seats, their tokens and invites, checked before anything is stored."""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from crafthall.bots.levels import with_lines
from crafthall.engine.errors import SetupError
from crafthall.engine.game import Game
from crafthall.games import bot_levels, make_bot
from crafthall.games import entry as game_entry
from crafthall.server.config import ON_TIMEOUT, TableChoices, chosen, new_config
from crafthall.server.fairness import draw_seed
from crafthall.server.store import SeatRow, TableRow
from crafthall.server.table import hash_token, new_token, start_match


@dataclass
class NewTable:
    """The rows to store for a new table, and the secrets to hand out once (never stored)."""

    row: TableRow
    seats: list[SeatRow]
    change: dict[str, Any]
    """The table's first change (version 1)."""
    tokens: dict[int, str]
    """The tokens of the seats taken now, by seat."""
    invites: dict[int, str]
    """The invite codes of the open seats, by seat."""


def check_zombie_level(game: str, level: str) -> None:
    """Refuse a take-over bot level the game does not have, naming the ones it has."""
    known = bot_levels(game)
    if level in known:
        return
    raise SetupError(
        f"There is no bot level '{level}' to take over a seat left for good; "
        f"choose one of: {with_lines(known)}."
    )


def no_turn_based(game: type[Game]) -> str | None:
    """Why ``game`` has no turn-based form (everyone plays at once: a real-time race has no
    turns to wait for), or ``None`` if it has one."""
    if not game.simultaneous:
        return None
    return f"{game.title} is played by everyone at once, in real time: it has no turn-based form."


def check_pace(game: type[Game], choices: TableChoices) -> None:
    """Refuse a turn-based table of a game without that form, or one with a real-time clock
    or a grace as well, or an unknown time-out choice."""
    if choices["pace"] is None:
        return
    if (why := no_turn_based(game)) is not None:
        raise SetupError(f"{why} Choose real time for it.")
    if choices["clock"]:
        raise SetupError(
            "A turn-based table keeps time in hours or days per move: choose either it or a "
            "real-time clock, not both."
        )
    if choices["grace"]:
        raise SetupError(
            "At a turn-based table players come and go between their moves: a grace for "
            "the disconnected has no place there; its time per move decides."
        )
    if choices["pace"]["timeout"] not in ON_TIMEOUT:
        raise SetupError(
            f"When a turn-based seat's time runs out, choose one of: {', '.join(ON_TIMEOUT)}."
        )


def new_table(
    game: str,
    options: dict[str, Any],
    seat_specs: list[dict[str, Any]],
    *,
    seed: int | None,
    fixed: dict[str, Any] | None,
    config: Mapping[str, Any],
    private: bool,
) -> NewTable:
    """A new table of ``game``; it starts at once unless a seat is open for a guest.

    A chosen ``seed`` or ``fixed`` set-up makes a prepared table (marked for everyone to see);
    otherwise the seed is drawn here and committed to (see :mod:`crafthall.server.fairness`).

    Raises ``SetupError`` (with a sentence) for a bad game, options, seats or bot level.
    """
    rules = game_entry(game).game
    name = rules.name
    seats: list[SeatRow] = []
    tokens: dict[int, str] = {}
    invites: dict[int, str] = {}
    choices = chosen(config)
    check_pace(rules, choices)
    clock = choices["clock"]
    for idx, spec in enumerate(seat_specs):
        kind = spec["kind"]
        seat = SeatRow(idx=idx, kind=kind)
        if kind == "human":
            tokens[idx] = new_token()
            seat.name = spec["name"]
            seat.token_hash = hash_token(tokens[idx])
        elif kind == "bot":
            seat.bot_level = spec.get("level") or "random"
            seat.name = spec.get("name") or f"Bot {seat.bot_level}"
        else:
            invites[idx] = secrets.token_urlsafe(12)
            seat.invite = invites[idx]
        if clock and kind != "bot":
            seat.clock = clock["initial"]
        seats.append(seat)
    now = time.time()
    commitment = None
    if seed is None and fixed is None:
        seed, commitment = draw_seed()
    settings = new_config(choices, commitment)
    row = TableRow(
        id=secrets.token_urlsafe(9),
        game=name,
        options=options,
        config=dict(settings),
        seed=seed if seed is not None else secrets.randbits(62),
        status="waiting",
        private=private,
        version=1,
        created=now,
        fixed=fixed,
    )
    # Build the match once now (open seats with stand-in names): bad options, seat counts,
    # fixed set-ups and bot levels are refused before anything is stored.
    match = start_match(row, seats)
    for seat in seats:
        if seat.bot_level:
            make_bot(match.game, seat.bot_level, 0)
    check_zombie_level(name, choices["zombie_level"])
    row.options = match.header.options
    change: dict[str, Any] = {"version": 1, "kind": "created"}
    if not invites:
        row.status = "playing"
        row.header = match.header.to_json()
        row.config = {**settings, "started_at": now}
        row.clock_since = now
        change["started"] = True
    return NewTable(row, seats, change, tokens, invites)
