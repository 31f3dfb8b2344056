"""Jobs spread over processes come back one by one, in input order, as each is done."""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from functools import partial
from pathlib import Path

import pytest

from crafthall.arena.spread import held_stops, process_pool, spread
from tests.patience import A_WHILE, PATIENCE


def _held(gate: Path, item: int) -> int:
    """Item 0 at once; every other item only once ``gate`` exists."""
    deadline = time.monotonic() + PATIENCE
    while item and not gate.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return item * item


def test_the_first_result_comes_back_before_the_rest_are_played(tmp_path: Path) -> None:
    # A progress bar moves with each game, not in jumps of a quarter of the run: the first
    # result is handed back while every later job still waits.
    gate = tmp_path / "open"
    results = spread(partial(_held, gate), range(40), jobs=2)
    first: list[int] = []
    taker = threading.Thread(target=lambda: first.append(next(results)), daemon=True)
    taker.start()
    taker.join(PATIENCE / 2)
    gate.touch()
    assert first == [0], "the first result waited for later jobs"
    assert list(results) == [n * n for n in range(1, 40)]


def _stop_signals_seen() -> tuple[object, object, set[int]]:
    return (
        signal.getsignal(signal.SIGINT),
        signal.getsignal(signal.SIGTERM),
        set(signal.pthread_sigmask(signal.SIG_BLOCK, set())),
    )


def test_workers_leave_ctrl_c_to_the_command(tmp_path: Path) -> None:
    # Ctrl-C reaches every process of the terminal's group: a worker that took it would print
    # its own traceback. Workers ignore it, die quietly of SIGTERM, and block neither.
    previous = signal.signal(signal.SIGTERM, lambda *_: None)  # as the command's own handler
    try:
        with process_pool(2) as pool:
            seen = pool.pool.submit(_stop_signals_seen).result(timeout=PATIENCE)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert seen == (signal.SIG_IGN, signal.SIG_DFL, set())


def _played_long(marker: Path) -> None:
    time.sleep(A_WHILE)
    marker.touch()


def test_a_stopped_pool_kills_its_workers_at_once(tmp_path: Path) -> None:
    # The games being played are not waited for: the workers are gone when the pool is, and
    # the game under way never finished.
    finished = tmp_path / "finished"
    with pytest.raises(KeyboardInterrupt), process_pool(2) as pool:
        pool.pool.submit(_played_long, finished)
        workers = list(pool.pool._processes.values())
        raise KeyboardInterrupt
    ended = multiprocessing.connection.wait([worker.sentinel for worker in workers], timeout=0)
    assert len(ended) == 2 and not finished.exists()


def test_a_ctrl_c_while_workers_are_forked_is_acted_on_once_they_are() -> None:
    # Raised halfway through forking, it would leave the pool half made; held, it comes after.
    reached_the_end = False
    with pytest.raises(KeyboardInterrupt), held_stops():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # the handler runs at the next instruction: here it only notes
        reached_the_end = True
    assert reached_the_end


def _sleep_then_square(item: int) -> int:
    time.sleep(0.01)
    return item * item


def test_a_ctrl_c_while_jobs_are_handed_out_is_acted_on_between_two_calls() -> None:
    # Raised inside the pool's own code, just after it took a lock, it would leave the lock
    # taken and the pool would hang as it closed; held, it comes out of the pool's map.
    workers: list[multiprocessing.Process] = []
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt), process_pool(2) as pool:
        workers = list(pool.pool._processes.values())
        results = pool.map(_sleep_then_square, range(2000))
        assert next(results) == 0
        os.kill(os.getpid(), signal.SIGINT)
        for _ in results:
            pass
    ended = multiprocessing.connection.wait([worker.sentinel for worker in workers], timeout=0)
    assert len(ended) == 2
    assert signal.getsignal(signal.SIGINT) is before


def test_a_stop_noted_after_the_last_result_is_acted_on_as_the_pool_closes() -> None:
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt), process_pool(2) as pool:
        assert list(pool.map(_sleep_then_square, range(3))) == [0, 1, 4]
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # only noted: the pool closes first
    assert signal.getsignal(signal.SIGINT) is before
