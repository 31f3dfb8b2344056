"""The server's own cost of an action, without the network: CPU per accepted action in the hub.

Runs the server's hub in this process (SQLite in a temporary folder, or PostgreSQL in a schema
of its own) with ``--tables`` tables of two seats, each seat a client as the hub sees it (its
outbox, no socket), and plays random legal actions through :meth:`Hub.act` as fast as the hub
takes them, several tables at once. It prints the CPU per action of the whole path (rules,
commit, the clients' updates, hand-overs between the event loop and the store threads) as the
server runs it (quick tables' moves on the loop: ``Settings.inline_change_ms``; the commits
of moves waiting together in one transaction), then with every move's rules and updates
handed to a game thread, and the work alone (the same steps back to back on one
thread). What ``bench/bench_server.py`` measures beyond this is the WebSocket and HTTP layer.

    .venv/bin/python bench/bench_hub.py --game swordcrafters --actions 3000
    .venv/bin/python bench/bench_hub.py --game wordcraft --database postgres
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
import uuid
from dataclasses import replace
from pathlib import Path

from crafthall.engine.data import Action
from crafthall.server import changes
from crafthall.server.clients import Client
from crafthall.server.creation import new_table
from crafthall.server.db import make_engine, migrate
from crafthall.server.hub import Hub
from crafthall.server.settings import Settings
from crafthall.server.store import Store
from crafthall.server.table import LiveTable
from crafthall.server.updates import build_updates

PG_URL = os.environ.get(
    "CRAFTHALL_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


async def make_tables(hub: Hub, game: str, count: int) -> list[tuple[LiveTable, list[Client]]]:
    made = []
    for _ in range(count):
        spec = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
        table = await hub.create(
            new_table(game, {}, spec, seed=None, fixed=None, config={}, private=True)
        )
        clients = [Client(seat, 0, True, 10_000) for seat in (0, 1)]
        for client in clients:
            await hub.attach(table, client)
        made.append((table, clients))
    return made


def drain(clients: list[Client]) -> None:
    for client in clients:
        while not client.outbox.empty():
            client.outbox.get_nowait()


def pick(table: LiveTable, picker: random.Random) -> tuple[int, Action]:
    """A random seat to act and a random legal action of its (the game's own quick draw)."""
    match = table.playing()
    seat = picker.choice(table.active())
    return seat, match.game.sample_action(match.state, seat, picker)


class Own:
    """CPU seconds the benchmark spends on its own (drawing actions, emptying outboxes)."""

    seconds = 0.0


async def play(hub: Hub, table: LiveTable, clients: list[Client], picker: random.Random) -> int:
    """Random legal actions until the game ends; returns how many were accepted."""
    done = 0
    while table.status == "playing":
        began = time.thread_time()
        seat, action = pick(table, picker)
        Own.seconds += time.thread_time() - began
        await hub.act(table, seat, action)
        began = time.thread_time()
        drain(clients)
        Own.seconds += time.thread_time() - began
        done += 1
    return done


async def through_hub(hub: Hub, game: str, tables: int, actions: int) -> tuple[int, float]:
    """Actions played through the hub, several tables at once, and their CPU seconds (the
    tables' creation and the benchmark's own work left out)."""
    picker = random.Random(1)
    done = 0
    spent = 0.0
    while done < actions:
        made = await make_tables(hub, game, tables)
        Own.seconds = 0.0
        began = time.process_time()
        counts = await asyncio.gather(
            *(play(hub, table, clients, picker) for table, clients in made)
        )
        spent += time.process_time() - began - Own.seconds
        done += sum(counts)
    return done, spent


async def work_alone(hub: Hub, game: str, actions: int) -> tuple[int, float]:
    """The same steps (rules, commit, updates) back to back on this thread, a commit a
    move."""
    picker = random.Random(1)
    done = 0
    spent = 0.0
    while done < actions:
        [(table, clients)] = await make_tables(hub, game, 1)
        while table.status == "playing":
            seat, action = pick(table, picker)
            began = time.process_time()
            move = changes.PlayMove(table, seat, action, None, False, None)
            commit = move.prepare()
            hub.store.commit(commit)
            move.settle(commit, None)
            build_updates(table, clients, hub.settings.legal_limit)
            spent += time.process_time() - began
            drain(clients)
            done += 1
    return done, spent


async def main_async(args: argparse.Namespace, url: str, schema: str | None) -> None:
    engine = make_engine(url, schema)
    migrate(engine, schema)
    settings = Settings(database_url=url, database_schema=schema, bot_delay=0, freeze_gc=False)
    hub = Hub(settings, Store(engine))
    await hub.start()
    try:
        await make_tables(hub, args.game, 1)  # the game's start-up data, not measured
        count, cpu = await through_hub(hub, args.game, args.tables, args.actions)
        print(
            f"hub bench: {args.game}, {args.database}, {args.tables} tables at once: "
            f"{count} actions, {1000 * cpu / count:.3f} ms CPU an action through the hub"
        )
        hub.settings = replace(settings, inline_change_ms=0)
        count, cpu = await through_hub(hub, args.game, args.tables, args.actions)
        print(f"  every move on a game thread: {1000 * cpu / count:.3f} ms CPU an action")
        count, cpu = await work_alone(hub, args.game, args.actions)
        print(f"  the work alone, one thread: {1000 * cpu / count:.3f} ms CPU an action")
    finally:
        await hub.stop()
        hub.store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="swordcrafters")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if args.database == "sqlite":
            asyncio.run(main_async(args, f"sqlite:///{Path(folder) / 'hub.sqlite3'}", None))
            return 0
        import sqlalchemy

        schema = f"bench_{uuid.uuid4().hex[:12]}"
        try:
            asyncio.run(main_async(args, PG_URL, schema))
        finally:
            engine = sqlalchemy.create_engine(PG_URL)
            with engine.begin() as conn:
                conn.execute(sqlalchemy.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
            engine.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
