"""Spread independent jobs over local processes or a Ray cluster, results kept in input order.

Every job is a pure function of its input (a game's seed), so where it runs never changes what
it returns: a run gives the same numbers on one process, on several, or on a Ray cluster.

Ray is optional (``pip install 'crafthall[ray]'``) and imported only when asked for. ``ray``
is ``"auto"`` (join the cluster started by ``ray start`` on this machine), ``"local"`` (start a
private instance with ``jobs`` CPUs, for trying it out), or a cluster address such as
``ray://head:10001``. Every node needs crafthall installed, as on the head.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import InvalidStateError, ProcessPoolExecutor
from typing import Any, TypeVar

from crafthall.engine.errors import SetupError

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
            yield from pool.map(job, items, chunksize=max(1, len(items) // (jobs * 4)))


@contextlib.contextmanager
def process_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` processes that stops quietly on Ctrl-C.

    Ctrl-C cancels the jobs still waiting; Python 3.11's pool thread may then try to hand a
    result that was on its way to a cancelled job and die of ``InvalidStateError``, printing
    a traceback over the one-line "stopped" the command says. Nothing is lost by it (the
    command is stopping), so that one error of that one thread is not printed."""
    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if isinstance(args.exc_value, InvalidStateError) and type(args.thread).__name__ == (
            "_ExecutorManagerThread"
        ):
            return
        previous(args)

    threading.excepthook = hook
    try:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield pool
    finally:
        threading.excepthook = previous


def _chunk(job: Callable[[Item], Out], items: Sequence[Item]) -> list[Out]:
    return [job(item) for item in items]


def connect_ray(address: str, jobs: int = 1) -> Any:
    """The ``ray`` module, connected to ``address`` (kept if this process already joined one)."""
    try:
        import ray
    except ImportError:
        raise SetupError(
            "Ray is not installed: pip install 'crafthall[ray]' (on every machine of the cluster)."
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
