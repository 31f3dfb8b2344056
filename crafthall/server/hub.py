"""The live hub: the tables of this process and the one path every change takes.

Every change (a move, an undo, a join, a bot taking a seat over) goes the same way:

1. under the table's lock, work out the change from the in-memory table (refusing an illegal
   one with the engine's code and sentence, touching nothing): :mod:`crafthall.server.changes`;
2. commit it to the database with a version check (``store.Commit``); if another process got
   there first, put memory back, reload the table and think again;
3. only then update memory, tell every local client (each gets its own seat's view and the
   public changes since its last message: :mod:`crafthall.server.updates`), tell the other
   processes (:mod:`crafthall.server.fanout`) and start whatever must act next
   (:mod:`crafthall.server.pacing`).

The server never reaches into a game: it uses ``Match`` and the ``Game`` interface alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from crafthall.engine.data import Action
from crafthall.engine.errors import IllegalAction
from crafthall.server import changes
from crafthall.server.changes import Prepare, Prepared
from crafthall.server.clients import Client
from crafthall.server.creation import NewTable
from crafthall.server.fanout import LocalFanout, RedisFanout
from crafthall.server.pacing import Pacer
from crafthall.server.settings import Settings
from crafthall.server.store import Conflict, Store
from crafthall.server.table import LiveTable, new_token, stale
from crafthall.server.updates import broadcast, update_for

log = logging.getLogger("crafthall.server")

HEALTH_TIMEOUT = 3.0
"""Seconds the health check waits for the database before calling it unreachable."""

RETRIES = 5
"""How many times a change is prepared again after losing a race before the table is busy."""


class Hub:
    """All live tables of this process, and the one path by which any of them changes."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self.fanout: LocalFanout | RedisFanout = (
            RedisFanout(settings.redis_url, settings.redis_prefix)
            if settings.redis_url
            else LocalFanout()
        )
        self.pacer = Pacer(settings, self)

    # --- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        await self.fanout.start(self.on_remote_change, self.resync)
        for table_id in await self.store.run(self.store.table_ids, "playing"):
            table = await self.get(table_id)
            if table is not None:
                self.pacer.schedule(table)

    async def stop(self) -> None:
        self.pacer.close()
        for table in self.tables.values():
            self.pacer.cancel(table)
            for client in list(table.clients):
                client.push({"type": "bye", "reason": "The server is shutting down."})
                client.outbox.put_nowait(None)
        await self.fanout.stop()

    async def get(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.tables.get(table_id)
            if table is None:
                snapshot = await self.store.run(self.store.load, table_id)
                if snapshot is None:
                    return None
                table = LiveTable(snapshot)
                self.tables[table_id] = table
        return table

    async def health(self) -> dict[str, Any]:
        """Is each part this process needs working? ``ok`` only if all are."""
        try:
            await asyncio.wait_for(self.store.run(self.store.ping), HEALTH_TIMEOUT)
            database = "ok"
        except Exception as err:  # the reason is shown to the operator, not to players
            database = f"unreachable ({type(err).__name__})"
        if self.settings.redis_url:
            redis = "ok" if self.fanout.healthy else "unreachable (reconnecting)"
        else:
            redis = "not used"
        ok = database == "ok" and redis != "unreachable (reconnecting)"
        return {"ok": ok, "database": database, "redis": redis, "tables": len(self.tables)}

    # --- changes made by other processes ---------------------------------------------------

    async def on_remote_change(self, table_id: str, version: int) -> None:
        """Another process committed a change: catch up, tell our clients, go on."""
        table = self.tables.get(table_id)
        if table is None or table.version >= version:
            return
        async with table.lock:
            if table.version < version:
                await self._reload(table)
                self.broadcast(table)
        self.pacer.schedule(table)

    async def resync(self) -> None:
        """After a gap in the fan-out (Redis was away), read every held table's version from
        the database and catch up with what other processes committed meanwhile."""
        for table in list(self.tables.values()):
            try:
                await self.catch_up(table)
            except Exception:  # one table that cannot be read must not stop the others
                log.exception("table %s could not be re-read after a fan-out gap", table.id)

    async def catch_up(self, table: LiveTable) -> None:
        """With several processes, read what the others committed that we were not yet told
        of (a fresh connection then sees its own writes made through another process)."""
        if not self.settings.redis_url:
            return
        version = await self.store.run(self.store.version, table.id)
        if version is not None and version > table.version:
            await self.on_remote_change(table.id, version)

    async def _reload(self, table: LiveTable) -> None:
        snapshot = await self.store.run(self.store.load, table.id, table.version)
        if snapshot is not None:
            table.sync(snapshot)

    # --- the one path of every change ------------------------------------------------------

    async def change(self, table: LiveTable, prepare: Prepare, strict: bool = False) -> int:
        """Prepare, commit, then tell; returns the table's new version. ``strict``: refuse
        rather than retry on a newer table."""
        async with table.lock:
            for _attempt in range(RETRIES):
                prepared: Prepared = prepare()
                try:
                    await self.store.run(self.store.commit, prepared.commit)
                except Conflict:
                    prepared.undo()
                    await self._reload(table)
                    # Our clients learn of the change that won the race from us: the
                    # fan-out notice will find this process already up to date.
                    self.broadcast(table)
                    if strict:
                        raise stale(table.version) from None
                    continue
                except BaseException:
                    prepared.undo()
                    raise
                table.apply_commit(prepared.commit)
                prepared.done()
                self.broadcast(table)
                break
            else:
                raise IllegalAction("busy", "The table is busy right now; try again.")
        with contextlib.suppress(Exception):
            await self.fanout.publish(table.id, table.version)
        self.pacer.schedule(table)
        return prepared.commit.expected + 1

    # --- operations ------------------------------------------------------------------------

    async def act(
        self,
        table: LiveTable,
        seat: int,
        action: Action,
        expect: int | None = None,
        by_bot: bool = False,
    ) -> int:
        """Carry out ``action`` for ``seat``; returns the table's new version."""
        prepare = changes.move(table, seat, action, expect, by_bot)
        return await self.change(table, prepare, strict=by_bot or expect is not None)

    async def take_back(self, table: LiveTable, seat: int) -> int:
        """Undo ``seat``'s own last action, where the table and the rules allow it."""
        return await self.change(table, changes.take_back(table, seat))

    async def hand_to_bot(
        self, table: LiveTable, seat: int, reason: str, expect: int | None = None
    ) -> int:
        """Zombie mode: a bot plays ``seat`` from now on (see :func:`changes.hand_to_bot`)."""
        prepare = changes.hand_to_bot(table, seat, reason, expect)
        return await self.change(table, prepare, strict=expect is not None)

    async def join(self, table: LiveTable, seat: int, invite: str, name: str) -> str:
        """Sit a guest at an open seat; returns the seat's token."""
        token = new_token()
        await self.change(table, changes.join(table, seat, invite, name, token))
        return token

    async def create(self, made: NewTable) -> LiveTable:
        """Store a new table (see :func:`crafthall.server.creation.new_table`) and start it."""
        await self.store.run(self.store.create, made.row, made.seats, made.change)
        table = await self.get(made.row.id)
        assert table is not None
        self.pacer.schedule(table)
        return table

    # --- clients ---------------------------------------------------------------------------

    def attach(self, table: LiveTable, client: Client) -> None:
        table.clients.add(client)
        client.push(self.update_for(table, client))
        self.pacer.schedule_grace(table)

    def detach(self, table: LiveTable, client: Client) -> None:
        table.clients.discard(client)
        self.pacer.schedule_grace(table)

    def update_for(self, table: LiveTable, client: Client) -> dict[str, Any]:
        """The message that brings ``client`` up to date (see :func:`updates.update_for`)."""
        return update_for(table, client, self.settings.legal_limit)

    def broadcast(self, table: LiveTable) -> None:
        broadcast(table, self.settings.legal_limit)
