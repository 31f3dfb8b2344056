"""Group commit: the changes that reach the server together are written in one transaction.

Every change is committed before anyone is told of it. Committing each on its own costs a
transaction a move (on SQLite the log's pages written again for each; on PostgreSQL three
round trips and a flush to disk each); a busy server has many moves of different tables
waiting at once, and writes them together (:meth:`Store.commit_all`), each still checked
against its table's version on its own.

On SQLite (a local write) the group is written on the event loop, once the changes that
arrived in the same turn of the loop have been worked out; on PostgreSQL one group at a time
is written while the next one gathers, from the loop when its moves are alike
(:mod:`crafthall.server.loopwriter`), else on a store thread.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy.exc import DataError

from crafthall.server.loopwriter import LoopFailed, LoopWriter
from crafthall.server.store import Commit, Conflict, Store

T = TypeVar("T")
log = logging.getLogger("crafthall.server")

CLOSE_SECONDS = 5.0
"""At shutdown, how long the group being written may take."""

Settle = Callable[[BaseException | None], None]
"""What a change does once its commit is written (``None``) or refused (the error): carry it
into memory, or put memory back."""


@dataclass
class _Waiting:
    commit: Commit
    settle: Settle
    written: asyncio.Future[None]


class CommitQueue:
    """The changes waiting for the next group commit of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[_Waiting] = []
        self._writer: asyncio.Task[None] | None = None
        self._scheduled = False
        self._loop_writer = None if store.local else LoopWriter(store)
        self.groups = 0
        """Transactions written so far (each a group of one change or more)."""
        self.changes = 0
        """Changes those groups held."""

    async def commit(self, commit: Commit, settle: Settle) -> None:
        """Write ``commit`` with the next group; returns once it is written, or raises
        :class:`~crafthall.server.store.Conflict` or the database's error. ``settle`` runs
        first, on the loop. A caller cancelled meanwhile still waits for the group (the
        table's lock it holds is not let go before memory follows the database)."""
        loop = asyncio.get_running_loop()
        written: asyncio.Future[None] = loop.create_future()
        self._waiting.append(_Waiting(commit, settle, written))
        if self.store.local:
            if not self._scheduled:
                # After the changes woken in this turn of the loop are worked out.
                self._scheduled = True
                loop.call_soon(self._write_here)
        elif self._writer is None:
            self._writer = loop.create_task(self._write_away())
        await to_its_end(written)

    def report(self) -> dict[str, int]:
        """How many transactions the changes so far took (``/healthz``, read by the
        benchmark)."""
        return {"groups": self.groups, "changes": self.changes}

    def _write_here(self) -> None:
        self._scheduled = False
        group, self._waiting = self._waiting, []
        _finish(group, self._outcomes([w.commit for w in group]))

    async def _write_away(self) -> None:
        try:
            while self._waiting:
                group, self._waiting = self._waiting, []
                # The moves alike go from the loop (if it can) while the others (a game's
                # last move, say) go on a thread, each part in a transaction of its own.
                alike = set(self.store.most_alike([w.commit for w in group]))
                if len(alike) < 2 and len(alike) != len(group):
                    alike = set()  # not worth two transactions
                parts = [
                    [w for position, w in enumerate(group) if (position in alike) == on_loop]
                    for on_loop in (True, False)
                ]
                await asyncio.gather(
                    self._write_part(parts[0], on_loop=True),
                    self._write_part(parts[1], on_loop=False),
                )
        finally:
            self._writer = None

    async def _write_part(self, part: list[_Waiting], on_loop: bool) -> None:
        if not part:
            return
        commits = [w.commit for w in part]
        outcomes: list[BaseException | None] | None = None
        retried = False
        if on_loop:
            try:
                outcomes = await self._on_loop(commits)
            except LoopFailed:
                retried = True
        if outcomes is None:
            try:
                outcomes = await self.store.run(self._outcomes, commits, retried)
            except Exception as err:  # the store's threads are gone (shutting down)
                outcomes = [err] * len(part)
        _finish(part, outcomes)

    async def _on_loop(self, commits: list[Commit]) -> list[BaseException | None] | None:
        """The group written from the loop (:mod:`crafthall.server.loopwriter`), or ``None``
        for the store's threads to write it; :class:`LoopFailed` if it may be written."""
        if self._loop_writer is None:
            return None
        try:
            written = await self._loop_writer.commit_all(commits)
        except LoopFailed:
            raise
        except Exception as err:  # never left unanswered: the threads' version checks settle it
            log.exception("a group of moves could not be written from the event loop")
            raise LoopFailed(str(err)) from err
        if written is None:
            return None
        self.groups += 1
        self.changes += len(commits)
        return list(written)

    async def close(self) -> None:
        """Let the group being written finish, then close the loop's connection."""
        if self._writer is not None:
            await asyncio.wait({self._writer}, timeout=CLOSE_SECONDS)
        if self._loop_writer is not None:
            await self._loop_writer.close()

    def _outcomes(self, commits: list[Commit], retried: bool = False) -> list[BaseException | None]:
        """Each commit's outcome: ``None`` (written), its conflict, or the error that kept
        it from being written. A group that one change spoiled (a row another process wrote
        first, a value the database refused) is written change by change, so only that
        change fails. ``retried``: the loop's connection failed with this group, which may
        be written already (see :meth:`Store.commit_all`)."""
        self.groups += 1
        self.changes += len(commits)
        try:
            return list(self.store.commit_all(commits, retried))
        except (Conflict, DataError) as err:
            if len(commits) == 1:
                return [err]
            return [outcome for commit in commits for outcome in self._outcomes([commit], retried)]
        except Exception as err:  # the database is away: none was written
            return [err] * len(commits)


async def to_its_end(work: Awaitable[T]) -> T:
    """``await work``; if the caller is cancelled meanwhile, the work still goes on to its
    end, and only then is the cancellation passed on (a change half done must not let go
    of its table)."""
    running = asyncio.ensure_future(work)  # a future stays itself; a coroutine becomes a task
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(running)
            break
        except asyncio.CancelledError:
            if running.done():
                raise
            cancelled = True
        except BaseException:
            if cancelled:
                raise asyncio.CancelledError from None
            raise
    if cancelled:
        raise asyncio.CancelledError
    return result


def _finish(group: list[_Waiting], outcomes: list[BaseException | None]) -> None:
    for waiting, outcome in zip(group, outcomes, strict=True):
        try:
            waiting.settle(outcome)
        except Exception as err:  # committed, but memory could not follow: the caller says
            outcome = err
        if waiting.written.done():  # its caller was cancelled: nobody waits
            continue
        if outcome is None:
            waiting.written.set_result(None)
        else:
            waiting.written.set_exception(outcome)
