"""Turn-based tables' deadlines: kept in the database, fired by whichever process claims
them first, after a restart as before it.

After every change of a turn-based table, :meth:`Turns.changed` brings its seats' rows up to
date (:func:`rows.track`): a seat whose turn began gets its deadline, one whose turn ended
is charged its time. One task per process (:meth:`Turns._run`) sleeps until the earliest
deadline of all (or a new one, or the clock moved), claims what is due with a conditional
update, so that of several processes one alone fires each, reads the table in (a quiet
table lives in the database only) and does what the table chose: skip the move, hand the
seat to the take-over bot, or wait. The same task sends the daily reminders of moves about
to time out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from crafthall.engine.errors import IllegalAction
from crafthall.server.config import Pace
from crafthall.server.table import LiveTable
from crafthall.server.turnbased import rows
from crafthall.server.turnbased.clock import Clock
from crafthall.server.turnbased.notify import Notifier
from crafthall.server.turnbased.rows import Deadline, TurnState

if TYPE_CHECKING:
    from crafthall.server.hub import Hub

log = logging.getLogger("crafthall.server")

LEASE = 120.0
"""Seconds a process holds a deadline it claimed; if it dies meanwhile, another fires it."""

RETRY = 30.0
"""Seconds before a deadline whose firing failed (the database away) is tried again."""

LOOK_EVERY = 2.0
"""Longest sleep of the scheduler: it then sees deadlines set by other processes, or moved
by an operator, without being told (one indexed look at the earliest deadline)."""

REMIND_EVERY = 3600.0
"""Seconds between two looks for moves about to time out."""

REMIND_WITHIN = 86_400.0
"""A move is reminded of once, when less than this is left of its time."""


def turn_state(table: LiveTable, pace: Pace) -> TurnState:
    """What the rows of ``table`` must say now."""
    people = [seat.idx for seat in table.seats if seat.kind == "human" and seat.zombie is None]
    active = table.active()
    return TurnState(
        table.id,
        table.version,
        table.status,
        pace,
        people,
        [seat for seat in active if seat in people],
        any(table.is_bot(seat) for seat in active),
    )


def sitting_down(table: LiveTable) -> set[int]:
    """The seats whose players sat down with the table's last change (they made it, or the
    join that started the game): they are at the table, and hear nothing of a turn that
    begins as they sit."""
    last = table.changes[-1] if table.changes else {}
    if last.get("kind") == "created":
        return set(range(len(table.seats)))
    if last.get("kind") == "joined":
        return {int(last["seat"])}
    return set()


class Turns:
    """The turn-based side of one server process: tracking, firing, notifying."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store
        self.clock = Clock()
        self.notifier = Notifier(hub.settings, hub.store, self.clock)
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._busy: set[asyncio.Task[None]] = set()
        self._next_reminders = 0.0
        self.swept_at: float | None = None
        """The clock's time of the last look for moves about to time out, once done."""
        self.fired = 0
        """Deadlines this process claimed and fired."""

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.clock.when_moved(self._moved)
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        self.clock.forget(self._moved)
        tasks = [task for task in (self._task, *self._busy) if task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def _moved(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._wake.set)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._busy.add(task)
        task.add_done_callback(self._busy.discard)

    # --- tracking --------------------------------------------------------------------------

    def changed(self, table: LiveTable) -> None:
        """``table`` changed (or was made, or read in): bring its turn rows up to date, on
        their own time (the players already have their updates)."""
        if table.config["pace"] is not None and self._task is not None:
            self._spawn(self.track(table))

    async def track(self, table: LiveTable, again: bool = False) -> None:
        """Bring the table's rows up to date (``again``: even if they say they are)."""
        pace = table.config["pace"]
        if pace is None:
            return
        state = turn_state(table, pace)
        now = self.clock.now()
        try:
            begun = await self.store.run(rows.track, self.store.engine, state, now, again)
        except SQLAlchemyError as err:
            # The next change or reading of the table brings them up to date.
            log.warning("table %s: its turn deadlines could not be saved: %s", table.id, err)
            return
        if not begun:
            return
        self._wake.set()
        names = [seat.name for seat in table.seats]
        told = [seat for seat in begun if seat not in sitting_down(table)]
        try:
            await self.notifier.turn_began(table.id, table.row.game, names, told, state.version)
        except Exception:  # the move stands; only its notice is lost
            log.exception("table %s: its turn notices could not be sent", table.id)

    # --- firing ----------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            # Cleared before looking: a deadline set (or the clock moved) while this pass
            # reads the database wakes the next sleep at once.
            self._wake.clear()
            now = self.clock.now()
            due: float | None = None
            try:
                for deadline in await self.store.run(rows.claim_due, self.store.engine, now, LEASE):
                    self._spawn(self.fire(deadline))
                if now >= self._next_reminders:
                    self._next_reminders = now + REMIND_EVERY
                    self._spawn(self._remind(now))
                due = await self.store.run(rows.next_due, self.store.engine)
            except SQLAlchemyError as err:
                log.warning("turn deadlines could not be read: %s", err)
                due = now + RETRY
            wait = min(LOOK_EVERY, self._next_reminders - now)
            if due is not None:
                wait = min(wait, due - now)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.0, wait))

    async def _remind(self, now: float) -> None:
        try:
            await self.notifier.remind(now, REMIND_WITHIN)
        except Exception:
            log.exception("reminders of moves about to time out could not be sent")
        self.swept_at = now

    async def fire(self, deadline: Deadline) -> None:
        """A seat's time ran out (this process claimed it): do what its table chose."""
        again: float | None = None
        try:
            table = await self.hub.get(deadline.table_id)
            self.fired += 1
            pace = None if table is None else table.config["pace"]
            if table is None or pace is None:
                await self.store.run(rows.drop_deadlines, self.store.engine, deadline.table_id)
                return
            seat = deadline.seat
            if table.status != "playing" or seat not in table.active() or table.is_bot(seat):
                # Not this seat's turn any more (the rows were behind): they say so now.
                await self.track(table, again=True)
                return
            if pace["timeout"] == "wait":
                await self.store.run(rows.wait_for, self.store.engine, deadline)
                await self.notifier.time_ran_out(table.id, table.row.game, seat, deadline.turn)
                return
            if pace["timeout"] == "bot":
                await self.hub.hand_to_bot(table, seat, "timeout")
            else:
                await self.skip(table, seat)
            await self.track(table)
        except IllegalAction as err:
            log.info(
                "table %s seat %s: time-out not carried out: %s",
                deadline.table_id,
                deadline.seat,
                err.message,
            )
            again = self.clock.now() + RETRY
        except (SQLAlchemyError, OSError) as err:
            log.warning("table %s: time-out not carried out: %s", deadline.table_id, err)
            again = self.clock.now() + RETRY
        finally:
            with contextlib.suppress(SQLAlchemyError):
                await self.store.run(rows.release, self.store.engine, deadline, again)
            self._wake.set()

    async def skip(self, table: LiveTable, seat: int) -> None:
        """The seat's move is skipped: the game's own move for a turn whose time ran out
        where it has one (a pass), else the take-over bot plays this one move for it (the
        seat stays its player's)."""
        match = table.playing()
        version = table.version
        state = match.state
        action = match.game.timeout_action(state, seat)
        if action is not None:
            await self.hub.act(table, seat, action, expect=version)
            return
        action, ms = await self.hub.think(table, seat, state, version)
        await self.hub.act(table, seat, action, expect=version, by_bot=True, thought_ms=ms)
