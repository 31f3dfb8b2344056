"""Local worker processes: the embedded compute tier of ``crafthall serve``.

Each worker is a Python process of its own (``python -m crafthall.server.compute.process``),
fed one job at a time through its standard input by a thread of the server waiting on its
answer. A worker that dies mid-job (killed, out of
memory) is found at once (its pipe closes): the job is given back to the caller as
:class:`WorkerDied`, to be run again, and the worker started anew for the next job. A worker
retires after ``max_jobs`` jobs, or once its memory passed :data:`RETIRE_RSS`, whatever its
caches hold, so its memory stays bounded over days. Nothing of this crosses machines: more
machines take jobs through :mod:`crafthall.server.compute.remote`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pickle
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

log = logging.getLogger("crafthall.server")

STOP_SECONDS = 2.0
"""How long a worker asked to stop may take before it is killed."""
RETIRE_RSS = 1 << 30
"""A worker whose resident memory passed this (1 GiB) after a job retires, whatever its count
of jobs: a bound on memory that holds whatever a game's own caches keep."""


class WorkerDied(Exception):
    """The worker running a job went away before answering (the job may be run again)."""


class JobFailed(Exception):
    """A job raised an error that could not be carried back as itself."""


def registrations() -> dict[str, str]:
    """The games this process has registered, by name and module, for the workers to register
    alike (a game added at run time, as the tests' toy games are, exists in them too)."""
    from crafthall import games

    return dict(games._MODULES)


def worker_main() -> None:
    """A worker's life (``python -m crafthall.server.compute.process``): register the games it is
    sent first, then answer jobs from standard input on standard output (pickles), until its
    input closes. Anything the games print goes to standard error."""
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    asks = sys.stdin.buffer
    from crafthall.games import register
    from crafthall.server.compute import jobs

    try:
        games = pickle.load(asks)
    except EOFError:
        return
    for name, module in games.items():
        register(name, module)
    while True:
        try:
            name, args = pickle.load(asks)
        except EOFError:
            return
        try:
            answer: tuple[str, Any] = ("ok", jobs.run(name, args))
        except Exception as err:
            answer = ("error", err)
        try:
            data = pickle.dumps(answer)
        except Exception as err:  # an answer or an error that does not pickle
            data = pickle.dumps(("error", JobFailed(f"{type(err).__name__}: {err}")))
        answers.write(data)
        answers.flush()


def rss_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` (0 where it cannot be read)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


class Slot:
    """One worker process, started when first needed and again after it died or retired."""

    def __init__(self, games: dict[str, str], max_jobs: int) -> None:
        self.games = games
        self.max_jobs = max_jobs
        self.process: subprocess.Popen[bytes] | None = None
        self.jobs = 0
        self.started = 0
        """Processes this slot has started (the first, and one after each death or retiring)."""

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def _start(self) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(
            [sys.executable, "-m", "crafthall.server.compute.process"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        assert process.stdin is not None
        pickle.dump(self.games, process.stdin)
        process.stdin.flush()
        self.process, self.jobs = process, 0
        self.started += 1
        return process

    def call(self, name: str, args: tuple[Any, ...]) -> Any:
        """Run one job in this slot's worker (blocking: called on a thread of its own)."""
        data = pickle.dumps((name, args))
        games = registrations()
        if games != self.games:  # a game registered since this worker started (a test's toy)
            self.games = games
            self.retire()
        process = self.process if self.process is not None else self._start()
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(data)
            process.stdin.flush()
            status, value = pickle.load(process.stdout)
        except (EOFError, OSError, pickle.UnpicklingError):
            self.kill()
            raise WorkerDied(f"the worker running {name} went away") from None
        except Exception as err:  # an answer read whole that does not unpickle here
            raise JobFailed(f"the answer to {name} could not be read: {err}") from None
        self.jobs += 1
        if (self.max_jobs and self.jobs >= self.max_jobs) or rss_bytes(process.pid) > RETIRE_RSS:
            self.retire()
        if status == "error":
            raise value
        return value

    def retire(self) -> None:
        """Stop the worker after its job (its memory goes with it); the next job starts one."""
        process, self.process = self.process, None
        if process is None:
            return
        assert process.stdin is not None
        with contextlib.suppress(OSError):
            process.stdin.close()
        try:
            process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        _close(process)

    def interrupt(self) -> None:
        """Kill the worker (from the event loop, without waiting): its job's caller sees it die."""
        if self.process is not None:
            with contextlib.suppress(Exception):
                self.process.kill()

    def kill(self) -> None:
        """End the worker now (its job is abandoned); the next job starts another."""
        process, self.process = self.process, None
        if process is not None:
            with contextlib.suppress(Exception):
                process.kill()
            process.wait()
            _close(process)


def _close(process: subprocess.Popen[bytes]) -> None:
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


class LocalPool:
    """``count`` local worker processes; each job takes a free one (the caller, the
    scheduler of :mod:`crafthall.server.compute.tier`, never sends more jobs than ``count``)."""

    def __init__(self, count: int, max_jobs: int) -> None:
        games = registrations()
        self.slots = [Slot(games, max_jobs) for _ in range(count)]
        self._free = list(self.slots)
        self._threads = ThreadPoolExecutor(max(1, count), thread_name_prefix="crafthall-worker")

    @property
    def capacity(self) -> int:
        return len(self.slots)

    def describe(self) -> str:
        return f"{len(self.slots)} local worker processes"

    async def run(self, name: str, args: tuple[Any, ...], priority: Any = None) -> Any:
        slot = self._free.pop()
        loop = asyncio.get_running_loop()
        working = loop.run_in_executor(self._threads, slot.call, name, args)
        try:
            return await asyncio.shield(working)
        except asyncio.CancelledError:
            # Nobody waits for the answer any more (a review whose page left): the worker
            # stops working on it at once, and another starts for the next job.
            slot.interrupt()
            with contextlib.suppress(Exception):
                await working
            raise
        finally:
            self._free.append(slot)

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(None, slot.kill) for slot in self.slots))
        self._threads.shutdown(wait=False, cancel_futures=True)

    def pids(self) -> list[int]:
        """The worker processes alive now."""
        return [pid for slot in self.slots if (pid := slot.pid) is not None]
