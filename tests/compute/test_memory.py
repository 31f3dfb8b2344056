"""A worker's memory is bounded whatever its games keep: one past ``RETIRE_RSS`` after a job
retires (its memory goes with it) and a fresh one takes the next job; one below it keeps
going, its caches warm."""

from __future__ import annotations

import asyncio

import pytest

from crafthall.server.compute import pool
from crafthall.server.compute.pool import LocalPool, rss_bytes


def _two_jobs() -> tuple[int, int, bool]:
    """Two jobs on one local worker slot: the processes it started, the first one's memory
    after its job, and whether a process is left running after the second."""

    async def scenario() -> tuple[int, int, bool]:
        local = LocalPool(1, 0)
        try:
            await local.run("echo", (1,))
            size = max((rss_bytes(pid) for pid in local.pids()), default=0)
            await local.run("echo", (2,))
            return local.slots[0].started, size, bool(local.pids())
        finally:
            await local.close()

    return asyncio.run(scenario())


def test_a_worker_below_the_bound_keeps_going() -> None:
    started, size, running = _two_jobs()
    assert 0 < size < pool.RETIRE_RSS
    assert started == 1 and running


def test_a_worker_past_the_bound_retires_after_its_job(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool, "RETIRE_RSS", 1 << 20)  # any Python process holds more than 1 MiB
    started, _size, running = _two_jobs()
    assert started == 2 and not running  # each job had a fresh worker, which then retired
