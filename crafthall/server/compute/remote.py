"""Workers on other machines (or other processes of this one): jobs through Dramatiq on the
Redis the server already uses.

The server sends each job as a Dramatiq message on one queue (an actor per
:class:`~crafthall.server.compute.tier.Priority`, so that a worker holding several messages
runs the most urgent first) and waits for its answer in Dramatiq's result store. ``crafthall
worker`` runs :func:`work` in one process per core, each taking one job at a time. Why Dramatiq
(and not arq, RQ, Celery or Ray), with the figures measured: docs/operations.md, "The compute
tier".

A worker that dies mid-job: its message stays unacknowledged in Redis under the worker's
heartbeat; once the heartbeat is older than :data:`HEARTBEAT_MS`, the next worker to fetch
puts the message back on the queue (Dramatiq's maintenance, here on every fetch), and another
worker runs it. A bot move run twice is still made once: the table's version check refuses
the second (``stale-version``).

Each worker process also says it is alive in a sorted set of its own (``{prefix}:workers``,
refreshed every second), which the server counts: with none alive, a job is refused at once
with a sentence rather than left waiting (``/healthz`` shows the count).

Messages are pickled (a game state is plain data, but not always JSON): Redis must be
reachable only by the servers and workers of one deployment, as it already must be for the
fan-out.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import dramatiq
import redis
from dramatiq.brokers.redis import MAINTENANCE_SCALE, RedisBroker
from dramatiq.results import Results
from dramatiq.results.backends import RedisBackend

from crafthall.server.compute.pool import RETIRE_RSS, JobFailed, rss_bytes
from crafthall.server.compute.tier import Priority, no_workers

log = logging.getLogger("crafthall.server")

QUEUE = "crafthall-jobs"
HEARTBEAT_MS = 4000
"""A worker silent this long counts as dead: its unfinished job goes to another worker."""
ALIVE_EVERY = 1.0
"""Seconds between a worker's "still here"."""
ALIVE_FOR = 4.0
"""Seconds a worker counts as alive after its last "still here"."""
RESULT_TTL_MS = 600_000
"""How long an answer waits in Redis for the server that asked."""
WAIT_STEP_MS = 1000
"""How long one wait for an answer blocks a thread (then the wait goes on, or is dropped)."""
JOB_LIMIT_MS = 600_000
"""The longest one job may run on a worker."""


def _broker(redis_url: str, prefix: str) -> tuple[RedisBroker, RedisBackend]:
    dramatiq.set_encoder(dramatiq.PickleEncoder())
    broker = RedisBroker(
        url=redis_url,
        namespace=f"{prefix}-jobs",
        heartbeat_timeout=HEARTBEAT_MS,
        maintenance_chance=MAINTENANCE_SCALE,
    )
    results = RedisBackend(url=redis_url, namespace=f"{prefix}-results")
    broker.add_middleware(Results(backend=results, result_ttl=RESULT_TTL_MS))
    return broker, results


def _job(name: str, args: tuple[Any, ...]) -> tuple[str, Any]:
    """One job, on a worker: ``("ok", answer)`` or ``("error", exception)`` (never raised, so
    that Dramatiq does not retry a job whose rules refused it)."""
    from crafthall.server.compute import jobs

    try:
        return "ok", jobs.run(name, args)
    except Exception as err:
        return "error", err


class JobSystem:
    """The broker and the actors of one deployment (``redis_url`` and ``prefix``)."""

    def __init__(self, redis_url: str, prefix: str) -> None:
        self.redis_url = redis_url
        self.prefix = prefix
        self.broker, self.results = _broker(redis_url, prefix)
        self.actors = {
            priority: dramatiq.actor(
                actor_name=f"crafthall_job_{priority.value}",
                queue_name=QUEUE,
                priority=priority.value,
                broker=self.broker,
                store_results=True,
                max_retries=0,
                time_limit=JOB_LIMIT_MS,
            )(_job)
            for priority in Priority
        }
        self.alive_key = f"{prefix}:workers"

    def alive(self, client: redis.Redis) -> int:
        """How many worker processes said they were alive lately."""
        now = time.time()
        client.zremrangebyscore(self.alive_key, 0, now - ALIVE_FOR)
        return int(client.zcount(self.alive_key, now - ALIVE_FOR, "+inf"))


class RemoteBackend:
    """Jobs sent through the job system; as many out at once as there are live workers."""

    def __init__(self, redis_url: str, prefix: str) -> None:
        self.system = JobSystem(redis_url, prefix)
        self.redis = redis.Redis.from_url(redis_url, socket_timeout=5)
        self._workers = 0
        self._threads = ThreadPoolExecutor(64, thread_name_prefix="crafthall-jobs")
        self._watch: asyncio.Task[None] | None = None

    @property
    def capacity(self) -> int:
        return self._workers

    def describe(self) -> str:
        return f"{self._workers} worker processes on the job system"

    async def start(self) -> None:
        await self._count()
        self._watch = asyncio.create_task(self._watch_loop())

    async def _count(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            self._workers = await loop.run_in_executor(self._threads, self.system.alive, self.redis)
        except redis.RedisError as err:
            log.warning("the job system's workers cannot be counted: %s", err)
            self._workers = 0

    async def _watch_loop(self) -> None:
        while True:
            await asyncio.sleep(ALIVE_EVERY)
            await self._count()

    async def run(self, name: str, args: tuple[Any, ...], priority: Any) -> Any:
        loop = asyncio.get_running_loop()
        actor = self.system.actors[priority]
        message = await loop.run_in_executor(self._threads, actor.send, name, args)
        while True:
            try:
                status, value = await loop.run_in_executor(self._threads, self._wait, message)
                break
            except dramatiq.results.ResultTimeout:
                if self._workers <= 0:  # every worker went away: say so, do not hang
                    raise no_workers() from None
                continue
        if status == "error":
            raise value if isinstance(value, BaseException) else JobFailed(str(value))
        return value

    def _wait(self, message: Any) -> Any:
        return message.get_result(backend=self.system.results, block=True, timeout=WAIT_STEP_MS)

    async def close(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
        self._threads.shutdown(wait=False, cancel_futures=True)
        with contextlib.suppress(Exception):
            self.redis.close()


def work(
    redis_url: str, prefix: str, max_jobs: int = 0, games: dict[str, str] | None = None
) -> None:
    """One worker process: take jobs one at a time until SIGTERM or SIGINT (or, with
    ``max_jobs``, until that many are done, or once its memory passed ``RETIRE_RSS``: its
    manager starts a fresh one)."""
    from crafthall.games import register

    for name, module in (games or {}).items():
        register(name, module)
    system = JobSystem(redis_url, prefix)
    counted = Counted()
    system.broker.add_middleware(counted)
    worker = dramatiq.Worker(system.broker, worker_threads=1, worker_timeout=100)
    worker.queue_prefetch = 1
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    me = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
    client = redis.Redis.from_url(redis_url, socket_timeout=5)
    worker.start()
    try:
        while not stop.is_set():
            with contextlib.suppress(redis.RedisError):
                client.zadd(system.alive_key, {me: time.time()})
            if (max_jobs and counted.done >= max_jobs) or rss_bytes(os.getpid()) > RETIRE_RSS:
                break
            stop.wait(ALIVE_EVERY)
    finally:
        with contextlib.suppress(redis.RedisError):
            client.zrem(system.alive_key, me)
        worker.stop(timeout=int(JOB_LIMIT_MS))


class Counted(dramatiq.Middleware):
    """Counts the jobs a worker process finished (it retires after ``max_jobs``)."""

    def __init__(self) -> None:
        self.done = 0

    def after_process_message(
        self, broker: Any, message: Any, *, result: Any = None, exception: Any = None
    ) -> None:
        self.done += 1


class Fleet:
    """``count`` worker processes of the job system on this machine, each started again when it
    retires (after ``max_jobs``) or dies: what ``crafthall worker`` runs, and ``crafthall
    serve --workers N`` beside the server when it sends its jobs through the job system."""

    def __init__(self, redis_url: str, prefix: str, count: int, max_jobs: int) -> None:
        from crafthall.server.compute.pool import registrations

        self.args = (redis_url, prefix, max_jobs, registrations())
        self.count = count
        self.processes: list[subprocess.Popen[bytes]] = []
        self.stopping = threading.Event()
        self._keeper: threading.Thread | None = None

    def _spawn(self) -> subprocess.Popen[bytes]:
        redis_url, prefix, max_jobs, games = self.args
        command = [sys.executable, "-m", "crafthall.server.compute.remote", redis_url, prefix]
        env = {**os.environ, GAMES_VARIABLE: json.dumps(games)}
        return subprocess.Popen([*command, str(max_jobs)], env=env)

    def start(self) -> None:
        self.processes = [self._spawn() for _ in range(self.count)]
        self._keeper = threading.Thread(target=self._keep, name="crafthall-fleet", daemon=True)
        self._keeper.start()

    def _keep(self) -> None:
        while not self.stopping.wait(0.5):
            for index, process in enumerate(self.processes):
                if process.poll() is not None and not self.stopping.is_set():
                    self.processes[index] = self._spawn()

    def pids(self) -> list[int]:
        return [p.pid for p in self.processes if p.poll() is None]

    def stop(self, timeout: float = 10.0) -> None:
        """Ask every worker to stop after its job, and kill those that do not in ``timeout``."""
        self.stopping.set()
        if self._keeper is not None:
            self._keeper.join()
        for process in self.processes:
            if process.poll() is None:
                with contextlib.suppress(OSError):
                    process.terminate()
        deadline = time.monotonic() + timeout
        for process in self.processes:
            try:
                process.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


GAMES_VARIABLE = "CRAFTHALL_WORKER_GAMES"
"""The games a worker process registers (name to module, JSON), as its server has them."""


def main(argv: list[str]) -> None:
    """``python -m crafthall.server.compute.remote REDIS_URL PREFIX MAX_JOBS``: one worker."""
    redis_url, prefix, max_jobs = argv
    games = json.loads(os.environ.get(GAMES_VARIABLE) or "{}")
    work(redis_url, prefix, int(max_jobs), games)


if __name__ == "__main__":
    main(sys.argv[1:])
