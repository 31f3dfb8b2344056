"""Benchmark of table chat: how long a line takes from its writer to every reader of its room.

Starts ``crafthall serve`` in its own process (as bench_server.py does: SQLite in a temporary
folder, or PostgreSQL in a schema of its own, dropped afterwards), opens one table watched by
``--readers`` spectators following the spectators' chat, and has one more spectator say
``--lines`` lines, one after the answer to the one before (the chat's rate is lifted for the
run). It prints the lines per second and the median and 99th-percentile time from sending a
line to the last reader receiving it, and from sending it to the writer's answer (the line
kept in the database).

    .venv/bin/python bench/bench_chat.py --readers 50 --lines 200
    .venv/bin/python bench/bench_chat.py --readers 200 --lines 200 --database postgres
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import sqlalchemy
from bench_server import start_server
from websockets.sync.client import ClientConnection, connect

PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


@contextlib.contextmanager
def database(kind: str) -> Iterator[dict[str, str]]:
    """The environment of a fresh database of ``kind`` (sqlite or postgres), removed after."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield {"CRAFTHALL_DATABASE_URL": f"sqlite:///{Path(folder) / 'chat.sqlite3'}"}
        return
    schema = f"bench_chat_{uuid.uuid4().hex[:12]}"
    try:
        yield {"CRAFTHALL_DATABASE_URL": PG_URL, "CRAFTHALL_DATABASE_SCHEMA": schema}
    finally:
        engine = sqlalchemy.create_engine(PG_URL)
        with engine.begin() as conn:
            conn.execute(sqlalchemy.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        engine.dispose()


@contextlib.contextmanager
def running(env: dict[str, str]) -> Iterator[str]:
    """``crafthall serve`` with ``env``; its address (host:port)."""
    proc, base, sock = start_server(env)
    try:
        yield base.removeprefix("http://")
    finally:
        proc.terminate()
        proc.wait(30)
        sock.close()


def spectator(address: str, table: str, name: str) -> ClientConnection:
    """A spectator following the spectators' chat, past its welcome, update and history."""
    url = f"ws://{address}/ws/tables/{table}"
    conn = connect(url, max_size=None, ping_interval=None, legacy=True)
    conn.send(json.dumps({"type": "hello", "chat": True, "name": name}))
    while json.loads(conn.recv(30)).get("type") != "chat":
        pass
    return conn


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", type=int, default=50, help="spectators reading (1-400)")
    parser.add_argument("--lines", type=int, default=200, help="lines said (1-5000)")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    args = parser.parse_args()
    readers_count = max(1, min(400, args.readers))
    lines = max(1, min(5000, args.lines))
    with database(args.database) as where:
        env = {
            **where,
            "CRAFTHALL_CHAT_RATE": "1000000",
            "CRAFTHALL_CHAT_BURST": "1000000",
            "CRAFTHALL_FLOOD_RATE": "100000",
            "CRAFTHALL_MAX_CONNECTIONS_PER_ADDRESS": str(readers_count + 10),
            "CRAFTHALL_MAX_SPECTATORS": str(readers_count + 10),
        }
        with running(env) as address:
            spec = {"game": "wordsmith", "seats": [{"kind": "human", "name": "Ann"}]}
            made = httpx.post(f"http://{address}/api/tables", json=spec, timeout=30).json()
            table = made["table"]["id"]
            readers = [spectator(address, table, f"Reader {n}") for n in range(readers_count)]
            writer = spectator(address, table, "Writer")
            arrivals: list[list[float]] = [[] for _ in readers]
            # Each reader in a thread of its own: one slow reader cannot hide another.
            threads = [
                threading.Thread(target=_read, args=(reader, lines, arrivals[n]), daemon=True)
                for n, reader in enumerate(readers)
            ]
            for thread in threads:
                thread.start()
            sent: list[float] = []
            answered: list[float] = []
            began = time.perf_counter()
            for n in range(lines):
                sent.append(time.perf_counter())
                writer.send(json.dumps({"type": "chat", "text": f"line {n}", "id": n}))
                while json.loads(writer.recv(30)).get("id") != n:
                    pass
                answered.append(time.perf_counter())
            for thread in threads:
                thread.join(60)
            took = time.perf_counter() - began
            last = [max(got[n] for got in arrivals) for n in range(lines)]
            spread = [(last[n] - sent[n]) * 1000 for n in range(lines)]
            kept = [(answered[n] - sent[n]) * 1000 for n in range(lines)]
            for conn in [*readers, writer]:
                conn.close()
    print(f"database {args.database}, {readers_count} readers, {lines} lines in {took:.2f} s")
    print(f"lines per second (one writer, waiting for each answer): {lines / took:.0f}")
    print(
        f"to the writer's answer (kept): p50 {statistics.median(kept):.2f} ms, "
        f"p99 {percentile(kept, 0.99):.2f} ms"
    )
    print(
        f"to the last of {readers_count} readers: p50 {statistics.median(spread):.2f} ms, "
        f"p99 {percentile(spread, 0.99):.2f} ms"
    )


def _read(conn: ClientConnection, lines: int, arrivals: list[float]) -> None:
    """Note when each of the ``lines`` lines reached this reader."""
    while len(arrivals) < lines:
        message = json.loads(conn.recv(60))
        if message.get("type") == "chat":
            arrivals.extend(time.perf_counter() for _ in message["messages"])


if __name__ == "__main__":
    main()
