"""Telling every server process that a table changed.

One process needs nothing (:class:`LocalFanout`). Several processes sharing tables publish
``origin table version watched commit`` on a Redis channel after each commit
(:class:`RedisFanout`): the publishing process, the table, its new version, ``1`` if someone
watches the table there (else ``0``), then the commit as JSON, so that a process skips its own
announcements, and those of tables it does not hold, without parsing the JSON.
A process holding the table one version behind carries the commit into memory as it was
written; any other (a version it missed, an undo, a game starting) reads what it lacks from
the database, which stays the only truth.

Redis may go away for a while: the listener then reconnects with backoff, and once it is back
every table this process holds is re-read from the database (``on_gap``), so a move published
during the outage is neither missed nor shown twice. Redis may also stop answering without
closing anything (a frozen process, a lost network): the listener would then wait forever, so
Redis is pinged every second, and while it does not answer, every table held here is read
from the database every second instead (:meth:`RedisFanout._watch`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from crafthall.server.clients import dump

log = logging.getLogger("crafthall.server")


@dataclass(frozen=True)
class Origin:
    """Where an announced change was made."""

    process: str
    """The announcing process's own id (:attr:`RedisFanout.origin`)."""
    watched: bool
    """Someone watches the table in that process."""


OnChange = Callable[[str, int, bytes | None, Origin], Awaitable[None]]
"""A table, its new version, the commit that made it as JSON (``Commit.to_message``), and
where it was made."""
OnGap = Callable[[], Awaitable[None]]

SEND_AT_STOP = 2.0
"""Seconds the announcements still waiting at shutdown may take to go out."""

GATHER_SECONDS = 0.002
"""How long an announcement waits for others to go out with it."""

CHECK_EVERY = 1.0
"""Seconds between two pings of Redis (``Settings.redis_check_seconds``)."""

STALL_AFTER = 2.0
"""Seconds a ping may wait for its answer before Redis counts as stalled
(``Settings.redis_stall_seconds``)."""

BACKOFF_FIRST = 0.1
BACKOFF_MOST = 5.0
"""Seconds between attempts to reach Redis again: doubling from the first to the most."""


def gives_way(here: str, there: str, table_id: str) -> bool:
    """Of two processes both driving a table that nobody watches in either (its bots, say,
    running in both), is ``here`` the one to let go of it? Exactly one of the two is, for
    every table, whichever hears the other's change first: were each to let go on hearing
    the other, nothing would drive the table any more. (Rendezvous hashing: each process
    ranks itself for the table, the same everywhere.)"""
    return _rank(there, table_id) > _rank(here, table_id)


def _rank(process: str, table_id: str) -> tuple[bytes, str]:
    digest = hashlib.blake2b(f"{process} {table_id}".encode(), digest_size=8).digest()
    return digest, process  # ties (never seen: 64 bits) broken by the id itself


class LocalFanout:
    healthy = True
    """Always: there is nothing to reach."""

    origin = "here"

    async def start(self, on_change: OnChange, on_gap: OnGap) -> None:
        return None

    def publish(self, table_id: str, version: int, commit: dict[str, Any], watched: bool) -> None:
        return None

    async def stop(self) -> None:
        return None


class RedisFanout:
    def __init__(self, url: str, prefix: str, topic: str = "changes") -> None:
        self.url = url
        self.channel = f"{prefix}:{topic}"  # table chat has a channel of its own: ``chat``
        self.origin = secrets.token_hex(8)
        self._origin = self.origin.encode()
        self._redis: Any = None
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._outgoing: list[str] = []
        self._sender: asyncio.Task[None] | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._reader: asyncio.Task[None] | None = None
        self.subscribed = False
        """Is the listener subscribed right now?"""
        self.answering = True
        """Did Redis answer the last ping within ``stall_after`` seconds?"""
        self.check_every = CHECK_EVERY
        self.stall_after = STALL_AFTER

    @property
    def healthy(self) -> bool:
        """Subscribed, and Redis answers (``/healthz`` reports it)."""
        return self.subscribed and self.answering

    @property
    def stalled(self) -> bool:
        """Subscribed, but Redis does not answer: it stopped without closing."""
        return self.subscribed and not self.answering

    async def start(self, on_change: OnChange, on_gap: OnGap) -> None:
        import redis.asyncio as aioredis

        # Publishing must not hang a move when Redis is away: short timeouts, and the move
        # (already committed) goes on; the listener's own connection waits without one.
        self._redis = aioredis.from_url(self.url, socket_connect_timeout=2, socket_timeout=2)
        await self._redis.ping()
        self._task = asyncio.create_task(self._listen(on_change, on_gap))
        await asyncio.wait_for(self._ready.wait(), 10)
        self._watcher = asyncio.create_task(self._watch(on_gap))

    async def _watch(self, on_gap: OnGap) -> None:
        """Ping Redis every ``check_every`` seconds. One that stops answering (stalled, or
        gone) for ``stall_after`` seconds leaves the listener waiting for news that will not
        come: meanwhile the tables held here are read from the database every
        ``check_every`` seconds (``on_gap``), and once more when Redis answers again."""
        while True:
            await asyncio.sleep(self.check_every)
            try:
                await asyncio.wait_for(self._redis.ping(), self.stall_after)
                answered = True
            except asyncio.CancelledError:
                raise
            except Exception:
                answered = False
            if answered and not self.answering:
                self.answering = True
                log.warning("Redis answers again; re-reading every table held here")
                await self._read_all(on_gap)
            elif not answered and self.answering:
                self.answering = False
                log.warning(
                    "Redis does not answer (for %.1f s); reading tables from the database "
                    "until it does",
                    self.stall_after,
                )
                self._reader = asyncio.create_task(self._read_meanwhile(on_gap))

    async def _read_meanwhile(self, on_gap: OnGap) -> None:
        """While Redis does not answer: the database every ``check_every`` seconds."""
        while not self.answering:
            await self._read_all(on_gap)
            await asyncio.sleep(self.check_every)

    @staticmethod
    async def _read_all(on_gap: OnGap) -> None:
        try:
            await on_gap()
        except Exception:  # the next round tries again
            log.exception("tables could not be re-read")

    async def _listen(self, on_change: OnChange, on_gap: OnGap) -> None:
        import redis.asyncio as aioredis

        backoff = BACKOFF_FIRST
        lost_at: float | None = None
        while True:
            listener = aioredis.from_url(self.url, socket_connect_timeout=2)
            pubsub = listener.pubsub()
            try:
                await pubsub.subscribe(self.channel)
                self.subscribed = True
                self._ready.set()
                backoff = BACKOFF_FIRST
                if lost_at is not None:
                    log.warning(
                        "Redis is back after %.1f s; re-reading every table held here",
                        time.monotonic() - lost_at,
                    )
                    lost_at = None
                    # Subscribed first, then re-read: a change after this point is announced.
                    await on_gap()
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        await self._handle(message, on_change)
                # Never a normal end: whatever stopped the subscription left a gap.
                raise ConnectionError("the Redis subscription ended")
            except asyncio.CancelledError:
                raise
            except Exception as err:
                self.subscribed = False
                if lost_at is None:
                    lost_at = time.monotonic()
                    log.warning("Redis fan-out lost (%s); reconnecting", err)
                await asyncio.sleep(backoff)
                backoff = min(BACKOFF_MOST, backoff * 2)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                with contextlib.suppress(Exception):
                    await listener.aclose()

    async def _handle(self, message: dict[str, Any], on_change: OnChange) -> None:
        try:
            origin, table_id, version, watched, commit = bytes(message["data"]).split(b" ", 4)
            if origin == self._origin:
                return
            where = Origin(origin.decode(), watched == b"1")
            await on_change(table_id.decode(), int(version), commit, where)
        except Exception:  # a bad message must not stop the listener
            log.exception("fan-out message not handled")

    def publish(self, table_id: str, version: int, commit: dict[str, Any], watched: bool) -> None:
        """Announce a commit (``watched``: someone watches the table here). Announcements
        made while the last ones were on their way go together, in one round trip, in the
        order they were made; the caller does not wait."""
        flag = 1 if watched else 0
        self._outgoing.append(f"{self.origin} {table_id} {version} {flag} {dump(commit)}")
        if self._sender is None:
            self._sender = asyncio.create_task(self._send())

    async def _send(self) -> None:
        from redis.exceptions import RedisError

        try:
            # A round trip to Redis costs the loop about 0.1 ms of CPU, as much as a light
            # move: the announcements of the moves committed meanwhile go in the same one.
            await asyncio.sleep(GATHER_SECONDS)
            while self._outgoing:
                batch, self._outgoing = self._outgoing, []
                try:
                    await self._publish_all(batch)
                except (OSError, RedisError):
                    # After Redis restarted, the pooled connection is dead: one more try
                    # opens a new one. If Redis is still away, the listeners re-read every
                    # table once it is back.
                    with contextlib.suppress(OSError, RedisError):
                        await self._publish_all(batch)
        finally:
            self._sender = None

    async def _publish_all(self, batch: list[str]) -> None:
        async with self._redis.pipeline(transaction=False) as pipe:
            for payload in batch:
                pipe.publish(self.channel, payload)
            await pipe.execute()

    async def stop(self) -> None:
        if self._sender is not None:  # the last announcements go out first
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._sender), SEND_AT_STOP)
        for task in (self._watcher, self._reader):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._redis is not None:
            await self._redis.aclose()
