"""Load benchmark of the server: many tables over loopback, clients playing random legal moves.

Starts ``crafthall serve`` in its own process (SQLite in a temporary folder, or PostgreSQL in a
schema of its own that is dropped afterwards), opens ``--tables`` tables of two seats, each seat
a WebSocket client that plays a random legal action whenever its seat is to act, and prints the
accepted actions per second and the median and 99th-percentile round trip of an action (from
sending ``act`` to receiving its ``ok``). Finished games are replaced by new tables until the
time is up. Loopback only; bounded in tables and seconds. The clients run in ``--clients`` load
generator processes (2 by default), and the measured window starts once every table of the first
round is seated and greeted, then warmed up for ``--warmup`` seconds (the set-up is not counted).
It also prints how late the generators' own event loops woke up: when that is large, the load
generator (not the server) made the tail.

    .venv/bin/python bench/bench_server.py --tables 200 --seconds 20 --think 1
    .venv/bin/python bench/bench_server.py --tables 200 --seconds 20 --think 1 --database postgres
    .venv/bin/python bench/bench_server.py --tables 500 --think 1 --database postgres --processes 2
    .venv/bin/python bench/bench_server.py --tables 500 --think 1 --database postgres \
        --processes 2 --route seats                # every move crosses the Redis fan-out
    .venv/bin/python bench/bench_server.py --tables 50 --think 0           # closed loop
    .venv/bin/python bench/bench_server.py --tables 10 --think 1 --spectators 1000

It prints the server processes' CPU, their garbage-collection pauses and, on SQLite, the size
of the write-ahead log at the end.

On a shared machine, ``chrt -r 10`` before the command keeps other work from making the tail.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import multiprocessing
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
PG_URL = os.environ.get(
    "CRAFTHALL_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("CRAFTHALL_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


class Stats:
    """What one load generator process saw; the processes' stats are summed at the end."""

    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.refused = 0
        self.games = 0
        self.measure_from = math.inf
        """Round trips are counted from this moment: the warm-up after every table of the
        first round is seated and greeted."""
        self.deadline = time.monotonic() + SETUP_LIMIT
        """When the clients stop (set with ``measure_from``)."""
        self.ready = 0
        """Tables of the first round whose two seats have their first update."""
        self.client_lag: list[float] = []
        """How late the load generator's own event loop woke up (its share of a round trip)."""
        self.acted: dict[tuple[str, int], float] = {}
        """When the action that made each (table, version) was sent."""
        self.seen: list[tuple[str, int, float]] = []
        """When each spectator's update showing a (table, version) arrived; set against
        ``acted`` once every generator is done (the clock is the machine's, shared by all)."""
        self.fan_out: list[float] = []
        """Seconds from an action's sending to each spectator's update showing it."""

    def report(self) -> dict[str, Any]:
        return {
            "round_trips": self.round_trips,
            "refused": self.refused,
            "games": self.games,
            "client_lag": self.client_lag,
            "acted": list(self.acted.items()),
            "seen": self.seen,
            "measure_from": self.measure_from,
            "deadline": self.deadline,
        }


SETUP_LIMIT = 300.0
"""Seconds the first round of tables may take to be made and greeted."""


async def watch_lag(stats: Stats, every: float = 0.01) -> None:
    while time.monotonic() < stats.deadline:
        asked = time.perf_counter()
        await asyncio.sleep(every)
        if time.monotonic() >= stats.measure_from:
            stats.client_lag.append(time.perf_counter() - asked - every)


async def seat_client(
    ws_url: str,
    table_url: str,
    token: str,
    stats: Stats,
    picker: random.Random,
    think: float,
    greeted: asyncio.Event,
) -> None:
    async with connect(ws_url, max_size=None, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "legal": True}))
        sent_at: float | None = None
        latest: dict[str, Any] | None = None
        number = 0
        while time.monotonic() < stats.deadline:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), max(0.01, stats.deadline - time.monotonic())
                )
            except TimeoutError:
                return
            # orjson: a third of the standard library's time, and the load generators share
            # the server's cores (the game actions hold no integer past 64 bits).
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "update":
                greeted.set()
                # The update showing our own action carries its id: it is the answer.
                if sent_at is not None and message.get("id") == number:
                    if time.monotonic() >= stats.measure_from:
                        stats.round_trips.append(time.perf_counter() - sent_at)
                        stats.acted[table_url, message["version"]] = sent_at
                    sent_at = None
                latest = message
                if message["table"]["status"] == "finished":
                    if latest["seat"] == 0:
                        stats.games += 1
                    return
            elif kind == "error" and sent_at is not None:
                stats.refused += 1
                sent_at = None
            if (
                sent_at is None
                and latest is not None
                and message["type"] in ("update", "error")
                and latest["seat"] in latest["active"]
                and latest.get("legal")
            ):
                number += 1
                if think > 0:
                    # A person's pace: a random pause averaging ``think`` seconds.
                    await asyncio.sleep(picker.uniform(0, 2 * think))
                action = picker.choice(latest["legal"])
                latest = None  # act once per update seen
                sent_at = time.perf_counter()
                await ws.send(
                    orjson.dumps({"type": "act", "action": action, "id": number}).decode()
                )


VERSION = re.compile(rb'"version":(\d+)')


async def spectator(ws_url: str, table_url: str, stats: Stats) -> None:
    """Watch a table; note when each version's update arrives (read without parsing the
    whole message, so the load generator keeps up with a thousand of these)."""
    seen: dict[int, float] = {}
    async with connect(ws_url, max_size=None, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while time.monotonic() < stats.deadline:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), max(0.01, stats.deadline - time.monotonic())
                )
            except TimeoutError:
                break
            data = raw.encode() if isinstance(raw, str) else raw
            if data.startswith(b'{"type":"update"'):
                found = VERSION.search(data)
                if found:
                    seen.setdefault(int(found.group(1)), time.perf_counter())
                if b'"status":"finished"' in data:
                    break
    stats.seen += [(table_url, version, arrived) for version, arrived in seen.items()]


async def table_worker(
    bases: list[str],
    route: str,
    game: str,
    stats: Stats,
    seed: int,
    http: httpx.AsyncClient,
    think: float,
    watched: dict[str, Any] | None = None,
) -> None:
    """Play tables one after another; the first one is ``watched`` if given (made by the
    parent process, whose spectators every generator shares)."""
    picker = random.Random(seed)
    first = True
    while time.monotonic() < stats.deadline - 1:
        made = watched if first and watched is not None else await make_table(http, bases, game)
        urls = [
            seat_base(bases, route, made["websocket"], s).replace("http://", "ws://")
            + made["websocket"]
            for s in (0, 1)
        ]
        table_url = made["websocket"]
        greeted = [asyncio.Event(), asyncio.Event()]
        seats = [
            seat_client(
                urls[s], table_url, made["tokens"][str(s)], stats, picker, think, greeted[s]
            )
            for s in (0, 1)
        ]
        if first:
            first = False
            seats.append(_count_ready(stats, greeted))
        await asyncio.gather(*seats)


def seat_base(bases: list[str], route: str, websocket: str, seat: int | None) -> str:
    """The server process a seat (or a spectator, ``None``) of a table plays through. By
    ``table``, all of a table's clients reach one process, chosen by a hash of the table's
    address, as a reverse proxy routing by table does (docs/operations.md); by ``seats``, each
    seat plays through another process, so every move crosses the Redis fan-out to reach the
    other seat (the most a move can cost)."""
    if route == "seats":
        return bases[(seat or 0) % len(bases)]
    return bases[zlib.crc32(websocket.encode()) % len(bases)]


async def make_table(http: httpx.AsyncClient, bases: list[str], game: str) -> dict[str, Any]:
    made: dict[str, Any] = (
        await http.post(
            f"{random.choice(bases)}/api/tables",
            json={
                "game": game,
                "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
                "seed": random.randrange(2**31),
            },
        )
    ).json()
    return made


async def _count_ready(stats: Stats, greeted: list[asyncio.Event]) -> None:
    for event in greeted:
        await event.wait()
    stats.ready += 1


@dataclass(frozen=True)
class Load:
    """What the load generators are asked to do."""

    bases: list[str]
    route: str
    """``table`` or ``seats``: see :func:`seat_base`."""
    tables: int
    seconds: float
    game: str
    think: float
    warmup: float
    spectators: int
    shares: int
    watched: dict[str, Any] | None
    """The table the spectators watch (the first one of the first generator)."""


async def drive_share(load: Load, share: int, barrier: Any) -> Stats:
    """Drive every ``shares``-th table from ``share`` on; the measured window starts, in
    every load generator at once, when all of them have their first tables playing."""
    stats = Stats()
    mine = list(range(share, load.tables, load.shares))
    # The spectators are shared out among the generators, as the tables are.
    watchers = len(range(share, load.spectators, load.shares))
    # Idle connections are dropped well before the server's keep-alive timeout (5 s), so a
    # request never goes out on one the server is closing.
    limits = httpx.Limits(max_connections=50, keepalive_expiry=1.0)

    async def start_window() -> None:
        while stats.ready < len(mine) and time.monotonic() < stats.deadline:
            await asyncio.sleep(0.05)
        await asyncio.get_running_loop().run_in_executor(None, barrier.wait, SETUP_LIMIT)
        stats.measure_from = time.monotonic() + load.warmup
        stats.deadline = stats.measure_from + load.seconds

    async with httpx.AsyncClient(timeout=SETUP_LIMIT, limits=limits) as http:
        await asyncio.gather(
            start_window(),
            watch_lag(stats),
            *(
                table_worker(
                    load.bases,
                    load.route,
                    load.game,
                    stats,
                    n,
                    http,
                    load.think,
                    load.watched if n == 0 else None,
                )
                for n in mine
            ),
            *(
                spectator(
                    seat_base(load.bases, load.route, load.watched["websocket"], None).replace(
                        "http://", "ws://"
                    )
                    + load.watched["websocket"],
                    load.watched["websocket"],
                    stats,
                )
                for _ in range(watchers)
                if load.watched is not None
            ),
        )
    return stats


def generator(load: Load, share: int, barrier: Any, results: Any) -> None:
    """One load generator process: its share of the tables, its stats put on ``results``."""
    # The load generator's own garbage collector is paused while it runs (its few megabytes
    # of garbage wait until the end): its pauses would otherwise be counted as the server's
    # round trips.
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        stats = asyncio.run(drive_share(load, share, barrier))
        results.put(stats.report())
    except BaseException as err:
        barrier.abort()
        results.put({"error": f"{type(err).__name__}: {err}"})


@dataclass
class Window:
    """The measured window: its seconds, and the CPU seconds spent in it."""

    seconds: float
    servers: float
    generators: float
    machine: float
    """Every process of the machine's (PostgreSQL and Redis too), from /proc/stat."""


def drive(load: Load, pids: list[int]) -> tuple[Stats, Window]:
    """Run the load generator processes; returns their stats summed and the measured
    window."""
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(load.shares + 1)
    results = context.Queue()
    workers = [
        context.Process(target=generator, args=(load, share, barrier, results))
        for share in range(load.shares)
    ]
    for worker in workers:
        worker.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        barrier.wait(SETUP_LIMIT)  # if a generator failed, its error is reported below
    time.sleep(load.warmup)
    generator_pids = [worker.pid for worker in workers if worker.pid is not None]
    cpu_before = sum(_cpu_seconds(pid) for pid in pids)
    generators_before = sum(_cpu_seconds(pid) for pid in generator_pids)
    machine_before = _machine_busy()
    began = time.monotonic()
    time.sleep(load.seconds)
    window = Window(
        time.monotonic() - began,
        sum(_cpu_seconds(pid) for pid in pids) - cpu_before,
        sum(_cpu_seconds(pid) for pid in generator_pids) - generators_before,
        _machine_busy() - machine_before,
    )
    total = Stats()
    seen: list[tuple[str, int, float]] = []
    for _ in workers:
        report = results.get(timeout=SETUP_LIMIT)
        if "error" in report:
            # The others may be blocked handing over their reports, which nobody reads now:
            # without this, the benchmark waited for them at exit, forever.
            for worker in workers:
                worker.terminate()
            raise SystemExit(f"a load generator failed: {report['error']}")
        total.round_trips += report["round_trips"]
        total.refused += report["refused"]
        total.games += report["games"]
        total.client_lag += report["client_lag"]
        total.acted.update((tuple(key), sent) for key, sent in report["acted"])
        seen += report["seen"]
    for worker in workers:
        worker.join(30)
    for table_url, version, arrived in seen:
        sent = total.acted.get((table_url, version))
        if sent is not None:
            total.fan_out.append(arrived - sent)
    return total, window


def start_server(env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str, socket.socket]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(1024)
    sock.set_inheritable(True)
    fd = sock.fileno()
    proc = subprocess.Popen(
        [sys.executable, "-m", "crafthall.cli.main", "serve", "--fd", str(fd)],
        cwd=ROOT,
        env={**os.environ, **env},
        pass_fds=[fd],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    for _ in range(300):
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return proc, base, sock
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def _machine_busy() -> float:
    """CPU seconds every core of the machine has spent busy since it started (Linux
    /proc/stat: all but idle and waiting on the disk; 0 elsewhere)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--game", default="swordcrafters")
    parser.add_argument(
        "--warmup", type=float, default=3.0, help="seconds of set-up not measured (default 3)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a client waits before acting (0: as fast as it can, a closed loop)",
    )
    parser.add_argument(
        "--spectators",
        type=int,
        default=0,
        help="spectators watching the first table; prints how long a move takes to reach them",
    )
    parser.add_argument(
        "--clients",
        type=int,
        default=2,
        help="load generator processes sharing the tables (default 2: one Python process "
        "cannot greet hundreds of tables without adding its own delays to the round trips)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes sharing the tables (PostgreSQL and Redis)",
    )
    parser.add_argument(
        "--route",
        choices=("table", "seats"),
        default="table",
        help="with several processes: each table's clients through one process, chosen by "
        "its address as a proxy routing by table does (default), or each seat through "
        "another process, every move crossing the Redis fan-out",
    )
    args = parser.parse_args()
    tables = max(1, min(args.tables, 1000))
    seconds = max(2.0, min(args.seconds, 300.0))

    # Every client of the benchmark comes from one address, and it makes its tables at once:
    # the per-address limits a public server keeps would refuse it.
    env = {
        "CRAFTHALL_BOT_DELAY": "0",
        "CRAFTHALL_FLOOD_RATE": "1000",
        "CRAFTHALL_MAX_CONNECTIONS": "10000",
        "CRAFTHALL_MAX_CONNECTIONS_PER_ADDRESS": "10000",
        "CRAFTHALL_CREATE_RATE": "100000",
        "CRAFTHALL_CREATE_BURST": "100000",
        "CRAFTHALL_MAX_SPECTATORS": "100000",
    }
    schema = None
    processes = max(1, min(args.processes, 4))
    if processes > 1:
        if args.database != "postgres":
            raise SystemExit("several processes share tables through PostgreSQL and Redis")
        env["CRAFTHALL_REDIS_URL"] = REDIS_URL
        env["CRAFTHALL_REDIS_PREFIX"] = f"bench-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory() as folder:
        if args.database == "postgres":
            schema = f"bench_{uuid.uuid4().hex[:12]}"
            env.update(CRAFTHALL_DATABASE_URL=PG_URL, CRAFTHALL_DATABASE_SCHEMA=schema)
        else:
            env["CRAFTHALL_DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        servers = [start_server(env) for _ in range(processes)]
        bases = [base for _, base, _ in servers]
        try:
            began = time.monotonic()
            cpu_before = sum(_cpu_seconds(proc.pid) for proc, _, _ in servers)
            spectators = max(0, min(args.spectators, 5000))
            load = Load(
                bases,
                args.route,
                tables,
                seconds,
                args.game,
                args.think,
                max(0.0, args.warmup),
                spectators,
                max(1, min(args.clients, 8)),
                asyncio.run(_watched_table(bases, args.game)) if spectators else None,
            )
            stats, window = drive(load, [proc.pid for proc, _, _ in servers])
            took = time.monotonic() - began
            server_cpu = sum(_cpu_seconds(proc.pid) for proc, _, _ in servers) - cpu_before
            pauses = [_gc_report(base) for base in bases]
            groups = [_commit_report(base) for base in bases]
            wal = _wal_bytes(Path(folder)) if args.database == "sqlite" else None
        finally:
            for proc, _, sock in servers:
                proc.terminate()
                proc.wait(20)
                sock.close()
            if schema is not None:
                import sqlalchemy

                engine = sqlalchemy.create_engine(PG_URL)
                with engine.begin() as conn:
                    conn.execute(sqlalchemy.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
                engine.dispose()
    trips = sorted(stats.round_trips)
    if not trips:
        print("no action was accepted")
        return 1
    p99 = _p99(trips)
    where = args.database + (
        f" + Redis, {processes} processes, routed by {args.route}" if processes > 1 else ""
    )
    print(
        f"server bench: {args.game}, {tables} concurrent tables (2 clients each), "
        f"{where}, think {args.think:g} s, {took:.1f} s; "
        f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    measured = window.seconds
    print(
        f"  accepted actions in {measured:.1f} s (after the set-up and a {args.warmup:g} s "
        f"warm-up): {len(trips)} "
        f"({len(trips) / measured:.0f}/s), refused: {stats.refused}"
    )
    print(f"  games finished: {stats.games}")
    if server_cpu > 0:
        print(
            f"  server process CPU: {server_cpu:.1f} s ({server_cpu / took:.2f} cores) "
            f"in all, with the warm-up and the {tables} tables' set-up"
        )
    if window.servers > 0:
        print(
            f"  server CPU per accepted action (after the warm-up): "
            f"{1000 * window.servers / len(trips):.3f} ms "
            f"({window.servers / measured:.2f} cores)"
        )
    if window.machine > 0:
        # On one machine the load generators and the databases take their share of the
        # cores: when the machine is nearly full, every process waits its turn, the server
        # too, and the tail is the machine's.
        print(
            f"  the machine's cores busy: {window.machine / measured:.2f} of {os.cpu_count()} "
            f"(the server processes {window.servers / measured:.2f}, the load generators "
            f"{window.generators / measured:.2f}, the rest PostgreSQL, Redis and others)"
        )
    for number, report in enumerate(pauses):
        if report:
            print(
                f"  server {number + 1} garbage collections (young, middle, full): "
                f"{report['collections']}, longest pauses {report['longest_ms']} ms, "
                f"{report['total_ms']} ms in all"
            )
    for number, commits in enumerate(groups):
        if commits and commits["groups"]:
            print(
                f"  server {number + 1} commits: {commits['changes']} changes in "
                f"{commits['groups']} transactions "
                f"({commits['changes'] / commits['groups']:.1f} a transaction), set-up included"
            )
    if wal is not None:
        print(f"  SQLite write-ahead log at the end: {wal / 1024:.0f} KB")
    print(
        f"  round trip of an action: median {statistics.median(trips) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms"
    )
    if stats.fan_out:
        spread = sorted(stats.fan_out)
        print(
            f"  a move reaching {args.spectators} spectators of one table: "
            f"median {statistics.median(spread) * 1000:.1f} ms, p99 {_p99(spread) * 1000:.1f} ms"
        )
    if stats.client_lag:
        print(
            f"  the {args.clients} load generators' own event loops woke late by (p99): "
            f"{_p99(sorted(stats.client_lag)) * 1000:.1f} ms"
        )
    return 0


async def _watched_table(bases: list[str], game: str) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=SETUP_LIMIT) as http:
        return await make_table(http, bases, game)


def _gc_report(base: str) -> dict[str, Any] | None:
    """The server's garbage-collection pauses (``/healthz/gc``), if it reports them."""
    try:
        found = httpx.get(f"{base}/healthz/gc", timeout=10)
    except httpx.HTTPError:
        return None
    report: dict[str, Any] = found.json()
    return report if found.status_code == 200 else None


def _commit_report(base: str) -> dict[str, int] | None:
    """How many transactions the server's changes took (``/healthz``), if it reports it."""
    try:
        found = httpx.get(f"{base}/healthz", timeout=10)
    except httpx.HTTPError:
        return None
    commits: dict[str, int] | None = found.json().get("commits")
    return commits


def _wal_bytes(folder: Path) -> int:
    log = folder / "bench.sqlite3-wal"
    return log.stat().st_size if log.exists() else 0


def _p99(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


if __name__ == "__main__":
    raise SystemExit(main())
