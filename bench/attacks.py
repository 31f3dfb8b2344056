"""What one abusive client does to a crafthall server, one function per attack of issue 34's
probe, for ``bench/bench_abuse.py`` to run beside a normal player (and for anyone to run by
hand against a server of their own). Each function attacks the server at ``base`` (an
``http://host:port`` address) from one client address, takes a bounded amount of time, and
returns what the attacker got: counts of answers by status or code, so that the benchmark can
print how far each attack got past the server's limits.

    .venv/bin/python bench/attacks.py http://127.0.0.1:8000 idle_connections
    .venv/bin/python bench/attacks.py http://127.0.0.1:8000 all

Run only against a server you run yourself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
import websockets

Tally = dict[str, int]
"""How many answers of each kind the attacker got (``201``, ``429 too-many-uploads``...)."""

TIMEOUT = 30.0
"""Seconds one request of an attack may take."""


def _kind(answer: httpx.Response) -> str:
    """An answer's status, and its refusal's code if it has one."""
    try:
        code = answer.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return str(answer.status_code)
    return f"{answer.status_code} {code}"


def _where(base: str) -> tuple[str, int]:
    parts = urlsplit(base)
    return parts.hostname or "127.0.0.1", parts.port or 80


def _record(game: str = "swordcrafters", seed: int = 1) -> str:
    """A record to upload: a fresh game of ``game`` with no moves (the server replays it)."""
    from crafthall.games import new_match

    match = new_match(game, ["Ann", "Ben"], seed=seed)
    return "\n".join(match.record_lines()) + "\n"


def uploads_and_reviews(base: str, count: int = 100, record: str | None = None) -> Tally:
    """Upload ``count`` copies of one record (one long game costs a review most), then ask for
    every upload's review: today's worst (100 reviews of a 139-move Sword Crafters record,
    80 CPU s each). With quotas, most uploads and reviews are answered 429."""
    text = record or _record()
    got: Counter[str] = Counter()
    uploaded = []
    with httpx.Client(timeout=TIMEOUT) as client:
        for _ in range(count):
            answer = client.post(
                f"{base}/api/replays",
                content=text,
                headers={"content-type": "application/x-ndjson"},
            )
            got[f"upload {_kind(answer)}"] += 1
            if answer.status_code == 201:
                uploaded.append(answer.json()["id"])
        for upload in uploaded:
            got[f"review {_kind(client.get(f'{base}/api/replays/{upload}/review'))}"] += 1
    return dict(got)


def bot_tables(
    base: str, count: int = 20, game: str = "swordcrafters", level: str = "expert"
) -> Tally:
    """Create ``count`` tables of four (or the game's most) ``level`` bots: the server thinks
    for all of them and nobody watches. Past ``bot_tables_per_address``, 429."""
    got: Counter[str] = Counter()
    with httpx.Client(timeout=TIMEOUT) as client:
        seats = client.get(f"{base}/api/games").json()["games"]
        most = next((g["max_seats"] for g in seats if g["name"] == game), 2)
        spec = {"game": game, "seats": [{"kind": "bot", "level": level}] * min(4, most)}
        for _ in range(count):
            got[_kind(client.post(f"{base}/api/tables", json=spec))] += 1
    return dict(got)


def hint_loop(
    base: str, seats: int = 20, seconds: float = 10.0, game: str = "swordcrafters"
) -> Tally:
    """``seats`` tables of one person against a bot, each asking for hints in a loop for
    ``seconds``: past ``hints_per_turn`` a seat is answered 429 until its next turn."""
    got: Counter[str] = Counter()
    with httpx.Client(timeout=TIMEOUT) as client:
        tables = []
        for _ in range(seats):
            spec = {"game": game, "seats": [{"kind": "human", "name": "H"}, {"kind": "bot"}]}
            made = client.post(f"{base}/api/tables", json=spec)
            got[f"create {_kind(made)}"] += 1
            if made.status_code == 201:
                tables.append((made.json()["table"]["id"], made.json()["tokens"]["0"]))
        end = time.monotonic() + seconds
        while tables and time.monotonic() < end:
            for table, token in tables:
                answer = client.post(f"{base}/api/tables/{table}/hints", json={"token": token})
                got[f"hint {_kind(answer)}"] += 1
    return dict(got)


def idle_connections(base: str, count: int = 2100, hold: float = 30.0) -> Tally:
    """Open ``count`` TCP connections and send nothing on them, for ``hold`` seconds: today
    every other client's HTTP is answered 503 meanwhile. With the per-address cap, the
    connections past it are answered 429 and closed at once ("refused"); "held" counts those
    still open at the end of ``hold``."""
    host, port = _where(base)
    conns: list[socket.socket] = []
    got: Counter[str] = Counter()
    try:
        for _ in range(count):
            try:
                conns.append(socket.create_connection((host, port), timeout=5))
            except OSError:
                got["not opened"] += 1
        time.sleep(min(hold, 1.0))
        end = time.monotonic() + hold - min(hold, 1.0)
        while time.monotonic() < end:
            time.sleep(0.5)
        for conn in conns:
            conn.setblocking(False)
            try:
                data = conn.recv(4096)
            except BlockingIOError:
                got["held"] += 1
                continue
            except OSError:
                data = b""
            got["refused 429" if data.startswith(b"HTTP/1.1 429") else "closed"] += 1
    finally:
        for conn in conns:
            conn.close()
    return dict(got)


def trickle_post(base: str, seconds: float = 75.0, every: float = 1.0) -> Tally:
    """A POST answered before its body is read (an address with no route), then its body
    one byte every ``every`` seconds for up to ``seconds``: today the connection is held past
    70 s. ``held_s`` is how long the server kept it open."""
    host, port = _where(base)
    began = time.monotonic()
    with socket.create_connection((host, port), timeout=5) as conn:
        conn.sendall(
            b"POST /nowhere HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\n"
            b"content-length: 100000\r\n\r\n"
        )
        conn.settimeout(every)
        while time.monotonic() - began < seconds:
            try:
                if conn.recv(4096) == b"":
                    break
            except TimeoutError:
                pass
            except OSError:
                break
            try:
                conn.sendall(b"x")
            except OSError:
                break
    return {"held_s": round(time.monotonic() - began)}


def spectator_crowd(base: str, table: str | None = None, count: int = 1200) -> Tally:
    """``count`` spectators connect to one table (a new one if ``table`` is none) and say
    hello at the same moment: past ``max_spectators`` (500) each is refused. Counts the
    welcomes and refusals."""
    if table is None:
        spec = {
            "game": "swordcrafters",
            "seats": [{"kind": "human", "name": "A"}, {"kind": "open"}],
        }
        table = httpx.post(f"{base}/api/tables", json=spec, timeout=TIMEOUT).json()["table"]["id"]
    url = base.replace("http://", "ws://") + f"/ws/tables/{table}"
    return asyncio.run(_crowd(url, count))


async def _crowd(url: str, count: int) -> Tally:
    got: Counter[str] = Counter()
    conns = []
    try:
        for _ in range(count):
            try:
                conns.append(
                    await websockets.connect(url, open_timeout=TIMEOUT, ping_interval=None)
                )
            except Exception as err:  # the connection cap refuses past it
                got[f"not connected ({type(err).__name__})"] += 1
        await asyncio.gather(*(c.send('{"type": "hello"}') for c in conns), return_exceptions=True)
        for conn in conns:
            try:
                first = json.loads(await asyncio.wait_for(conn.recv(), TIMEOUT))
                got["welcome" if first["type"] == "welcome" else first.get("code", "?")] += 1
            except Exception as err:
                got[f"closed ({type(err).__name__})"] += 1
    finally:
        await asyncio.gather(*(c.close() for c in conns), return_exceptions=True)
    return dict(got)


def lesson_flood(base: str, count: int = 600, game: str = "swordcrafters") -> Tally:
    """Start ``count`` tutorials: today the 500 kept by a process then hold none of anyone
    else's. Past ``lessons_per_hour``, 429; past ``lessons_per_address``, the attacker's own
    oldest go."""
    got: Counter[str] = Counter()
    with httpx.Client(timeout=TIMEOUT) as client:
        for _ in range(count):
            got[_kind(client.post(f"{base}/api/learn/{game}"))] += 1
    return dict(got)


def lobby_fill(base: str, count: int = 60) -> Tally:
    """Create ``count`` public tables waiting for players, to fill the lobby's list: past
    ``listed_per_address`` they are made unlisted. Counts those listed and not."""
    got: Counter[str] = Counter()
    spec = {"game": "swordcrafters", "seats": [{"kind": "human", "name": "A"}, {"kind": "open"}]}
    with httpx.Client(timeout=TIMEOUT) as client:
        for _ in range(count):
            answer = client.post(f"{base}/api/tables", json=spec)
            kind = _kind(answer)
            if answer.status_code == 201:
                kind = "unlisted" if "unlisted" in answer.json() else "listed"
            got[kind] += 1
    return dict(got)


MALFORMED = {
    "5000-digit number": b'{"game": "toy-turns", "seats": [], "seed": ' + b"7" * 5000 + b"}",
    "4000-digit turn_seconds": b'{"game": "wordcraft", "seats": [{"kind": "open"}], '
    b'"options": {"turn_seconds": ' + b"9" * 4000 + b"}}",
    "invalid UTF-8": b'{"game": "\xff\xfe", "seats": []}',
    "very deep nesting": b'{"options": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
}
"""Bodies no route should see: each must get the API's 422 ``bad-json``, never a 500 or the
framework's own answer."""


def malformed_bodies(base: str) -> Tally:
    """POST each of :data:`MALFORMED` to the lobby; counts the answers by kind."""
    got: Counter[str] = Counter()
    with httpx.Client(timeout=TIMEOUT) as client:
        for body in MALFORMED.values():
            headers = {"content-type": "application/json"}
            got[_kind(client.post(f"{base}/api/tables", content=body, headers=headers))] += 1
    return dict(got)


@contextlib.contextmanager
def frozen_redis(pid: int) -> Iterator[None]:
    """Redis frozen (SIGSTOP: it stops answering and closes nothing) for the ``with`` block,
    then thawed (SIGCONT). Only for a redis-server the caller started itself."""
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


ATTACKS: dict[str, Callable[[str], Tally]] = {
    "uploads_and_reviews": uploads_and_reviews,
    "bot_tables": bot_tables,
    "hint_loop": hint_loop,
    "idle_connections": idle_connections,
    "trickle_post": trickle_post,
    "spectator_crowd": spectator_crowd,
    "lesson_flood": lesson_flood,
    "lobby_fill": lobby_fill,
    "malformed_bodies": malformed_bodies,
}
"""Each attack by name, run with its defaults (``frozen_redis`` needs Redis's process)."""


def main(argv: list[str]) -> int:
    if len(argv) != 2 or (argv[1] not in ATTACKS and argv[1] != "all"):
        print(f"usage: attacks.py BASE_URL ({' | '.join(ATTACKS)} | all)", file=sys.stderr)
        return 2
    base, chosen = argv
    for name, attack in ATTACKS.items():
        if chosen in (name, "all"):
            began = time.monotonic()
            result: Any = attack(base)
            print(f"{name:20} {time.monotonic() - began:6.1f} s  {json.dumps(result)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
