"""Which seats a connection holds, across server processes (Redis): a seat held through
another process is held; one it let go of, or one whose process stopped saying it holds it,
counts as away since the last record."""

from __future__ import annotations

import asyncio
import time
import uuid

from crafthall.server import presence
from crafthall.server.presence import HELD_ELSEWHERE, RedisPresence
from tests.server.helpers import REDIS_URL, redis_up, service_or_skip
from tests.support import wait_until_async


def test_a_seat_is_held_elsewhere_until_that_process_lets_go() -> None:
    service_or_skip("Redis", redis_up)
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    here, there = (
        RedisPresence(REDIS_URL, prefix, "here"),
        RedisPresence(REDIS_URL, prefix, "there"),
    )

    async def left_there() -> float | None:
        """When seat 0 was let go of elsewhere, once it was (else nothing)."""
        seen = await here.last_seen("t1", 0)
        return seen if seen is not HELD_ELSEWHERE and seen > 0 else None

    async def held_there() -> bool:
        return await here.last_seen("t1", 0) is HELD_ELSEWHERE

    async def talk() -> None:
        await here.start()
        await there.start()
        try:
            assert await here.last_seen("t1", 0) == 0.0  # never held anywhere
            here.update("t1", {0})
            await asyncio.sleep(0.05)
            assert await here.last_seen("t1", 0) == 0.0  # held here only: not elsewhere
            there.update("t1", {0, 1})
            await wait_until_async(held_there, "never held")
            before = time.time()
            there.update("t1", {1})  # seat 0 let go of there
            left = await wait_until_async(left_there, "never left")
            assert left is not None and before <= left <= time.time()
            assert await there.last_seen("t1", 1) == 0.0  # its own hold does not count
            # A hold not refreshed for a while: that process went away.
            stale = time.time() - presence.FRESH - 1
            key = here._key("t1", 2)
            await here._redis.hset(key, "gone", f"held {stale}")
            assert await here.last_seen("t1", 2) == stale
        finally:
            await here.stop()
            await there.stop()

    asyncio.run(talk())
