"""Turn-based tables at rest: a server's memory and start-up time with 10,000 of them open,
and how late their deadlines fire.

Makes the tables straight in the database (SQLite in a temporary folder, or PostgreSQL with
``--database postgres``): each a real table of one of the turn-based games, started, with
its seats' deadlines as the server writes them (a day away). ``--soon`` of them are due a
few seconds after the server is started, one every half second. Then starts ``crafthall
serve`` in its own process, twice: on an empty database, and on this one, and prints

- its start-up time (launch to the first answer of ``/healthz``) and memory (resident set
  of the server's own process, workers apart), on both: what 10,000 quiet tables cost;
- the tables in its memory once started (those tables stay in the database);
- each soon deadline's lateness: from its due time to the table's change (the seat handed
  to the take-over bot) seen in the database, polled every 0.1 s.

    .venv/bin/python bench/bench_turnbased.py
    .venv/bin/python bench/bench_turnbased.py --tables 10000 --soon 40 --database postgres
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from bench_server import start_server
from sqlalchemy import Engine, create_engine, insert, select, text, update

from crafthall.server import db
from crafthall.server.creation import new_table
from crafthall.server.db import make_engine, migrate
from crafthall.server.table import start_match
from crafthall.server.turnbased.schema import turn_clocks, turn_tables

GAMES = ("wordcraft", "swordcrafters", "evocabulary", "enchanted_grid")
PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
DAY = 86_400.0
PACE = {"move": DAY, "bank": 0.0, "timeout": "bot"}
SOON_AFTER = 3.0
"""Seconds after the server answered that the first soon deadline is due."""


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def fill(engine: Engine, count: int) -> list[str]:
    """``count`` started turn-based tables, written in one transaction as the server writes
    them (each a copy of a table of one of the games, under its own id), with the rows the
    server keeps of their turns: the first to move due in a day. Their ids."""
    made = {
        game: new_table(
            game,
            {},
            [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}],
            seed=None,
            fixed=None,
            config={"pace": PACE},
            private=True,
        )
        for game in GAMES
    }
    ids = [uuid.uuid4().hex[:12] for _ in range(count)]
    now = time.time()
    first = {game: start_match(one.row, one.seats).active_seats()[0] for game, one in made.items()}
    Rows = list[dict[str, Any]]
    tables: Rows = []
    seats: Rows = []
    changes: Rows = []
    turns: Rows = []
    clocks: Rows = []
    for number, table_id in enumerate(ids):
        game = GAMES[number % len(GAMES)]
        one = made[game]
        tables.append({**vars(one.row), "id": table_id})
        seats.extend(seat.to_row(table_id) for seat in one.seats)
        changes.append({"table_id": table_id, "version": 1, "data": one.change, "writer": None})
        turns.append(
            {"table_id": table_id, "version": 1, "status": "playing", "bot_to_move": False}
        )
        for seat in (0, 1):
            on = seat == first[game]
            clocks.append(
                {
                    "table_id": table_id,
                    "seat": seat,
                    "bank": 0.0,
                    "since": now if on else None,
                    "turn": 1 if on else None,
                    "due": now + DAY if on else None,
                    "claimed_until": None,
                }
            )
    with engine.begin() as conn:
        for table, values in (
            (db.game_tables, tables),
            (db.seats, seats),
            (db.changes, changes),
            (turn_tables, turns),
            (turn_clocks, clocks),
        ):
            conn.execute(insert(table), values)
    return ids


@dataclass
class Served:
    """A server started on a database, and what its start cost."""

    proc: subprocess.Popen[bytes]
    sock: socket.socket
    started: float
    """Seconds from launch to the first answer of /healthz."""
    rss: float
    """Resident megabytes of the server's own process, two seconds later."""
    tables: int
    """Tables in its memory then."""

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait()
        self.sock.close()


def serve(url: str, schema: str | None) -> Served:
    env = {
        "CRAFTHALL_DATABASE_URL": url,
        "CRAFTHALL_DATABASE_SCHEMA": schema or "",
        "CRAFTHALL_WORKERS": "1",
    }
    began = time.perf_counter()
    proc, base, sock = start_server(env)
    started = time.perf_counter() - began
    time.sleep(2.0)  # what start-up set going settles
    tables = int(httpx.get(f"{base}/healthz", timeout=10).json().get("tables", -1))
    return Served(proc, sock, started, rss_mb(proc.pid), tables)


def lateness(engine: Engine, soon: dict[str, float]) -> dict[str, float]:
    """Seconds from each table's due time to its change seen in the database."""
    late: dict[str, float] = {}
    t = db.game_tables
    give_up = max(soon.values(), default=time.time()) + 60
    while len(late) < len(soon) and time.time() < give_up:
        with engine.connect() as conn:
            changed = conn.execute(
                select(t.c.id).where(t.c.id.in_(list(soon))).where(t.c.version > 1)
            ).all()
        seen = time.time()
        for row in changed:
            late.setdefault(row.id, seen - soon[row.id])
        time.sleep(0.1)
    return late


def make_soon(engine: Engine, ids: list[str]) -> dict[str, float]:
    """Make the deadlines of ``ids`` due from a few seconds on, one every half second, as if
    set by another process (the server learns of them by looking, as it would of theirs)."""
    first = time.time() + SOON_AFTER
    soon = {table: first + 0.5 * n for n, table in enumerate(ids)}
    with engine.begin() as conn:
        for table, due in soon.items():
            conn.execute(
                update(turn_clocks)
                .where(turn_clocks.c.table_id == table)
                .where(turn_clocks.c.due.is_not(None))
                .values(due=due)
            )
    return soon


def run(tables: int, soon_count: int, places: list[tuple[str, str | None]]) -> int:
    (empty_url, empty_schema), (url, schema) = places
    empty = make_engine(empty_url, empty_schema)
    migrate(empty, empty_schema)
    empty.dispose()
    baseline = serve(empty_url, empty_schema)
    baseline.stop()

    engine = make_engine(url, schema)
    migrate(engine, schema)
    began = time.perf_counter()
    ids = fill(engine, tables)
    print(f"{tables} turn-based tables written in {time.perf_counter() - began:.1f} s")
    served = serve(url, schema)
    soon = make_soon(engine, ids[:soon_count])
    late = lateness(engine, soon)
    rss_after = rss_mb(served.proc.pid)
    served.stop()
    engine.dispose()

    for what, one in (("empty database", baseline), (f"{tables} turn-based tables", served)):
        print(f"start-up, {what}: {one.started:.2f} s, {one.rss:.0f} MB resident")
    print(f"tables in memory after start-up: {served.tables}")
    print(f"resident after the deadlines:    {rss_after:.0f} MB")
    if late:
        ordered = sorted(late.values())
        print(
            f"deadline lateness over {len(late)} of {len(soon)}: median "
            f"{statistics.median(ordered):.2f} s, worst {ordered[-1]:.2f} s "
            f"(due to seen in the database, polled every 0.1 s)"
        )
    missed = len(soon) - len(late)
    if missed:
        print(f"{missed} deadlines did not fire within a minute")
    return 0 if not missed else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--soon", type=int, default=40)
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    args = parser.parse_args()
    print(f"database: {args.database}")
    if args.database == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            places: list[tuple[str, str | None]] = [
                (f"sqlite:///{Path(folder) / name}.sqlite3", None) for name in ("empty", "turns")
            ]
            return run(args.tables, args.soon, places)
    schemas = [f"bench_turns_{uuid.uuid4().hex[:10]}" for _ in range(2)]
    try:
        return run(args.tables, args.soon, [(PG_URL, schema) for schema in schemas])
    finally:
        admin = create_engine(PG_URL)
        with admin.begin() as conn:
            for schema in schemas:
                conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


if __name__ == "__main__":
    sys.exit(main())
