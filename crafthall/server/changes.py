"""The changes to a table, each an object the one change path (:meth:`Hub.change
<crafthall.server.hub.Hub.change>`) takes through the same named steps:

1. :meth:`Change.prepare`, under the table's lock: check the change against the table in
   memory (refusing an illegal one with the engine's code and sentence, touching nothing) and
   work out the rows to commit. It may run again, on a reloaded table, when another process
   committed first.
2. :meth:`Change.settle`, once the commit is written or failed: a written one is carried into
   memory (its rows, then :meth:`Change.carry_into_memory`, such as a new match); a failed one
   puts memory back as :meth:`Change.prepare` found it (:meth:`Change.roll_back`).
"""

from __future__ import annotations

import hmac
import time
from abc import ABC, abstractmethod
from typing import Any

from crafthall.engine.data import Action
from crafthall.engine.errors import IllegalAction
from crafthall.engine.match import Match
from crafthall.engine.record import Move
from crafthall.server.store import Commit, SeatRow
from crafthall.server.table import LiveTable, hash_token, move_key, start_match


class Change(ABC):
    """One change to ``table`` on its way through the change path."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table

    @abstractmethod
    def prepare(self) -> Commit:
        """Check the change against the table in memory and work out its commit (the
        caller holds the table's lock); raise ``IllegalAction`` to refuse it."""

    def settle(self, commit: Commit, error: BaseException | None) -> None:
        """Once ``commit`` is written (``error`` is ``None``), carry it into memory; if it
        was not, put memory back (the caller holds the table's lock throughout)."""
        if error is not None:
            self.roll_back()
            return
        self.table.apply_commit(commit)
        self.carry_into_memory()

    def carry_into_memory(self) -> None:  # noqa: B027 (a hook: most changes are rows alone)
        """The change's own work on memory beyond its rows, once committed: none here."""

    def roll_back(self) -> None:  # noqa: B027 (a hook: most changes touch no memory first)
        """Put back what :meth:`prepare` changed in memory: nothing here."""


def _not_taken_over(table: LiveTable, seat: int) -> None:
    """Refuse a person's change at a seat a bot plays now (they left or timed out)."""
    if table.seats[seat].zombie is not None:
        raise IllegalAction(
            "seat-taken-over",
            "A bot plays this seat now, because its player left or ran out of time.",
        )


class PlayMove(Change):
    """``seat`` takes ``action`` (a bot's, when ``by_bot``: the public change then names the
    bot's level and, given ``thought_ms``, how long it thought). Working it out applies the
    action to the match in memory, which :meth:`roll_back` undoes."""

    def __init__(
        self,
        table: LiveTable,
        seat: int,
        action: Action,
        expect: int | None,
        by_bot: bool,
        thought_ms: int | None = None,
    ) -> None:
        super().__init__(table)
        self.seat, self.action, self.expect = seat, action, expect
        self.by_bot, self.thought_ms = by_bot, thought_ms
        self._before: tuple[Match, Any, int, int] | None = None
        """The match, and its state, moves and events before the action was applied."""

    def prepare(self) -> Commit:
        table, seat = self.table, self.seat
        match = table.playing()
        table.check_expected(self.expect)
        if not self.by_bot:
            _not_taken_over(table, seat)
        now = time.time()
        started = table.config["started_at"] or table.row.created
        at = round(now - started, 3)
        seat_updates, table_updates = table.clock_updates(now, seat)
        self._before = (match, match.state, len(match.moves), len(match.events))
        events = match.apply(seat, self.action, at)
        table.undoable[move_key(match)] = match.game.undoable(self._before[1], match.state)
        index = len(match.moves) - 1
        change: dict[str, Any] = {"kind": "move", "seat": seat, "move": index, "events": events}
        if self.by_bot:
            change["bot"] = table.bot_level(seat)
            if self.thought_ms is not None:
                change["thought_ms"] = self.thought_ms
        result = match.result()
        if result is not None:
            table_updates.update(status="finished", result=table.result_json(result.to_json()))
            change["result"] = table_updates["result"]
        return table.commit(
            change,
            table_updates,
            seat_updates,
            insert_move=Move(seat, self.action, at),
            move_index=index,
        )

    def roll_back(self) -> None:
        if self._before is None:
            return
        match, state, moves, events = self._before
        match.state = state
        del match.moves[moves:]
        del match.events[events:]


class TakeBack(Change):
    """Undo ``seat``'s own last action, where the table and the rules allow it; once
    committed, the table's match is the record replayed without it."""

    def __init__(self, table: LiveTable, seat: int) -> None:
        super().__init__(table)
        self.seat = seat
        self._before: Match | None = None

    def prepare(self) -> Commit:
        table, seat = self.table, self.seat
        match = table.playing()
        _not_taken_over(table, seat)
        if not table.config["undo"]:
            raise IllegalAction("undo-off", "Undo is switched off at this table.")
        if not match.moves:
            raise IllegalAction(
                "nothing-to-undo", "Nobody has acted yet; there is nothing to undo."
            )
        if match.moves[-1].seat != seat:
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
        self._before = before
        seat_updates, table_updates = table.clock_updates(time.time(), None)
        index = len(match.moves) - 1
        change = {"kind": "undo", "seat": seat, "move": index}
        return table.commit(change, table_updates, seat_updates, delete_move=index)

    def carry_into_memory(self) -> None:
        self.table.match = self._before


class HandToBot(Change):
    """Zombie mode: a bot plays ``seat`` from now on (``reason``: the player ``left``, ran
    out of time, ``timeout``, or stayed ``disconnected`` on their turn past the grace)."""

    def __init__(self, table: LiveTable, seat: int, reason: str, expect: int | None) -> None:
        super().__init__(table)
        self.seat, self.reason, self.expect = seat, reason, expect

    def prepare(self) -> Commit:
        table, seat, reason = self.table, self.seat, self.reason
        match = table.playing()
        table.check_expected(self.expect)
        if reason == "disconnected" and seat not in table.away_on_turn():
            raise IllegalAction("seat-back", "The player came back in time.")
        row = table.seats[seat]
        if row.kind != "human" or row.zombie is not None:
            raise IllegalAction("not-a-player", "A bot already plays this seat.")
        seat_updates, table_updates = table.clock_updates(time.time(), None)
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
        return table.commit(change, table_updates, seat_updates)


class Join(Change):
    """Sit a guest holding ``token`` at an open seat; the game starts when the last seat
    fills (its match is made while preparing, and becomes the table's once committed)."""

    def __init__(self, table: LiveTable, seat: int, invite: str, name: str, token: str) -> None:
        super().__init__(table)
        self.seat, self.invite, self.name, self.token = seat, invite, name, token
        self._started: Match | None = None

    def prepare(self) -> Commit:
        table, seat = self.table, self.seat
        self._check_open_seat()
        seat_updates = {
            seat: {
                "kind": "human",
                "name": self.name,
                "token_hash": hash_token(self.token),
                "invite": None,
            }
        }
        change: dict[str, Any] = {"kind": "joined", "seat": seat, "name": self.name}
        table_updates: dict[str, Any] = {}
        self._started = None
        if not any(s.kind == "open" and s.idx != seat for s in table.seats):
            seats_now = [
                SeatRow(**{**s.__dict__, **seat_updates.get(s.idx, {})}) for s in table.seats
            ]
            self._started = start_match(table.row, seats_now)
            now = time.time()
            table_updates = {
                "status": "playing",
                "header": self._started.header.to_json(),
                "config": {**table.row.config, "started_at": now},
                "clock_since": now,
            }
            change["started"] = True
        return table.commit(change, table_updates, seat_updates)

    def _check_open_seat(self) -> None:
        """Refuse a seat that is not open, or an invite that does not open it."""
        table, seat = self.table, self.seat
        if table.status != "waiting":
            raise IllegalAction("table-full", "This table has no open seat any more.")
        if not 0 <= seat < len(table.seats):
            raise IllegalAction("no-such-seat", f"There is no seat {seat + 1} at this table.")
        row = table.seats[seat]
        if row.kind != "open" or row.invite is None:
            raise IllegalAction("seat-taken", f"Seat {seat + 1} is already taken.")
        if not hmac.compare_digest(row.invite, self.invite):
            raise IllegalAction(
                "bad-invite", "That invite does not open this seat; ask for a fresh link."
            )

    def carry_into_memory(self) -> None:
        if self._started is not None:
            self.table.match = self._started
