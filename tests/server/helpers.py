"""Real servers and real clients for the server tests: uvicorn on a free loopback port (in a
thread, or as a separate process), httpx for HTTP and the websockets client for live play."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, Self

import httpx
import pytest
import sqlalchemy
from websockets.sync.client import ClientConnection, connect

from crafthall import games
from crafthall.server.app import create_app
from crafthall.server.db import make_engine, migrate
from crafthall.server.run import make_server
from crafthall.server.settings import Settings
from crafthall.server.store import Commit, Conflict, OutcomeUnknown, Store
from tests.patience import A_WHILE, MOMENT, PATIENCE
from tests.support import wait_until
from tests.toygames import MODULES as TOY_MODULES

ROOT = Path(__file__).resolve().parents[2]
PG_URL = os.environ.get(
    "CRAFTHALL_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("CRAFTHALL_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
REAL_GAMES = [name for name in games.names() if name not in TOY_MODULES]  # the registry's


def register_toys() -> None:
    for name, module in TOY_MODULES.items():
        games.register(name, module)


def unregister_toys() -> None:
    for name in TOY_MODULES:
        games.unregister(name)


def available_real_games() -> list[str]:
    return list(REAL_GAMES)


GENEROUS_QUOTAS: dict[str, Any] = {
    "reviews_per_hour": 10_000,
    "hints_per_turn": 10_000,
    "uploads_per_hour": 10_000,
    "upload_bytes_per_hour": 10**10,
    "bot_tables_per_address": 10_000,
    "lessons_per_hour": 10_000,
    "listed_per_address": 10_000,
}
"""Quotas out of the way of tests that play many tables from one address (the tests of the
quotas set their own)."""


def make_settings(tmp_path: Path, **overrides: Any) -> Settings:
    base = Settings(
        database_url=f"sqlite:///{tmp_path / 'server.sqlite3'}",
        bot_delay=0.0,
        flood_rate=2000.0,
        flood_burst=2000,
        create_rate=1000.0,
        create_burst=1000,
        **GENEROUS_QUOTAS,
        freeze_gc=False,
        # The server waits for the tests' clients (a hello, a whole request) as long as they
        # wait for it: a client slowed by a loaded machine is not cut off. Tests of these
        # limits set them short themselves.
        hello_timeout=PATIENCE,
        request_timeout=PATIENCE,
    )
    return replace(base, **overrides)


class ThreadServer:
    """The real app under uvicorn in a background thread, on a free loopback port."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.app = create_app(settings)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.server = make_server(self.app, settings, log_level="warning")
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Self:
        self.thread.start()
        wait_until(
            lambda: self.server.started or not self.thread.is_alive(), "the server never started"
        )
        if not self.server.started:
            raise RuntimeError("the test server did not start")
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(PATIENCE)
        self.sock.close()

    @property
    def hub(self) -> Any:
        return self.app.state.hub


class ProcessServer:
    """``crafthall serve`` in its own process, on a loopback socket made here (no port race)."""

    def __init__(self, env: dict[str, str], sock: socket.socket | None = None) -> None:
        self.sock = sock or _listening_socket()
        self.port = self.sock.getsockname()[1]
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ProcessServer:
        fd = self.sock.fileno()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.server.launch", "--fd", str(fd)],
            cwd=ROOT,
            env={
                **os.environ,
                "CRAFTHALL_BOT_DELAY": "0",
                "CRAFTHALL_FLOOD_RATE": "2000",
                "CRAFTHALL_FLOOD_BURST": "2000",
                "CRAFTHALL_CREATE_RATE": "1000",
                "CRAFTHALL_CREATE_BURST": "1000",
                **{
                    f"CRAFTHALL_{name.upper()}": str(value)
                    for name, value in GENEROUS_QUOTAS.items()
                },
                "CRAFTHALL_HELLO_TIMEOUT": str(PATIENCE),  # as in make_settings
                "CRAFTHALL_REQUEST_TIMEOUT": str(PATIENCE),
                **self.env,
            },
            pass_fds=[fd],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        proc = self.proc

        def answering_or_ended() -> bool:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/healthz", timeout=MOMENT).status_code == 200:
                    return True
            return proc.poll() is not None

        # A loaded machine takes a while to import everything.
        with contextlib.suppress(TimeoutError):
            wait_until(answering_or_ended, "the server process never answered")
            if proc.poll() is None:
                return self
        proc.kill()  # its stderr is read to the end, so it must have ended
        err = proc.stderr.read().decode() if proc.stderr else ""
        raise RuntimeError(f"the server process did not start:\n{err[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, as a crash or a power cut of the process."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(PATIENCE)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(A_WHILE)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(PATIENCE)

    def close(self) -> None:
        self.stop()
        self.sock.close()


def _listening_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


class Ws:
    """A WebSocket client that keeps every raw frame it received."""

    def __init__(self, base: str, table_id: str) -> None:
        url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
        self.conn: ClientConnection = connect(
            url,
            open_timeout=A_WHILE,
            max_size=None,
            max_queue=None,
            ping_interval=None,
            legacy=True,
        )
        self.frames: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.pending: list[dict[str, Any]] = []
        """Received messages not yet taken by :meth:`until`."""
        self.last_update: dict[str, Any] | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        self.conn.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = PATIENCE) -> dict[str, Any]:
        raw = self.conn.recv(timeout=timeout)
        text = raw if isinstance(raw, str) else raw.decode()
        self.frames.append(text)
        message: dict[str, Any] = json.loads(text)
        self.messages.append(message)
        self.pending.append(message)
        if message["type"] == "update" and (
            self.last_update is None or message["version"] >= self.last_update["version"]
        ):
            self.last_update = message
        return message

    def until(
        self, test: Callable[[dict[str, Any]], bool], timeout: float = PATIENCE, keep: bool = False
    ) -> dict[str, Any]:
        """The first received message passing ``test`` (already received ones first);
        ``keep``: leave it for a later :meth:`until` too."""
        deadline = time.time() + timeout
        while True:
            for index, message in enumerate(self.pending):
                if test(message):
                    if not keep:
                        del self.pending[index]
                    return message
            left = deadline - time.time()
            if left <= 0:
                raise TimeoutError("the awaited message did not come")
            self.recv(left)

    @property
    def latest(self) -> dict[str, Any]:
        """The newest update received (there must be one)."""
        assert self.last_update is not None, "no update received yet"
        return self.last_update

    def hello(self, token: str | None = None, **extra: Any) -> dict[str, Any]:
        self.send({"type": "hello", **({"token": token} if token else {}), **extra})
        self.until(lambda m: m["type"] in ("welcome", "error"))
        if self.messages[-1]["type"] == "error":
            return self.messages[-1]
        return self.until(lambda m: m["type"] == "update")

    def answer(self, msg_id: Any, timeout: float = PATIENCE) -> dict[str, Any]:
        """The server's answer to the message sent with ``msg_id``: an accepted change is
        answered by the update that shows it, which stays there for :meth:`update_at`."""
        found = self.until(
            lambda m: m.get("id") == msg_id and m["type"] != "welcome", timeout, keep=True
        )
        if found["type"] != "update":
            self.pending.remove(found)
        return found

    def update_at(self, version: int, timeout: float = PATIENCE) -> dict[str, Any]:
        """The first update at or past ``version``."""
        return self.until(lambda m: m["type"] == "update" and m["version"] >= version, timeout)

    def final_update(self, timeout: float = PATIENCE) -> dict[str, Any]:
        """The update of the finished game, perhaps one already taken (by :meth:`hello`, when
        bots finished the game before this client said hello)."""
        if self.last_update is not None and self.last_update["table"]["status"] == "finished":
            return self.last_update
        return self.until(
            lambda m: m["type"] == "update" and m["table"]["status"] == "finished", timeout
        )

    def act(self, action: Any, msg_id: Any = None) -> dict[str, Any]:
        """Send an action; the answer is the ``update`` showing it or an ``error``, with the
        same id."""
        msg_id = msg_id if msg_id is not None else uuid.uuid4().hex[:8]
        self.send({"type": "act", "action": action, "id": msg_id})
        return self.answer(msg_id)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()


def create(base: str, **spec: Any) -> dict[str, Any]:
    response = httpx.post(f"{base}/api/tables", json=spec, timeout=A_WHILE)
    assert response.status_code == 201, response.text
    found: dict[str, Any] = response.json()
    return found


def get_until(
    url: str, ready: Callable[[httpx.Response], bool], what: str, **params: Any
) -> httpx.Response:
    """GET ``url`` again and again until an answer is ``ready`` (up to ``PATIENCE``); that
    answer. ``what`` says what never happened, with the last answer."""
    last: list[httpx.Response] = []

    def answered() -> bool:
        last[:] = [httpx.get(url, params=params, timeout=A_WHILE)]
        return ready(last[0])

    try:
        wait_until(answered, what)
    except TimeoutError as late:
        raise TimeoutError(f"{late}; the last answer: {last[0].text[:500]}") from None
    return last[0]


def when_worked_out(url: str) -> httpx.Response:
    """GET ``url`` until it no longer answers 202, work still running on a thread (as each
    202 says); the answer."""

    def done(answer: httpx.Response) -> bool:
        if answer.status_code != 202:
            return True
        assert answer.json()["status"] == "running", answer.text
        return False

    return get_until(url, done, "the work was never done")


def upload(base: str, record: str) -> str:
    """Upload a record (NDJSON text) as a replay; returns the upload's id."""
    response = httpx.post(
        f"{base}/api/replays",
        content=record,
        headers={"content-type": "application/x-ndjson"},
        timeout=A_WHILE,
    )
    assert response.status_code == 201, response.text
    found: str = response.json()["id"]
    return found


def seats(*who: str) -> list[dict[str, Any]]:
    """Seat specs in short: a person's name, ``open``, or ``bot`` / ``bot:LEVEL``."""
    found: list[dict[str, Any]] = []
    for one in who:
        if one == "open":
            found.append({"kind": "open"})
        elif one == "bot" or one.startswith("bot:"):
            found.append({"kind": "bot", "level": one.partition(":")[2] or "random"})
        else:
            found.append({"kind": "human", "name": one})
    return found


def seated(base: str, made: dict[str, Any], seat: int = 0, **hello: Any) -> Ws:
    """A client greeted at ``seat`` of a table just made (its token from the creation answer);
    its first update is ``latest``."""
    client = Ws(base, made["table"]["id"])
    client.hello(made["tokens"][str(seat)], **hello)
    return client


def play_against_a_bot(
    base: str, game: str, seed: int, play_seed: int, **spec: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ann against a random bot at a new table, playing random legal moves to the end; returns
    the creation answer and Ann's final update."""
    made = create(base, game=game, seats=seats("Ann", "bot"), seed=seed, **spec)
    ann = seated(base, made, legal=True)
    try:
        final = play_randomly({0: ann}, seed=play_seed, max_actions=5000)
    finally:
        ann.close()
    return made, final


def service_or_skip(name: str, reachable: Callable[[], bool]) -> None:
    """PostgreSQL and Redis tests run in CI (and fail there when the service is missing)."""
    if reachable():
        return
    how = (
        f"start {name} on 127.0.0.1 (PostgreSQL: trust auth, database 'test'; Redis on 6379), "
        "or point CRAFTHALL_TEST_POSTGRES_URL / CRAFTHALL_TEST_REDIS_URL at one, and run again"
    )
    if os.environ.get("CI") == "true":
        pytest.fail(f"{name} is not reachable, and CI must run this test: {how}.")
    pytest.skip(f"{name} is not reachable: {how}.")


def postgres_up() -> bool:
    try:
        import sqlalchemy

        engine = sqlalchemy.create_engine(
            PG_URL,
            connect_args={"connect_timeout": round(A_WHILE)},  # libpq takes whole seconds
        )
        with engine.connect() as conn:
            conn.execute(sqlalchemy.text("SELECT 1"))
        engine.dispose()
    except Exception:
        return False
    return True


def redis_up() -> bool:
    try:
        import redis

        client = redis.Redis.from_url(
            REDIS_URL, socket_connect_timeout=A_WHILE, socket_timeout=A_WHILE
        )
        client.ping()
        client.close()
    except Exception:
        return False
    return True


@contextlib.contextmanager
def pg_schema() -> Iterator[str]:
    """A fresh PostgreSQL schema for one test, dropped afterwards."""
    import sqlalchemy

    schema = f"t_{uuid.uuid4().hex[:16]}"
    try:
        yield schema
    finally:
        engine = sqlalchemy.create_engine(PG_URL)
        with engine.begin() as conn:
            conn.execute(sqlalchemy.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        engine.dispose()


@contextlib.contextmanager
def process_pair(env: dict[str, str]) -> Iterator[tuple[ProcessServer, ProcessServer]]:
    """Two server processes with one environment, started at once (the migration lock lets
    exactly one of them create the schema), closed at the end."""
    first, second = ProcessServer(env), ProcessServer(env)
    try:
        starting = threading.Thread(target=first.start)
        starting.start()
        second.start()
        starting.join()
        yield first, second
    finally:
        first.close()
        second.close()


@contextlib.contextmanager
def thread_pair_on_postgres(
    tmp_path: Path, prefix: str, **settings: Any
) -> Iterator[tuple[ThreadServer, ThreadServer]]:
    """Two in-process servers sharing a fresh PostgreSQL schema and one Redis (its keys under
    ``prefix``), as two processes of one deployment would."""
    service_or_skip("PostgreSQL", postgres_up)
    service_or_skip("Redis", redis_up)
    with pg_schema() as schema:
        shared = {
            "database_url": PG_URL,
            "database_schema": schema,
            "redis_url": REDIS_URL,
            "redis_prefix": f"{prefix}-{schema}",
            **settings,
        }
        one = ThreadServer(make_settings(tmp_path / "one", **shared))
        two = ThreadServer(make_settings(tmp_path / "two", **shared))
        with one, two:
            yield one, two


@contextlib.contextmanager
def store_on(database: str, pg_url: str = PG_URL) -> Iterator[tuple[Store, str, str | None]]:
    """A migrated store on ``database`` (sqlite or postgres), with its URL and schema;
    ``pg_url``: PostgreSQL reached another way (through a proxy)."""
    if database == "postgres":
        service_or_skip("PostgreSQL", postgres_up)
        with pg_schema() as schema:
            engine = make_engine(pg_url, schema)
            migrate(engine, schema)
            store = Store(engine)
            try:
                yield store, pg_url, schema
            finally:
                store.close()
        return
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'moves.sqlite3'}"
        engine = make_engine(url)
        migrate(engine)
        store = Store(engine)
        try:
            yield store, url, None
        finally:
            store.close()


def play_randomly(clients: dict[int, Ws], seed: int, max_actions: int = 2000) -> dict[str, Any]:
    """Each client acts with a random legal action whenever its seat is active (the clients
    asked for legal actions in hello); returns the final update once the game is over. Each
    step waits up to ``PATIENCE`` (a long game on a slow machine is no hang); ``max_actions``
    bounds the game."""
    import random

    picker = random.Random(seed)
    latest = {seat: newest(client, -1) for seat, client in clients.items()}
    for _ in range(max_actions):
        version = max(u["version"] for u in latest.values())
        latest = {seat: newest(client, version) for seat, client in clients.items()}
        if latest[next(iter(clients))]["table"]["status"] == "finished":
            return latest[next(iter(clients))]
        movers = [s for s, u in latest.items() if s in u["active"] and u.get("legal")]
        if not movers:
            # A bot is to act: wait for the next change.
            latest = {seat: newest(client, version + 1) for seat, client in clients.items()}
            continue
        seat = picker.choice(movers)
        answer = clients[seat].act(picker.choice(latest[seat]["legal"]))
        assert answer["type"] in ("update", "error"), answer
        if answer["type"] == "update":
            latest[seat] = newest(clients[seat], answer["version"])
    raise AssertionError("too many actions")


def newest(client: Ws, version: int, timeout: float = PATIENCE) -> dict[str, Any]:
    """The newest update at or past ``version`` (waiting for one if need be)."""
    deadline = time.time() + timeout
    while client.last_update is None or client.last_update["version"] < version:
        client.recv(max(0.001, deadline - time.time()))
    with contextlib.suppress(TimeoutError):
        while True:
            client.recv(0)
    client.pending.clear()
    return client.last_update


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


class OwnRedis:
    """A redis-server of this test's own (the shared one stays up for everyone else)."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.folder = folder
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
        )
        wait_until(self._pong, "redis-server never answered")

    def _pong(self) -> bool:
        """Does the server answer a PING (a probe: no wait for one that is not up yet)?"""
        with (
            contextlib.suppress(OSError),
            socket.create_connection(("127.0.0.1", self.port), timeout=MOMENT) as conn,
        ):
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
        return False

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(PATIENCE)
            self.proc = None


def kill_connections(application: str) -> int:
    """End every PostgreSQL connection opened under ``application_name``, as a database
    restart or a network cut would; returns how many were ended."""
    admin = sqlalchemy.create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            killed = conn.execute(
                sqlalchemy.text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE application_name = :name"
                ),
                {"name": application},
            ).scalar_one()
    finally:
        admin.dispose()
    return int(killed)


def groups_on_threads(store: Store) -> list[int]:
    """From now on, the size of each group ``store`` writes on its threads
    (:meth:`Store.commit_all`), not from the event loop; the list fills as they are written."""
    sizes: list[int] = []
    commit_all = store.commit_all

    def counted(
        commits: list[Commit], retried: bool = False
    ) -> list[Conflict | OutcomeUnknown | None]:
        sizes.append(len(commits))
        return commit_all(commits, retried)

    store.commit_all = counted  # type: ignore[method-assign]
    return sizes


READY_IDLE = b"Z\x00\x00\x00\x05I"
"""PostgreSQL's ReadyForQuery message outside a transaction: the one before it has ended."""


class CommitCutter:
    """A TCP proxy in front of PostgreSQL. Once :meth:`arm`-ed, it passes the next packet
    that commits on to the database and, once the database has answered it, cuts that
    connection before the answer goes back: the transaction is committed, and its writer is
    never told so. A packet commits if
    it holds a ``COMMIT``, or (armed ``on_loop``) a group's one statement, which the event
    loop sends in autocommit. Armed
    ``then_away``, the database then seems gone altogether (every connection cut, new ones
    refused) until :meth:`back`."""

    def __init__(self) -> None:
        self.target = sqlalchemy.make_url(PG_URL)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self._armed = threading.Event()
        self._away_after_cut = False
        self._marker = b"COMMIT"
        self._away = threading.Event()
        self._ends: list[socket.socket] = []
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return self.target.set(port=self.port).render_as_string(hide_password=False)

    def arm(self, then_away: bool = False, on_loop: bool = False) -> None:
        self._away_after_cut = then_away
        self._marker = b"WITH moved AS (" if on_loop else b"COMMIT"
        self._armed.set()

    def back(self) -> None:
        """The database can be reached again."""
        self._away.clear()

    def _go_away(self) -> None:
        self._away.set()
        for end in list(self._ends):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self._away.is_set():
                client.close()
                continue
            server = socket.create_connection((self.target.host, self.target.port or 5432))
            self._ends += [client, server]
            cut = threading.Event()
            threading.Thread(target=self._up, args=(client, server, cut), daemon=True).start()
            threading.Thread(target=self._down, args=(server, client, cut), daemon=True).start()

    def _up(self, client: socket.socket, server: socket.socket, cut: threading.Event) -> None:
        """Pass the writer's packets on, marking the cut at the one that commits. What the
        writer sends after it goes on too (a pipeline's Sync): without it, the database might
        never answer."""
        with contextlib.suppress(OSError):
            while data := client.recv(65536):
                if self._marker in data and self._armed.is_set():
                    self._armed.clear()
                    cut.set()  # nothing more goes back to the writer
                    # Should the database never answer, the writer is cut off all the same.
                    late = threading.Timer(PATIENCE, self._close, (client, server))
                    late.daemon = True
                    late.start()
                server.sendall(data)
        self._close(client, server)

    def _down(self, server: socket.socket, client: socket.socket, cut: threading.Event) -> None:
        """Pass the database's answers on until the cut; then wait for the one that says the
        commit is over (ReadyForQuery, out of a transaction), and cut the connection there.
        Cut sooner, the database might not have read the commit yet."""
        kept = b""
        with contextlib.suppress(OSError):
            while data := server.recv(65536):
                if not cut.is_set():
                    client.sendall(data)
                    continue
                kept += data
                if READY_IDLE in kept:
                    break
        if cut.is_set():
            self.cuts += 1
            if self._away_after_cut:
                self._go_away()
        self._close(client, server)

    @staticmethod
    def _close(*ends: socket.socket) -> None:
        for end in ends:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()
