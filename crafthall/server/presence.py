"""Which seats a connection holds, across server processes: for the grace of a disconnected
player (see :mod:`crafthall.server.pacing`).

A process knows only its own connections. Alone, it needs nothing more
(:class:`LocalPresence`). With several processes (Redis), a process records in Redis, for
each seat of a table with a grace, whether it holds the seat (refreshed every
:data:`HEARTBEAT` seconds while it does) or when it stopped holding it
(:class:`RedisPresence`). A grace that runs out in one process then asks whether another
holds the seat, and since when the seat has been away everywhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

log = logging.getLogger("crafthall.server")

HEARTBEAT = 10.0
"""Seconds between two records that a process still holds its seats."""

FRESH = 30.0
"""A hold not refreshed for this long belongs to a process that went away (it crashed, or
lost Redis): its seats count as away since its last record."""

KEEP = 2 * 24 * 3600
"""Seconds a table's records stay in Redis after their last change."""

HELD_ELSEWHERE = None
"""What :meth:`RedisPresence.last_seen` answers for a seat another process holds now."""


class LocalPresence:
    """One process: a seat this process does not hold is held nowhere."""

    async def start(self) -> None:
        return None

    def update(self, table_id: str, held: set[int]) -> None:
        return None

    async def last_seen(self, table_id: str, seat: int) -> float | None:
        return 0.0

    async def stop(self) -> None:
        return None


class RedisPresence:
    """The seats each process holds, in one Redis hash per seat: a field per process, whose
    value is ``held <time>`` (refreshed) or ``left <time>`` (times from the wall clock)."""

    def __init__(self, url: str, prefix: str, origin: str) -> None:
        self.url = url
        self.prefix = prefix
        self.origin = origin
        self._redis: Any = None
        self._held: dict[str, set[int]] = {}
        """The seats held here, of each table with a grace."""
        self._pending: dict[tuple[str, int], str] = {}
        """Records not yet written, the newest of each seat."""
        self._writer: asyncio.Task[None] | None = None
        self._beating: asyncio.Task[None] | None = None

    def _key(self, table_id: str, seat: int) -> str:
        return f"{self.prefix}:seat:{table_id}:{seat}"

    async def start(self) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.url, socket_connect_timeout=2, socket_timeout=2)
        self._beating = asyncio.create_task(self._beat())

    def update(self, table_id: str, held: set[int]) -> None:
        """The seats of ``table_id`` connections here hold now (none for a table without a
        grace, or one leaving memory); what changed is recorded."""
        before = self._held.get(table_id, set())
        if held == before:
            return
        now = time.time()
        for seat in held - before:
            self._pending[(table_id, seat)] = f"held {now}"
        for seat in before - held:
            self._pending[(table_id, seat)] = f"left {now}"
        if held:
            self._held[table_id] = set(held)
        else:
            self._held.pop(table_id, None)
        self._write_soon()

    async def last_seen(self, table_id: str, seat: int) -> float | None:
        """``None`` if another process holds the seat now; else the last time another process
        held it (``0.0``: never). Raises if Redis cannot be asked."""
        records = await self._redis.hgetall(self._key(table_id, seat))
        now = time.time()
        latest = 0.0
        for origin, value in records.items():
            if origin.decode() == self.origin:
                continue
            state, at = value.decode().split(" ")
            if state == "held" and now - float(at) < FRESH:
                return HELD_ELSEWHERE
            latest = max(latest, float(at))
        return latest

    def _write_soon(self) -> None:
        if self._writer is None:
            self._writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        from redis.exceptions import RedisError

        try:
            while self._pending:
                batch, self._pending = self._pending, {}
                try:
                    async with self._redis.pipeline(transaction=False) as pipe:
                        for (table_id, seat), value in batch.items():
                            key = self._key(table_id, seat)
                            pipe.hset(key, self.origin, value)
                            pipe.expire(key, KEEP)
                        await pipe.execute()
                except (OSError, RedisError) as err:
                    # Redis away: the next heartbeat records the seats held again; a seat
                    # let go meanwhile counts from its last heartbeat.
                    log.info("seat presence not recorded: %s", err)
        finally:
            self._writer = None

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            now = time.time()
            for table_id, seats in self._held.items():
                for seat in seats:
                    self._pending.setdefault((table_id, seat), f"held {now}")
            self._write_soon()

    async def stop(self) -> None:
        if self._beating is not None:
            self._beating.cancel()
        for table_id in list(self._held):
            self.update(table_id, set())
        if self._writer is not None:  # the last records go out first
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._writer), 2.0)
        if self._redis is not None:
            await self._redis.aclose()
