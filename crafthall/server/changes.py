"""What each change to a table prepares: the first step of the one change path.

Each function here returns a ``prepare`` callable for :meth:`Hub.change
<crafthall.server.hub.Hub.change>`. Run under the table's lock, it checks the change against
the table in memory (refusing an illegal one with the engine's code and sentence, touching
nothing), works out the rows to commit, and says how to carry the change into memory once it
is committed (``done``) or to put memory back if the commit fails (``undo``). It may run again,
on a reloaded table, when another process committed first.
"""

from __future__ import annotations

import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from crafthall.engine.data import Action
from crafthall.engine.errors import IllegalAction
from crafthall.engine.match import Match
from crafthall.engine.record import Move
from crafthall.server.store import Commit, SeatRow
from crafthall.server.table import LiveTable, hash_token, start_match


@dataclass
class Prepared:
    """A change worked out but not yet committed."""

    commit: Commit
    done: Callable[[], None] = lambda: None
    """Carry the change into memory once it is committed."""
    undo: Callable[[], None] = lambda: None
    """Put memory back if the commit failed."""


Prepare = Callable[[], Prepared]


def _not_taken_over(table: LiveTable, seat: int) -> None:
    """Refuse a person's change at a seat a bot plays now (they left or timed out)."""
    if table.seats[seat].zombie is not None:
        raise IllegalAction(
            "seat-taken-over",
            "A bot plays this seat now, because its player left or ran out of time.",
        )


def move(
    table: LiveTable,
    seat: int,
    action: Action,
    expect: int | None,
    by_bot: bool,
    thought_ms: int | None = None,
) -> Prepare:
    """``seat`` takes ``action`` (a bot's, when ``by_bot``: the public change then names the
    bot's level and, given ``thought_ms``, how long it thought)."""

    def prepare() -> Prepared:
        match = table.playing()
        table.check_expected(expect)
        if not by_bot:
            _not_taken_over(table, seat)
        now = time.time()
        started = float(table.row.config.get("started_at", table.row.created))
        at = round(now - started, 3)
        seat_updates, table_updates = table.clock_updates(now, seat)
        before = (match.state, len(match.moves), len(match.events))
        events = match.apply(seat, action, at)
        index = len(match.moves) - 1
        change: dict[str, Any] = {
            "kind": "move",
            "seat": seat,
            "move": index,
            "events": events,
        }
        if by_bot:
            change["bot"] = table.bot_level(seat)
            if thought_ms is not None:
                change["thought_ms"] = thought_ms
        result = match.result()
        if result is not None:
            table_updates.update(status="finished", result=table.result_json(result.to_json()))
            change["result"] = table_updates["result"]

        def undo() -> None:
            match.state = before[0]
            del match.moves[before[1] :]
            del match.events[before[2] :]

        return Prepared(
            table.commit(
                change,
                table_updates,
                seat_updates,
                insert_move=Move(seat, action, at),
                move_index=index,
            ),
            undo=undo,
        )

    return prepare


def take_back(table: LiveTable, seat: int) -> Prepare:
    """Undo ``seat``'s own last action, where the table and the rules allow it."""

    def prepare() -> Prepared:
        match = table.playing()
        _not_taken_over(table, seat)
        if not table.row.config.get("undo", True):
            raise IllegalAction("undo-off", "Undo is switched off at this table.")
        if not match.moves:
            raise IllegalAction(
                "nothing-to-undo", "Nobody has acted yet; there is nothing to undo."
            )
        last = match.moves[-1]
        if last.seat != seat:
            raise IllegalAction(
                "undo-not-yours",
                "Only the last action may be taken back, and it was not yours.",
            )
        before = Match.replay(match.game, match.header, match.moves[:-1])
        if not match.game.undoable(before.state, match.state):
            raise IllegalAction(
                "undo-not-allowed",
                "That action revealed hidden information or drew by chance; "
                "it cannot be taken back.",
            )
        now = time.time()
        seat_updates, table_updates = table.clock_updates(now, None)
        index = len(match.moves) - 1
        change = {"kind": "undo", "seat": seat, "move": index}

        def done() -> None:
            table.match = before

        return Prepared(
            table.commit(change, table_updates, seat_updates, delete_move=index), done=done
        )

    return prepare


def hand_to_bot(table: LiveTable, seat: int, reason: str, expect: int | None) -> Prepare:
    """Zombie mode: a bot plays ``seat`` from now on (``reason``: the player ``left``, ran
    out of time, ``timeout``, or stayed ``disconnected`` on their turn past the grace)."""

    def prepare() -> Prepared:
        match = table.playing()
        table.check_expected(expect)
        if reason == "disconnected" and seat not in table.away_on_turn():
            raise IllegalAction("seat-back", "The player came back in time.")
        row = table.seats[seat]
        if row.kind != "human" or row.zombie is not None:
            raise IllegalAction("not-a-player", "A bot already plays this seat.")
        now = time.time()
        seat_updates, table_updates = table.clock_updates(now, None)
        seat_updates.setdefault(seat, {}).update(
            zombie=reason,
            zombie_move=len(match.moves),
            **({"clock": 0.0} if reason == "timeout" else {}),
        )
        change = {
            "kind": "zombie",
            "seat": seat,
            "reason": reason,
            "move": len(match.moves),
            "bot": table.zombie_level,
        }
        return Prepared(table.commit(change, table_updates, seat_updates))

    return prepare


def join(table: LiveTable, seat: int, invite: str, name: str, token: str) -> Prepare:
    """Sit a guest holding ``token`` at an open seat; the game starts when the last seat fills."""

    def prepare() -> Prepared:
        if table.status != "waiting":
            raise IllegalAction("table-full", "This table has no open seat any more.")
        if not 0 <= seat < len(table.seats):
            raise IllegalAction("no-such-seat", f"There is no seat {seat + 1} at this table.")
        row = table.seats[seat]
        if row.kind != "open" or row.invite is None:
            raise IllegalAction("seat-taken", f"Seat {seat + 1} is already taken.")
        if not hmac.compare_digest(row.invite, invite):
            raise IllegalAction(
                "bad-invite", "That invite does not open this seat; ask for a fresh link."
            )
        seat_updates = {
            seat: {
                "kind": "human",
                "name": name,
                "token_hash": hash_token(token),
                "invite": None,
            }
        }
        change: dict[str, Any] = {
            "kind": "joined",
            "seat": seat,
            "name": name,
        }
        table_updates: dict[str, Any] = {}
        still_open = [s for s in table.seats if s.kind == "open" and s.idx != seat]
        started: list[Match] = []
        if not still_open:
            seats_now = [
                SeatRow(**{**s.__dict__, **seat_updates.get(s.idx, {})}) for s in table.seats
            ]
            match = start_match(table.row, seats_now)
            now = time.time()
            table_updates = {
                "status": "playing",
                "header": match.header.to_json(),
                "config": {**table.row.config, "started_at": now},
                "clock_since": now,
            }
            change["started"] = True
            started.append(match)

        def done() -> None:
            if started:
                table.match = started[0]

        return Prepared(table.commit(change, table_updates, seat_updates), done=done)

    return prepare
