"""The compute tier: every search (bot moves, hints, reviews, replay steps) runs in worker
processes, never on the event loop's process, which only sends jobs and receives answers.

- :mod:`~crafthall.server.compute.jobs`: what a worker does (plain arguments, plain answers);
- :mod:`~crafthall.server.compute.pool`: the local worker processes ``crafthall serve``
  starts by itself (``--workers N``);
- :mod:`~crafthall.server.compute.remote`: workers on other machines, through Dramatiq on the
  deployment's Redis (``crafthall worker``);
- :mod:`~crafthall.server.compute.tier`: the order jobs run in (priorities, a fair share per
  client) and what a waiting player is told.

docs/operations.md, "The compute tier", says how to run it.
"""

from __future__ import annotations

import os

from crafthall.server.compute.tier import Compute, Priority, no_workers
from crafthall.server.settings import Settings


def worker_count(settings: Settings) -> int:
    """The local worker processes ``settings`` asks for (``-1``: one per core, at least two)."""
    if settings.workers >= 0:
        return settings.workers
    return max(2, os.cpu_count() or 2)


def compute_for(settings: Settings) -> Compute:
    """The compute tier ``settings`` describe: the job system's workers if ``job_system`` is
    set (on ``redis_url``), else this process's own worker processes."""
    if settings.job_system:
        if not settings.redis_url:
            raise ValueError(
                "CRAFTHALL_JOB_SYSTEM needs CRAFTHALL_REDIS_URL: the jobs go through Redis."
            )
        from crafthall.server.compute.remote import RemoteBackend

        return Compute(RemoteBackend(settings.redis_url, settings.redis_prefix))
    from crafthall.server.compute.pool import LocalPool

    return Compute(LocalPool(worker_count(settings), settings.worker_max_jobs))


__all__ = ["Compute", "Priority", "compute_for", "no_workers", "worker_count"]
