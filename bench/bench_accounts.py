"""Benchmark of accounts and ratings, on the database alone (no server): the cost of a
password's Argon2 hash (signing up) and of checking it (signing in), of rating a finished
game, and of reading a player page and a leaderboard once an account has played many games.

    .venv/bin/python bench/bench_accounts.py --accounts 20 --games 300
    .venv/bin/python bench/bench_accounts.py --database postgres
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy
from sqlalchemy import Engine, update

from crafthall.server.accounts import book, link_seats
from crafthall.server.accounts.profile import leaderboard, profile
from crafthall.server.accounts.ratings import rate_table
from crafthall.server.creation import new_table
from crafthall.server.db import game_tables, make_engine, migrate
from crafthall.server.store import Store

PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
PASSWORD = "a pass phrase for the bench"


@contextmanager
def database(kind: str) -> Iterator[Store]:
    if kind == "postgres":
        schema = f"bench_{uuid.uuid4().hex[:10]}"
        engine = make_engine(PG_URL, schema)
        migrate(engine, schema)
        try:
            yield Store(engine)
        finally:
            engine.dispose()
            plain = sqlalchemy.create_engine(PG_URL)
            with plain.begin() as conn:
                conn.execute(sqlalchemy.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
            plain.dispose()
        return
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        migrate(engine)
        store = Store(engine)
        try:
            yield store
        finally:
            store.close()


def timed(work: Callable[[], Any], times: int) -> list[float]:
    """Milliseconds of each of ``times`` calls of ``work``."""
    spent = []
    for _ in range(times):
        began = time.perf_counter()
        work()
        spent.append((time.perf_counter() - began) * 1000)
    return spent


def finished_game(store: Store, seat_of: dict[int, int], picker: random.Random) -> str:
    """A two-seat Wordcraft table of the accounts ``seat_of`` (account by seat), finished."""
    who = [{"kind": "human", "name": f"P{seat}"} for seat in range(2)]
    made = new_table("wordcraft", {}, who, seed=None, fixed=None, config={}, private=True)
    store.create(made.row, made.seats, made.change)
    ranks = [1, 2] if picker.random() < 0.5 else [2, 1]
    result = {"scores": [3 - r for r in ranks], "ranks": ranks, "winners": [ranks.index(1)]}
    with store.engine.begin() as conn:
        conn.execute(
            update(game_tables)
            .where(game_tables.c.id == made.row.id)
            .values(status="finished", result=result)
        )
    for seat, account in seat_of.items():
        link_seats(store.engine, account, [(made.row.id, seat)])
    return made.row.id


def line(what: str, spent: list[float]) -> None:
    ordered = sorted(spent)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    print(
        f"{what:<34} median {statistics.median(spent):7.2f} ms   p99 {p99:7.2f} ms"
        f"   ({len(spent)} runs)"
    )


def run(engine_kind: str, accounts: int, games: int) -> None:
    picker = random.Random(1)
    with database(engine_kind) as store:
        engine: Engine = store.engine
        names = [f"Player {n}" for n in range(accounts)]
        made = iter(names)
        line(
            "sign up (Argon2 hash)",
            timed(lambda: book.sign_up(engine, next(made), PASSWORD), accounts),
        )
        line(
            "sign in (Argon2 check)",
            timed(lambda: book.sign_in(engine, names[0], PASSWORD), accounts),
        )
        found = [book.account_by_name(engine, name) for name in names]
        ids = [account.id for account in found if account is not None]
        tables = [
            finished_game(store, dict(enumerate(picker.sample(ids, 2))), picker)
            for _ in range(games)
        ]
        pending = iter(tables)
        line("rate a finished game", timed(lambda: rate_table(engine, next(pending)), games))
        key = book.name_key(names[0])
        line(
            f"player page ({games * 2 // accounts} games each)",
            timed(lambda: profile(engine, key), 20),
        )
        line("leaderboard", timed(lambda: leaderboard(engine, "wordcraft", 5), 20))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--accounts", type=int, default=20)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    print(f"{args.database}: {args.accounts} accounts, {args.games} two-seat games")
    run(args.database, args.accounts, args.games)


if __name__ == "__main__":
    main()
