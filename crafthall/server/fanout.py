"""Telling every server process that a table changed.

One process needs nothing (:class:`LocalFanout`). Several processes sharing tables publish
``{"table": id, "version": n}`` on a Redis channel after each commit (:class:`RedisFanout`);
each process then reads what it missed from the database, which stays the only truth.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("crafthall.server")

OnChange = Callable[[str, int], Awaitable[None]]


class LocalFanout:
    async def start(self, on_change: OnChange) -> None:
        return None

    async def publish(self, table_id: str, version: int) -> None:
        return None

    async def stop(self) -> None:
        return None


class RedisFanout:
    def __init__(self, url: str, prefix: str) -> None:
        self.url = url
        self.channel = f"{prefix}:changes"
        self.origin = secrets.token_hex(8)
        self._redis: Any = None
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    async def start(self, on_change: OnChange) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.url)
        await self._redis.ping()
        self._task = asyncio.create_task(self._listen(on_change))
        await asyncio.wait_for(self._ready.wait(), 10)

    async def _listen(self, on_change: OnChange) -> None:
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(self.channel)
        self._ready.set()
        try:
            async for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                try:
                    data = json.loads(message["data"])
                    if data.get("origin") == self.origin:
                        continue
                    await on_change(str(data["table"]), int(data["version"]))
                except Exception:  # a bad message must not stop the listener
                    log.exception("fan-out message not handled")
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    async def publish(self, table_id: str, version: int) -> None:
        payload = json.dumps({"table": table_id, "version": version, "origin": self.origin})
        await self._redis.publish(self.channel, payload)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._redis is not None:
            await self._redis.aclose()
