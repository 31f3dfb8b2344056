"""A normal player against a ``casual`` bot while one address attacks the server.

Starts ``crafthall serve`` in its own process (SQLite in a temporary folder, its default worker
processes) and a normal player (Ann, Sword Crafters against a ``casual`` bot, thinking
``--think`` seconds a move) from one address, a bystander polling the lobby and Ann's table
from another, and then runs each attack of :data:`ATTACKS` from a third address, one at a time
and then all at once, ``--seconds`` each. For every phase it prints Ann's bot reply (each of
the bot's actions, from the update before it; with the server's 1 s ``bot_delay``) p50/p99,
her ping p99 (a WebSocket ``ping`` a second), the non-2xx answers the bystander and Ann
got, and the server process's own CPU (its share of one core; the workers' not counted: what
the web process itself spent on the phase, whatever else the machine was doing); the targets
are bot reply p99 <= 2 s, ping p99 <= 50 ms, no 503 to other addresses. Addresses are told
apart by ``X-Forwarded-For`` (the server trusts loopback as its proxy, as behind a reverse
proxy).

``--capacity`` then finds how many tables of a person (thinking ``--think`` s) against a
``casual`` bot the server serves with bot replies p99 <= 2 s, doubling the tables until it
does not; ``--scale`` runs a bot-heavy load (tables of a person playing at once against three
``strong`` bots) through the job system on Redis with workers on one, then two, worker
processes (``crafthall worker``), and prints the bot moves per second of each and their ratio.

    .venv/bin/python bench/bench_abuse.py --seconds 30
    .venv/bin/python bench/bench_abuse.py --only hints --seconds 20
    .venv/bin/python bench/bench_abuse.py --no-quotas --seconds 30   # the workers' order alone
    .venv/bin/python bench/bench_abuse.py --no-attacks --capacity
    .venv/bin/python bench/bench_abuse.py --no-attacks --scale

A worker's memory over many games: ``bench/bench_worker_memory.py``.

Each attack is an ``async`` function of :class:`Attack` in :data:`ATTACKS`, run until its
``stop`` is set; adding one is adding a function to that list.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from bench_server import start_server
from websockets.asyncio.client import connect

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine.record import Seat, dump_lines
from crafthall.games import new_match

ROOT = Path(__file__).resolve().parents[1]
REDIS_URL = os.environ.get("CRAFTHALL_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
GAME = "swordcrafters"
WORKER = [sys.executable, "-m", "crafthall.cli.main", "worker", "--processes"]
PLAYER = "10.0.0.1"
BYSTANDER = "10.0.0.2"
ATTACKER = "10.0.0.66"
NO_QUOTAS = {
    f"CRAFTHALL_{name}": "1000000"
    for name in (
        "REVIEWS_PER_HOUR",
        "HINTS_PER_TURN",
        "UPLOADS_PER_HOUR",
        "UPLOAD_BYTES_PER_HOUR",
        "BOT_TABLES_PER_ADDRESS",
        "CREATE_RATE",
        "CREATE_BURST",
    )
}
"""The settings that lift every quota an attack meets (``--no-quotas``)."""
WARM_UP = 15.0
"""Seconds of play before the first phase: the worker processes start, the bots load."""


def as_from(address: str) -> dict[str, str]:
    return {"x-forwarded-for": address}


def ws_url(base: str, table_id: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/tables/{table_id}"


def p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Seen:
    """What the normal player and the bystander saw in one phase."""

    replies: list[float] = field(default_factory=list)
    pings: list[float] = field(default_factory=list)
    refused: dict[int, int] = field(default_factory=dict)

    def refuse(self, status: int) -> None:
        self.refused[status] = self.refused.get(status, 0) + 1

    def line(self, name: str) -> str:
        refused = ", ".join(f"{n} x {code}" for code, n in sorted(self.refused.items())) or "none"
        return (
            f"{name:22} bot reply p50 {p(self.replies, 0.5):5.2f} s p99 "
            f"{p(self.replies, 0.99):5.2f} s ({len(self.replies)} moves); ping p99 "
            f"{p(self.pings, 0.99) * 1000:6.1f} ms; non-2xx to others: {refused}"
        )


async def create(
    http: httpx.AsyncClient, base: str, address: str, seats: list[dict[str, Any]], **spec: Any
) -> dict[str, Any] | None:
    answer = await http.post(
        f"{base}/api/tables",
        json={"game": GAME, "seats": seats, **spec},
        headers=as_from(address),
    )
    if answer.status_code != 201:
        return None
    found: dict[str, Any] = answer.json()
    return found


def person(name: str) -> dict[str, Any]:
    return {"kind": "human", "name": name}


def bot(level: str) -> dict[str, Any]:
    return {"kind": "bot", "level": level}


async def play(
    base: str,
    address: str,
    think: float,
    stop: asyncio.Event,
    seen: Seen | None,
    seed: int,
    pinging: bool = False,
    opponents: tuple[str, ...] = ("casual",),
) -> None:
    """A person against a ``casual`` bot, game after game, until ``stop``: the time each bot
    action took (from the update before it: the person's move, or the bot's previous action in
    a turn of several) goes to ``seen.replies``."""
    picker = random.Random(seed)
    async with httpx.AsyncClient(timeout=30) as http:
        while not stop.is_set():
            made = await create(http, base, address, [person("Ann"), *map(bot, opponents)])
            if made is None:
                if seen is not None:
                    seen.refuse(503)
                await asyncio.sleep(1)
                continue
            await _one_game(base, address, made, think, stop, seen, picker, pinging)


async def _one_game(
    base: str,
    address: str,
    made: dict[str, Any],
    think: float,
    stop: asyncio.Event,
    seen: Seen | None,
    picker: random.Random,
    pinging: bool,
) -> None:
    url = ws_url(base, made["table"]["id"])
    async with connect(url, additional_headers=as_from(address), max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": made["tokens"]["0"], "legal": True}))
        pings: dict[int, float] = {}
        updates: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        # Messages are read as they come (a pong is timed on arrival, not after a think).
        reader = asyncio.create_task(_read(ws, pings, updates, seen))
        pinger = asyncio.create_task(_ping(ws, pings, stop)) if pinging else None
        waiting_since: float | None = None
        """When the bot's turn began (the update that made it the bot's turn arrived)."""
        number = 0
        try:
            while not stop.is_set():
                try:
                    message = await asyncio.wait_for(updates.get(), 1.0)
                except TimeoutError:
                    if reader.done():
                        return
                    continue
                arrived = time.perf_counter()
                # Each bot action is timed from the update before it (Ann's move, or the
                # bot's previous action in a turn of several).
                if waiting_since is not None and seen is not None:
                    seen.replies.append(arrived - waiting_since)
                bots_turn = bool(message["active"]) and 0 not in message["active"]
                waiting_since = arrived if bots_turn else None
                if message["table"]["status"] == "finished":
                    return
                if 0 not in message["active"] or not message.get("legal"):
                    continue
                await asyncio.sleep(think)
                number += 1
                action = picker.choice(message["legal"])
                await ws.send(json.dumps({"type": "act", "action": action, "id": number}))
        finally:
            reader.cancel()
            if pinger is not None:
                pinger.cancel()


async def _read(
    ws: Any, pings: dict[int, float], updates: asyncio.Queue[dict[str, Any]], seen: Seen | None
) -> None:
    async for raw in ws:
        message = json.loads(raw)
        if message["type"] == "pong" and message.get("id") in pings:
            if seen is not None:
                seen.pings.append(time.perf_counter() - pings.pop(message["id"]))
        elif message["type"] == "update":
            updates.put_nowait(message)


async def _ping(ws: Any, pings: dict[int, float], stop: asyncio.Event) -> None:
    number = 10**6
    while not stop.is_set():
        number += 1
        pings[number] = time.perf_counter()
        await ws.send(json.dumps({"type": "ping", "id": number}))
        await asyncio.sleep(1.0)


async def bystander(base: str, table_hint: list[str], stop: asyncio.Event, seen: Seen) -> None:
    """Another address, reading the lobby and a table twice a second."""
    async with httpx.AsyncClient(timeout=30, headers=as_from(BYSTANDER)) as http:
        while not stop.is_set():
            paths = ["/api/tables", "/healthz", *[f"/api/tables/{t}" for t in table_hint[-1:]]]
            for path in paths:
                try:
                    answer = await http.get(f"{base}{path}")
                except httpx.HTTPError:
                    seen.refuse(0)
                    continue
                if answer.status_code >= 300 and path != "/healthz":
                    seen.refuse(answer.status_code)
            await asyncio.sleep(0.5)


# --- the attacks: each from ATTACKER until ``stop`` ------------------------------------------


@dataclass
class Attack:
    name: str
    run: Callable[[str, asyncio.Event, dict[str, int]], Coroutine[Any, Any, None]]
    """``run(base, stop, answers)``: ``answers`` counts the attacker's own answers by status."""


_RECORD: list[str] = []


def long_record() -> str:
    """A long Sword Crafters record (four greedy bots), as a player would upload it."""
    if not _RECORD:
        match = new_match(GAME, [Seat(f"P{n}") for n in range(1, 5)], seed=7)
        play_to_end(match, seat_bots(match, ["greedy"], 7), 7)
        _RECORD.append("\n".join(dump_lines(match.header, match.moves)) + "\n")
    return _RECORD[0]


def _count(answers: dict[str, int], status: int) -> None:
    key = str(status)
    answers[key] = answers.get(key, 0) + 1


async def review_uploads(base: str, stop: asyncio.Event, answers: dict[str, int]) -> None:
    """100 uploads of one long record, then the 100 reviews, each polled like a page."""
    record = long_record()
    headers = {**as_from(ATTACKER), "content-type": "application/x-ndjson"}
    async with httpx.AsyncClient(timeout=30, headers=headers) as http:
        ids = []
        for _ in range(100):
            if stop.is_set():
                return
            answer = await http.post(f"{base}/api/replays", content=record)
            _count(answers, answer.status_code)
            if answer.status_code == 201:
                ids.append(answer.json()["id"])
        while not stop.is_set():
            for upload_id in ids:
                answer = await http.get(f"{base}/api/replays/{upload_id}/review")
                _count(answers, answer.status_code)
            await asyncio.sleep(2.0)


async def expert_tables(base: str, stop: asyncio.Event, answers: dict[str, int]) -> None:
    """20 tables of four ``expert`` bots, made again as they finish."""
    async with httpx.AsyncClient(timeout=30) as http:
        while not stop.is_set():
            for _ in range(20):
                made = await http.post(
                    f"{base}/api/tables",
                    json={"game": GAME, "seats": [bot("expert")] * 4},
                    headers=as_from(ATTACKER),
                )
                _count(answers, made.status_code)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 20)


async def hint_seats(base: str, stop: asyncio.Event, answers: dict[str, int]) -> None:
    """20 seats (each at a table against a bot) asking for hints in a loop."""
    async with httpx.AsyncClient(timeout=30) as http:
        tables = []
        for _ in range(20):
            made = await create(http, base, ATTACKER, [person("M"), bot("random")])
            if made is not None:
                tables.append(made)

        async def ask(made: dict[str, Any]) -> None:
            url = f"{base}/api/tables/{made['table']['id']}/hints"
            while not stop.is_set():
                answer = await http.post(
                    url, json={"token": made["tokens"]["0"]}, headers=as_from(ATTACKER)
                )
                _count(answers, answer.status_code)
                if answer.status_code == 429:
                    await asyncio.sleep(float(answer.headers.get("retry-after", "1")))

        await asyncio.gather(*(ask(made) for made in tables))


ATTACKS: list[Attack] = [
    Attack("100 review uploads", review_uploads),
    Attack("20 all-expert tables", expert_tables),
    Attack("20 seats asking hints", hint_seats),
]
"""The attacks, run one at a time and then all at once (section 3's join this list)."""


def cpu_seconds(pid: int | None) -> float:
    """The CPU seconds process ``pid`` has used (its own, not its worker processes'; Linux)."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


SERVER: list[int] = []
"""The server process's id (its CPU is printed for each phase)."""


async def phase(base: str, name: str, attacks: list[Attack], seconds: float, think: float) -> Seen:
    seen = Seen()
    pid = SERVER[0] if SERVER else None
    began = cpu_seconds(pid)
    stop = asyncio.Event()
    answers: dict[str, int] = {}
    attacking = [asyncio.create_task(a.run(base, stop, answers)) for a in attacks]
    tables: list[str] = []
    tasks = [
        asyncio.create_task(play(base, PLAYER, think, stop, seen, 1, pinging=True)),
        asyncio.create_task(bystander(base, tables, stop, seen)),
    ]
    await asyncio.sleep(seconds)
    stop.set()
    for task in [*tasks, *attacking]:
        task.cancel()
    await asyncio.gather(*tasks, *attacking, return_exceptions=True)
    told = ", ".join(f"{n} x {code}" for code, n in sorted(answers.items()))
    used = cpu_seconds(pid) - began
    print(
        seen.line(name)
        + f"; server process CPU {used / seconds:.0%}"
        + (f"; attacker got {told}" if told else ""),
        flush=True,
    )
    return seen


async def capacity(base: str, seconds: float, think: float) -> None:
    """Double the tables of a person against a ``casual`` bot while bot replies p99 <= 2 s."""
    tables, served = 4, 0
    while tables <= 512:
        seen = Seen()
        stop = asyncio.Event()
        players = [
            asyncio.create_task(play(base, f"10.1.{n // 250}.{n % 250}", think, stop, seen, n))
            for n in range(tables)
        ]
        await asyncio.sleep(seconds)
        stop.set()
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        print(seen.line(f"capacity {tables} tables"), flush=True)
        if not seen.replies or p(seen.replies, 0.99) > 2.0:
            break
        served = tables
        tables *= 2
    print(f"capacity: {served} tables against a casual bot, {think:g} s think, p99 <= 2 s")


async def bot_moves_per_second(base: str, seconds: float, tables: int, level: str) -> float:
    """Tables of a person playing at once (no think) against three bots of ``level``, made
    again as they finish: the bots' moves a second. (A person sits at each so that the bots'
    moves go first in the workers' order: bot-only tables never take the last free worker.)"""
    seen = Seen()
    stop = asyncio.Event()
    opponents = (level, level, level)
    runners = [
        asyncio.create_task(play(base, f"10.2.0.{n}", 0.0, stop, seen, n, opponents=opponents))
        for n in range(tables)
    ]
    await asyncio.sleep(5)  # warm up: the workers start, the tables fill
    before = len(seen.replies)
    await asyncio.sleep(seconds)
    rate = (len(seen.replies) - before) / seconds
    stop.set()
    for task in runners:
        task.cancel()
    await asyncio.gather(*runners, return_exceptions=True)
    return rate


def scale(seconds: float, tables: int, level: str) -> None:
    """Bot moves a second through the job system with workers on one, then two processes."""
    rates = []
    for processes in (1, 2):
        prefix = f"bench-{uuid.uuid4().hex[:8]}"
        env = {
            "CRAFTHALL_REDIS_URL": REDIS_URL,
            "CRAFTHALL_REDIS_PREFIX": prefix,
            "CRAFTHALL_JOB_SYSTEM": "1",
            "CRAFTHALL_WORKERS": "0",
            "CRAFTHALL_BOT_DELAY": "0",
            "CRAFTHALL_BOT_TABLES_PER_ADDRESS": "1000",
            "CRAFTHALL_CREATE_BURST": "1000",
            "CRAFTHALL_CREATE_RATE": "1000",
        }
        with tempfile.TemporaryDirectory() as folder:
            env["CRAFTHALL_DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
            server, base, sock = start_server(env)
            worker = subprocess.Popen(
                [*WORKER, str(processes)],
                cwd=ROOT,
                env={**os.environ, **env},
            )
            try:
                rate = asyncio.run(bot_moves_per_second(base, seconds, tables, level))
            finally:
                worker.terminate()
                worker.wait(30)
                server.terminate()
                server.wait(30)
                sock.close()
        rates.append(rate)
        print(f"scale: {processes} worker process(es): {rate:.1f} bot moves a second", flush=True)
    print(f"scale: 2 vs 1 worker processes: x {rates[1] / max(rates[0], 1e-9):.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of each phase")
    parser.add_argument("--think", type=float, default=1.0, help="the person's think time")
    parser.add_argument("--only", help="only the attack whose name contains this")
    parser.add_argument(
        "--no-quotas",
        action="store_true",
        help="lift the quotas per address and seat: the compute tier's order alone protects",
    )
    parser.add_argument("--no-attacks", action="store_true", help="skip the attack phases")
    parser.add_argument("--capacity", action="store_true", help="find the tables one serves")
    parser.add_argument("--scale", action="store_true", help="1 vs 2 worker processes")
    parser.add_argument("--scale-tables", type=int, default=16, help="tables of the scale run")
    parser.add_argument(
        "--scale-level",
        default="strong",
        help="their bots' level (a search that outweighs the server's own work a move)",
    )
    args = parser.parse_args()
    if not args.no_attacks or args.capacity:
        with tempfile.TemporaryDirectory() as folder:
            env = {"CRAFTHALL_DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3"}
            if args.no_quotas:
                env.update(NO_QUOTAS)
            server, base, sock = start_server(env)
            SERVER[:] = [server.pid]
            try:
                asyncio.run(attacks_and_capacity(base, args))
            finally:
                server.terminate()
                server.wait(30)
                sock.close()
    if args.scale:
        scale(args.seconds, args.scale_tables, args.scale_level)
    return 0


async def attacks_and_capacity(base: str, args: argparse.Namespace) -> None:
    if not args.no_attacks:
        await asyncio.to_thread(long_record)
        chosen = [a for a in ATTACKS if args.only is None or args.only in a.name]
        await phase(base, "warm-up (not counted)", [], WARM_UP, args.think)
        await phase(base, "no attack", [], args.seconds, args.think)
        for attack in chosen:
            await phase(base, attack.name, [attack], args.seconds, args.think)
        if len(chosen) > 1:
            await phase(base, "all at once", chosen, args.seconds, args.think)
    if args.capacity:
        await capacity(base, args.seconds, args.think)


if __name__ == "__main__":
    raise SystemExit(main())
