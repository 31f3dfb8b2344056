"""Ctrl-C and SIGTERM stop every command that plays on worker processes with one sentence and
no traceback from any process, whenever they come: while the program loads, as the workers
are forked, while they play, and while results come back; on a quiet machine and a busy one."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.load import cpu_hog
from tests.patience import MOMENT, PATIENCE

ROOT = Path(__file__).resolve().parents[2]
# The installed command, as a user runs it: its entry point meets a stop while it loads too.
CRAFTHALL = Path(sys.executable).with_name("crafthall")

COMMANDS: dict[str, Callable[[Path], list[str]]] = {
    "simulate": lambda out: ["simulate", "wordcraft", "--games", "5000", "--record-dir", str(out)],
    "study": lambda out: ["study", "wordcraft", "--games", "5000", "--out", str(out)],
    "tournament": lambda out: [
        *("tournament", "wordcraft", "--bot", "random", "--bot", "greedy", "--games", "5000"),
    ],
}


def _catches_sigterm(pid: int) -> bool:
    """Has crafthall's entry point begun (the first thing it does is to catch SIGTERM)?

    Before that the interpreter itself is starting, some 20 ms in which a Ctrl-C is Python's
    own to report."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) & (1 << (signal.SIGTERM - 1)))
    return False


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


MOMENTS: dict[str, Callable[[int, Path], bool]] = {
    # The program is still importing itself.
    "loading": lambda pid, out: _catches_sigterm(pid),
    # The first worker has been forked.
    "forking": lambda pid, out: bool(_children(pid)),
    # The workers have played for a while, and results are coming back.
    "gathering": lambda pid, out: sum(map(_cpu_seconds, _children(pid))) >= 1.5,
}


def _stop(argv: list[str], moment: Callable[[int], bool], how: signal.Signals) -> tuple[int, str]:
    """Run crafthall in a session of its own, and once ``moment(pid)`` send ``how``: SIGINT to
    the whole process group, as a terminal's Ctrl-C does, or SIGTERM to the command alone.
    The exit code and all it printed; every process of the group is gone by then."""
    process = subprocess.Popen(
        [str(CRAFTHALL), *argv],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},  # SIGABRT prints every thread's stack
    )
    deadline = time.monotonic() + PATIENCE
    while process.poll() is None and not moment(process.pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert process.poll() is None, "the command ended before it could be stopped"
    if how == signal.SIGINT:
        os.killpg(process.pid, how)
    else:
        os.kill(process.pid, how)
    try:
        printed, _ = process.communicate(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGABRT)
        printed, _ = process.communicate()
        raise AssertionError(
            f"crafthall did not stop within {PATIENCE:.0f} s of {how.name}; where each of its "
            f"processes was when aborted:\n{printed}"
        ) from None
    _wait_group_gone(process.pid)
    return process.returncode, printed


def _wait_group_gone(group: int) -> None:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    raise AssertionError(f"worker processes of {group} outlived the command")


def _assert_stopped(code: int, printed: str, how: signal.Signals) -> None:
    assert code == 128 + how, printed
    assert printed.count("crafthall: stopped.") == 1, printed
    assert "Traceback" not in printed and "Exception" not in printed, printed


@pytest.mark.parametrize("busy", [False, True], ids=["quiet", "under-a-cpu-hog"])
@pytest.mark.parametrize("moment", list(MOMENTS))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_ctrl_c_stops_with_one_sentence(
    command: str, moment: str, busy: bool, tmp_path: Path
) -> None:
    argv = [*COMMANDS[command](tmp_path / "out"), "--jobs", "2"]
    with cpu_hog() if busy else contextlib.nullcontext():
        code, printed = _stop(argv, lambda pid: MOMENTS[moment](pid, tmp_path), signal.SIGINT)
    _assert_stopped(code, printed, signal.SIGINT)


@pytest.mark.parametrize("moment", ["loading", "gathering"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_sigterm_stops_with_one_sentence(command: str, moment: str, tmp_path: Path) -> None:
    argv = [*COMMANDS[command](tmp_path / "out"), "--jobs", "2"]
    code, printed = _stop(argv, lambda pid: MOMENTS[moment](pid, tmp_path), signal.SIGTERM)
    _assert_stopped(code, printed, signal.SIGTERM)


def test_ctrl_c_without_workers_stops_with_one_sentence(tmp_path: Path) -> None:
    argv = [*COMMANDS["simulate"](tmp_path / "out"), "--jobs", "1"]
    code, printed = _stop(argv, lambda pid: any((tmp_path / "out").glob("*")), signal.SIGINT)
    _assert_stopped(code, printed, signal.SIGINT)


def _answers(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), MOMENT):
        return True
    return False


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM])
def test_the_server_stops_with_one_sentence(how: signal.Signals, tmp_path: Path) -> None:
    # It closes its connections first (uvicorn's graceful shutdown), then exits as any command.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    database = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    argv = ["serve", "--port", str(port), "--database", database]
    code, printed = _stop(argv, lambda pid: _answers(port), how)
    _assert_stopped(code, printed, how)
