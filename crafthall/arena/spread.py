"""Spread independent jobs over local processes or a Ray cluster, results kept in input order.

Every job is a pure function of its input (a game's seed), so where it runs never changes what
it returns: a run gives the same numbers on one process, on several, or on a Ray cluster.

Ray is optional (the ``ray`` extra) and imported only when asked for. ``ray``
is ``"auto"`` (join the cluster started by ``ray start`` on this machine), ``"local"`` (start a
private instance with ``jobs`` CPUs, for trying it out), or a cluster address such as
``ray://head:10001``. Every node needs crafthall installed, as on the head.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from typing import Any, TypeVar

from crafthall.engine.extras import missing_extra

Item = TypeVar("Item")
Out = TypeVar("Out")


def spread(
    job: Callable[[Item], Out],
    items: Sequence[Item],
    jobs: int = 1,
    ray: str | None = None,
) -> Iterator[Out]:
    """``map(job, items)``: in this process, on ``jobs`` processes, or on Ray (``ray``)."""
    if ray is not None:
        yield from _on_ray(job, items, ray, jobs)
    elif jobs <= 1 or len(items) <= 1:
        yield from map(job, items)
    else:
        with process_pool(jobs) as pool:
            yield from pool.map(job, items)


class Workers:
    """The worker processes of a :func:`process_pool`, and the one way to hand them jobs.

    A stop (Ctrl-C, SIGTERM) is only noted while the pool is open and acted on here, between
    two calls into the pool. Raised where it came, it could land inside the pool's own code
    just after a lock was taken and before it could be given back (Python does not protect
    that instant), and the pool would then hang as it closed.
    """

    def __init__(self, pool: ProcessPoolExecutor, stops: HeldStops) -> None:
        self.pool = pool
        self.stops = stops

    def map(self, job: Callable[[Item], Out], items: Iterable[Item]) -> Iterator[Out]:
        """``job`` of every item, in input order, each handed back as soon as it is done.

        One item a job: results come back as each finishes (a progress bar moves evenly), and
        a stop loses at most the games being played."""
        futures: list[Future[Out]] = []
        for item in items:
            self.stops.act()
            futures.append(self.pool.submit(job, item))
        for future in futures:
            yield self._result(future)

    def _result(self, future: Future[Out]) -> Out:
        while True:
            self.stops.act()
            try:
                return future.result(timeout=_STOP_LATENCY)
            except TimeoutError:
                continue


_STOP_LATENCY = 0.1
"""Seconds a stop may wait for the pool to be between two calls."""


@contextlib.contextmanager
def process_pool(jobs: int) -> Iterator[Workers]:
    """A pool of ``jobs`` forked processes that stops at once, and quietly, with the command.

    Ctrl-C reaches every process of the terminal's group, workers too; a worker interrupted
    mid-game would print its own traceback over the command's one-line "stopped". So workers
    ignore Ctrl-C, and whatever ends the command (Ctrl-C, SIGTERM, an error) kills them here
    rather than letting the pool wait for the games they are playing. While the pool is open
    a stop is held and acted on by :class:`Workers` (see there why), or as the pool closes.
    """
    previous = threading.excepthook
    threading.excepthook = _quiet_after_cancel(previous)
    with held_stops() as stops:
        pool = ProcessPoolExecutor(
            max_workers=jobs,
            mp_context=multiprocessing.get_context("fork"),
            initializer=_worker_ignores_interrupts,
        )
        _open_pools.add(pool)
        try:
            pool.submit(int)  # the first job forks every worker, here
            yield Workers(pool, stops)
        except BaseException:
            _kill_workers(pool)
            raise
        else:
            pool.shutdown(wait=True)
        finally:
            _open_pools.discard(pool)
            threading.excepthook = previous


_open_pools: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()


def stop_every_pool() -> None:
    """Kill the workers of every pool still open, for a command that is stopping.

    A pool is closed with the generator that holds it, which a stop met outside that generator
    (in the loop consuming its results) leaves suspended until its frame is freed, possibly
    only at exit: too late, as Python then waits for its workers' games."""
    for pool in list(_open_pools):
        _kill_workers(pool)
        _open_pools.discard(pool)


_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class HeldStops:
    """Ctrl-C and SIGTERM as they arrive, to be acted on where it is safe (:meth:`act`)."""

    def __init__(self, previous: dict[int, Any]) -> None:
        self.previous = previous
        self.noted: list[signal.Signals] = []

    def note(self, number: int, frame: object) -> None:
        self.noted.append(signal.Signals(number))

    def act(self) -> None:
        """Act on the first stop noted as the handler before would have: raise
        KeyboardInterrupt, or the command's SIGTERM error."""
        if self.noted and callable(handler := self.previous[self.noted[0]]):
            stop = self.noted[0]
            self.noted.clear()
            handler(stop, None)


@contextlib.contextmanager
def held_stops() -> Iterator[HeldStops]:
    """Ctrl-C and SIGTERM held inside the block; one that came is acted on as the block ends,
    if :meth:`HeldStops.act` did not act on it before.

    Blocking the signals in this thread is not enough: another thread of the command (a
    progress bar's) takes them, and Python then raises in this one wherever it is. A worker
    forked meanwhile notes a stop it is sent and forgets it as it starts."""
    if threading.current_thread() is not threading.main_thread():
        yield HeldStops({})  # only the main thread runs Python's signal handlers
        return
    stops = HeldStops({number: signal.getsignal(number) for number in _STOP_SIGNALS})
    for number in _STOP_SIGNALS:
        signal.signal(number, stops.note)
    try:
        yield stops
    finally:
        for restored, handler in stops.previous.items():
            signal.signal(restored, handler)
    stops.act()


def _worker_ignores_interrupts() -> None:
    """In each worker, first: Ctrl-C is the command's to handle; SIGTERM ends the worker
    silently (as its default does, not as the command's handler it was forked with)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _kill_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool now: waiting jobs cancelled, running ones killed with their workers."""
    workers = list((pool._processes or {}).values())  # no public way before Python 3.14
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    for worker in workers:
        worker.kill()
    # Not shutdown(wait=True): the pool's manager thread may not have started yet.
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.join()
    # The manager thread ends by itself once it sees its workers gone; waited for here, since
    # Python 3.11 at exit may otherwise wake it through a pipe it is closing, and say so.
    if manager is not None and manager.ident is not None:
        manager.join()


def _quiet_after_cancel(
    previous: Callable[[threading.ExceptHookArgs], Any],
) -> Callable[[threading.ExceptHookArgs], Any]:
    """``previous``, except for one harmless error printed while a pool stops.

    Cancelling the waiting jobs can race the pool's manager thread, which in Python 3.11 may
    then try to hand a result to a cancelled job and die of ``InvalidStateError``. Nothing is
    lost by it (the command is stopping), so that one error of that one thread is not shown."""

    def hook(args: threading.ExceptHookArgs) -> None:
        if isinstance(args.exc_value, InvalidStateError) and type(args.thread).__name__ == (
            "_ExecutorManagerThread"
        ):
            return
        previous(args)

    return hook


def _chunk(job: Callable[[Item], Out], items: Sequence[Item]) -> list[Out]:
    return [job(item) for item in items]


def connect_ray(address: str, jobs: int = 1) -> Any:
    """The ``ray`` module, connected to ``address`` (kept if this process already joined one)."""
    try:
        import ray
    except ImportError:
        raise missing_extra(
            "Ray is not installed (on every machine of the cluster)", "ray"
        ) from None
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    return ray


def _on_ray(
    job: Callable[[Item], Out], items: Sequence[Item], address: str, jobs: int
) -> Iterator[Out]:
    ray = connect_ray(address, jobs)
    workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    # A few chunks per CPU: big enough to hide Ray's per-task cost, small enough to balance.
    size = max(1, len(items) // (workers * 4))
    remote = ray.remote(_chunk)
    pending = [
        remote.remote(job, list(items[start : start + size]))
        for start in range(0, len(items), size)
    ]
    for ref in pending:  # in submission order, so results come back in input order
        yield from ray.get(ref)
