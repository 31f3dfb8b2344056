"""The compute tier's scheduler: which job runs next, on which workers, and what to tell a
player who waits.

Every search goes through :meth:`Compute.run` with a :class:`Priority` and the client it is
for. At most as many jobs as there are workers are out at once; the rest wait here, so the
order is decided here, not by the order jobs happened to come in:

- the lowest :class:`Priority` value first: a bot move a person waits for, then bots that took
  a person's seat over, then hints and replay steps, then reviews, then tables where only bots
  sit;
- within a priority, clients take turns (one job each, round the clients that have jobs
  waiting): a client with a hundred jobs waiting gets the same share as a client with one;
- reviews and bot-only tables never hold every worker: one stays for the jobs before them,
  so that a player's bot never waits behind a whole review (and a review is cut into parts
  of a few moves: :mod:`crafthall.server.compute.reviews`).

A worker that dies mid-job costs nothing but time: the job is run again, on another worker
(:data:`RETRIES` times at most). With no worker at all (``workers`` 0 and none on the job
system), a job is refused at once with a sentence, and ``/healthz`` says so.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Protocol

from crafthall.engine.errors import IllegalAction
from crafthall.server.compute.pool import WorkerDied

log = logging.getLogger("crafthall.server")

RETRIES = 3
"""How many times a job whose worker died is run again before it is given up."""


class Priority(IntEnum):
    """Which jobs go first (the lowest first)."""

    BOT_FOR_PERSON = 0
    """A bot's move that a person at the table waits for."""
    TAKEN_OVER = 1
    """A bot playing the seat of a person who left or ran out of time."""
    HINT = 2
    """A hint, a replay step: a person waits, but only for themselves."""
    REVIEW = 3
    """A part of a finished game's review."""
    BOTS_ONLY = 4
    """A move at a table where only bots sit."""


BACKGROUND = frozenset({Priority.REVIEW, Priority.BOTS_ONLY})
"""Jobs that never take the last free worker."""


class Backend(Protocol):
    """Where jobs run: local worker processes or workers of the job system."""

    @property
    def capacity(self) -> int: ...

    def describe(self) -> str: ...

    async def run(self, name: str, args: tuple[Any, ...], priority: Priority) -> Any: ...

    async def close(self) -> None: ...


def no_workers() -> IllegalAction:
    return IllegalAction(
        "no-workers",
        "No worker is running to think for bots, hints and reviews right now; the host must "
        "start one (crafthall worker, or crafthall serve --workers N). Try again in a minute.",
    )


@dataclass(eq=False)
class Ticket:
    """One job, waiting or running."""

    name: str
    args: tuple[Any, ...]
    priority: Priority
    client: str
    future: asyncio.Future[Any]
    since: float = field(default_factory=time.monotonic)
    order: int = 0


class Compute:
    """The jobs of this process: waiting by priority and client, at most ``capacity`` out."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.waiting: dict[Priority, dict[str, deque[Ticket]]] = {p: {} for p in Priority}
        self.running: set[Ticket] = set()
        self.done = 0
        self.died = 0
        """Jobs whose worker went away while running them (each was run again)."""
        self.seconds: dict[str, float] = {}
        """The mean wall seconds of each kind of job lately (for a waiting player's estimate)."""
        self._order = itertools.count()
        self._closed = False
        self.loop: asyncio.AbstractEventLoop | None = None
        """The event loop jobs are sent from (benchmarks and tests send jobs from threads)."""

    def from_thread(
        self, name: str, args: tuple[Any, ...], priority: Priority, client: str
    ) -> concurrent.futures.Future[Any]:
        """:meth:`run`, asked from another thread than the loop's; cancelling the future
        cancels the job (a local worker running it is stopped)."""
        assert self.loop is not None, "the compute tier has not started"
        return asyncio.run_coroutine_threadsafe(self.run(name, args, priority, client), self.loop)

    async def start(self) -> None:
        """Start watching the workers of the job system (local workers start when needed)."""
        self.loop = asyncio.get_running_loop()
        start = getattr(self.backend, "start", None)
        if start is not None:
            await start()

    # --- asking --------------------------------------------------------------------------

    async def run(self, name: str, args: tuple[Any, ...], priority: Priority, client: str) -> Any:
        """Run job ``name`` with ``args`` on a worker, in its turn; its answer."""
        if self.backend.capacity <= 0:
            raise no_workers()
        loop = asyncio.get_running_loop()
        ticket = Ticket(name, args, priority, client, loop.create_future(), order=next(self._order))
        self.waiting[priority].setdefault(client, deque()).append(ticket)
        self._pump()
        try:
            return await ticket.future
        except asyncio.CancelledError:
            self._forget(ticket)
            raise

    def ahead_of(self, priority: Priority) -> int:
        """Jobs waiting that go before a new one of ``priority``, and those running."""
        waiting = sum(
            len(queue)
            for kind, clients in self.waiting.items()
            if kind <= priority
            for queue in clients.values()
        )
        return waiting + len(self.running)

    def estimate(self, name: str, jobs: int, priority: Priority) -> float:
        """Seconds until ``jobs`` more jobs of kind ``name`` of ``priority`` are done, judged by
        the jobs waiting ahead and how long jobs have taken lately."""
        each = self.seconds.get(name, 1.0)
        ahead = self.ahead_of(priority)
        lanes = max(1, self.backend.capacity - (1 if priority in BACKGROUND else 0))
        return (ahead + jobs) * each / lanes

    def report(self) -> dict[str, Any]:
        """What ``/healthz`` shows of the compute tier."""
        return {
            "workers": self.backend.describe(),
            "capacity": self.backend.capacity,
            "running": len(self.running),
            "waiting": {
                kind.name.lower(): sum(len(q) for q in clients.values())
                for kind, clients in self.waiting.items()
            },
            "done": self.done,
            "died": self.died,
        }

    async def close(self) -> None:
        self._closed = True
        for clients in self.waiting.values():
            for queue in clients.values():
                for ticket in queue:
                    ticket.future.cancel()
            clients.clear()
        await self.backend.close()

    # --- the order -------------------------------------------------------------------------

    def _next(self) -> Ticket | None:
        background = sum(1 for t in self.running if t.priority in BACKGROUND)
        for priority in Priority:
            clients = self.waiting[priority]
            if not clients:
                continue
            if priority in BACKGROUND and background >= max(1, self.backend.capacity - 1):
                continue
            client, queue = next(iter(clients.items()))
            ticket = queue.popleft()
            del clients[client]
            if queue:  # its next job waits behind every other client's
                clients[client] = queue
            return ticket
        return None

    def _pump(self) -> None:
        while not self._closed and len(self.running) < self.backend.capacity:
            ticket = self._next()
            if ticket is None:
                return
            self.running.add(ticket)
            asyncio.get_running_loop().create_task(self._work(ticket))

    def _forget(self, ticket: Ticket) -> None:
        queue = self.waiting[ticket.priority].get(ticket.client)
        if queue is not None and ticket in queue:
            queue.remove(ticket)
            if not queue:
                del self.waiting[ticket.priority][ticket.client]

    async def _work(self, ticket: Ticket) -> None:
        began = time.monotonic()
        try:
            for attempt in range(RETRIES + 1):
                if ticket.future.done():  # its caller stopped waiting
                    return
                try:
                    job = asyncio.ensure_future(
                        self.backend.run(ticket.name, ticket.args, ticket.priority)
                    )
                    ticket.future.add_done_callback(_cancels(job))
                    value = await job
                except WorkerDied as err:
                    self.died += 1
                    log.warning("%s (attempt %d); running it again", err, attempt + 1)
                    continue
                except asyncio.CancelledError:
                    if ticket.future.cancelled():
                        return
                    raise
                except Exception as err:
                    if not ticket.future.done():
                        ticket.future.set_exception(err)
                    return
                took = time.monotonic() - began
                before = self.seconds.get(ticket.name, took)
                self.seconds[ticket.name] = 0.8 * before + 0.2 * took
                self.done += 1
                if not ticket.future.done():
                    ticket.future.set_result(value)
                return
            if not ticket.future.done():
                ticket.future.set_exception(
                    IllegalAction(
                        "worker-lost",
                        "The workers thinking about this kept stopping; try again in a moment.",
                    )
                )
        finally:
            self.running.discard(ticket)
            self._pump()


def _cancels(job: asyncio.Future[Any]) -> Any:
    """A callback that cancels ``job`` once the future it is added to is cancelled."""

    def done(future: asyncio.Future[Any]) -> None:
        if future.cancelled():
            job.cancel()

    return done
