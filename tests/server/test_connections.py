"""What one address can hold of a server: its open connections (idle ones too), a request
that trickles in, and its share of a table's spectators when a crowd arrives at once."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from tests.patience import A_WHILE, MOMENT, PATIENCE
from tests.server.helpers import ThreadServer, Ws, create, make_settings, seats
from tests.support import wait_until


@pytest.fixture
def capped(toys: None, tmp_path: Path) -> Iterator[ThreadServer]:
    """Five connections an address, twenty a process, a request whole within a second; the
    loopback address is no trusted proxy here."""
    settings = make_settings(
        tmp_path,
        max_connections_per_address=5,
        max_connections=20,
        request_timeout=1.0,
        trusted_proxies="",
    )
    with ThreadServer(settings) as running:
        yield running


def _idle(port: int, source: str = "127.0.0.1") -> socket.socket:
    conn = socket.create_connection(
        ("127.0.0.1", port), timeout=A_WHILE, source_address=(source, 0)
    )
    return conn


def _closed_by_server(conn: socket.socket) -> bytes:
    """Everything the server sent before closing ``conn``."""
    conn.settimeout(PATIENCE)
    received = b""
    while chunk := conn.recv(4096):
        received += chunk
    return received


def test_one_address_cannot_fill_the_process_with_idle_connections(capped: ThreadServer) -> None:
    held = [_idle(capped.port) for _ in range(5)]
    protocol = capped.server.config.http_protocol_class
    wait_until(lambda: protocol.open_by_peer.get("127.0.0.1") == 5, "five connections held")
    # Thirty more from the same address, more than the process holds in all: each is
    # answered 429 with a sentence and closed at once.
    for _ in range(30):
        refused = _closed_by_server(_idle(capped.port))
        head, body = refused.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 429") and b"retry-after: 5" in head
        error = json.loads(body)["error"]
        assert error["code"] == "too-many-connections" and "5 open connections" in error["message"]
    # Another address is served meanwhile, not answered 503.
    other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"))
    with other:
        for _ in range(10):
            assert other.get(f"{capped.base}/healthz", timeout=A_WHILE).status_code == 200
    for conn in held:
        conn.close()
    wait_until(lambda: not protocol.open_by_peer, "the closed connections were let go of")
    with httpx.Client() as again:
        assert again.get(f"{capped.base}/healthz", timeout=A_WHILE).status_code == 200


def test_a_trickling_request_is_cut_off_at_its_deadline_even_once_answered(
    capped: ThreadServer,
) -> None:
    """A POST to an address with no route is answered 404 before its body is read; its body
    then comes a byte at a time, each byte resetting uvicorn's keep-alive wait. The request
    must come whole within ``request_timeout`` (1 s) all the same."""
    conn = _idle(capped.port)
    conn.sendall(
        b"POST /nowhere HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\n"
        b"content-length: 100000\r\n\r\n"
    )
    conn.settimeout(MOMENT / 10)
    received = b""
    began = time.monotonic()
    closed = False
    for _ in range(int(PATIENCE / 0.2)):
        try:
            chunk = conn.recv(4096)
        except TimeoutError:
            chunk = None
        if chunk == b"":
            closed = True
            break
        received += chunk or b""
        try:
            conn.sendall(b"x")  # the next byte of the body, one every 0.2 s or so
        except OSError:
            closed = True
            break
    held_for = time.monotonic() - began
    conn.close()
    assert received.startswith(b"HTTP/1.1 404"), received[:80]
    assert closed, "the trickling request was never cut off"
    print(f"trickling request cut off after {held_for:.1f} s (request_timeout 1 s)")


def test_the_spectator_cap_holds_when_a_crowd_arrives_at_once(toys: None, tmp_path: Path) -> None:
    settings = make_settings(tmp_path, max_spectators=20, max_connections_per_address=1000)
    with ThreadServer(settings) as running:
        made = create(running.base, game="toy-turns", seats=seats("Ann", "Ben"))
        url = running.base.replace("http://", "ws://") + f"/ws/tables/{made['table']['id']}"
        answers = asyncio.run(_crowd(url, 120))
    assert Counter(answers) == {"welcome": 20, "too-many-spectators": 100}


async def _crowd(url: str, count: int) -> list[str]:
    """``count`` spectators connect, then all say hello at the same moment; each one's first
    answer (``welcome`` or the error's code)."""
    conns = [
        await websockets.connect(url, open_timeout=A_WHILE, ping_interval=None)
        for _ in range(count)
    ]
    try:
        await asyncio.gather(*(conn.send(json.dumps({"type": "hello"})) for conn in conns))
        answers = []
        for conn in conns:
            first = json.loads(await asyncio.wait_for(conn.recv(), PATIENCE))
            answers.append("welcome" if first["type"] == "welcome" else first["code"])
        return answers
    finally:
        for conn in conns:
            with contextlib.suppress(Exception):
                await conn.close()


def test_websockets_count_while_open_and_are_let_go_of_when_closed(capped: ThreadServer) -> None:
    made = create(capped.base, game="toy-turns", seats=seats("Ann", "Ben"))
    protocol = capped.server.config.http_protocol_class
    watchers = [Ws(capped.base, made["table"]["id"]) for _ in range(5)]
    for watcher in watchers:
        watcher.hello()
    assert protocol.open_by_peer.get("127.0.0.1") == 5
    refused = _closed_by_server(_idle(capped.port))
    assert refused.startswith(b"HTTP/1.1 429")
    for watcher in watchers:
        watcher.close()
    wait_until(lambda: not protocol.open_by_peer, "the closed WebSockets were let go of")
    again = Ws(capped.base, made["table"]["id"])
    assert again.hello()["type"] == "update"
    again.close()


def test_requests_in_flight_are_capped_per_forwarded_address(toys: None, tmp_path: Path) -> None:
    """Behind a proxy the connections are the proxy's: what one client address has in flight
    is counted by the address the proxy forwards (here: the peer's, no proxy in between)."""
    settings = make_settings(tmp_path, max_connections_per_address=2)
    with ThreadServer(settings) as running:
        slow = []
        for _ in range(2):  # two requests whose bodies never come: in flight
            conn = _idle(running.port)
            conn.sendall(
                b"POST /api/tables HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
                b"content-length: 100\r\n\r\n"
            )
            slow.append(conn)

        def third_refused() -> bool:
            answer = httpx.get(f"{running.base}/api/games", timeout=A_WHILE)
            return answer.status_code == 429

        wait_until(third_refused, "a third request in flight was never refused")
        answer = httpx.get(f"{running.base}/api/games", timeout=A_WHILE)
        assert answer.headers["retry-after"] == "1"
        assert answer.json()["error"]["code"] == "too-many-requests"
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as other:
            assert other.get(f"{running.base}/api/games", timeout=A_WHILE).status_code == 200
        for conn in slow:
            conn.close()
        wait_until(
            lambda: httpx.get(f"{running.base}/api/games", timeout=A_WHILE).status_code == 200,
            "the requests in flight were never let go of",
        )
