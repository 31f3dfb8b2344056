"""``crafthall worker``: worker processes of the compute tier on this machine, taking bot
moves, hints and reviews from the job system on the deployment's Redis (docs/operations.md,
"The compute tier"); and the ``--workers`` option of ``crafthall serve``."""

from __future__ import annotations

import argparse
import os
import threading
from dataclasses import replace

from crafthall.server.settings import Settings


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "worker",
        help="think for servers on other machines: bot moves, hints and reviews from Redis",
        description="Worker processes that take jobs (bot moves, hints, reviews) from the job "
        "system on Redis, for every server started with CRAFTHALL_JOB_SYSTEM=1 and the same "
        "CRAFTHALL_REDIS_URL and CRAFTHALL_REDIS_PREFIX.",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="worker processes, each one job at a time (default: one per core)",
    )
    parser.add_argument("--redis", help="Redis URL (default: $CRAFTHALL_REDIS_URL)")


def serve_options(parser: argparse.ArgumentParser) -> None:
    """``crafthall serve --workers N``."""
    parser.add_argument(
        "--workers",
        type=int,
        help="worker processes for bots, hints and reviews (default: one per core); 0 with "
        "CRAFTHALL_JOB_SYSTEM=1 leaves them to crafthall worker on other machines",
    )


def run(args: argparse.Namespace) -> int:
    settings = Settings.from_env()
    if args.redis:
        settings = replace(settings, redis_url=args.redis)
    if not settings.redis_url:
        print(
            "crafthall worker: no Redis to take jobs from; set CRAFTHALL_REDIS_URL (the "
            "servers' own) or pass --redis."
        )
        return 2
    from crafthall.server.compute.remote import Fleet

    count = args.processes if args.processes > 0 else max(1, os.cpu_count() or 1)
    fleet = Fleet(settings.redis_url, settings.redis_prefix, count, settings.worker_max_jobs)
    print(f"crafthall worker: {count} processes taking jobs from {_place(settings.redis_url)}")
    fleet.start()
    try:
        threading.Event().wait()
    finally:
        fleet.stop()
    return 0


def _place(url: str) -> str:
    """The Redis URL without a password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://{rest.rsplit('@', 1)[1]}"
    return url
