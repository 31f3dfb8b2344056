"""Limits on what one client may hold or do, timeouts for those who never finish, game work
off the event loop, idle tables leaving memory, and a polite goodbye at shutdown."""

from __future__ import annotations

import gc
import itertools
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from crafthall import games
from crafthall.server.clients import Client
from crafthall.server.table import ChangeCosts
from crafthall.server.updates import build_updates
from tests.patience import A_WHILE, PATIENCE
from tests.server import gated_game
from tests.server.helpers import (
    ThreadServer,
    Ws,
    available_real_games,
    create,
    get_until,
    make_settings,
    play_randomly,
    seated,
    seats,
)
from tests.support import wait_until


@pytest.fixture
def strict(toys: None, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ThreadServer]:
    """A server with the limits the test's ``limits`` marker names."""
    marker = request.node.get_closest_marker("limits")
    overrides: dict[str, Any] = marker.kwargs if marker else {}
    with ThreadServer(make_settings(tmp_path, **overrides)) as running:
        yield running


def _closed(ws: Ws) -> tuple[list[dict[str, Any]], int | None]:
    """Every message until the server closes the connection, and its close code."""
    with pytest.raises(ConnectionClosed):
        while True:
            ws.recv()
    return ws.messages, ws.conn.close_code


# --- item 6: connections per address, spectators per table, fan-out -------------------------


@pytest.mark.limits(max_connections_per_address=3)
def test_connections_per_client_address_are_capped(strict: ThreadServer) -> None:
    made = create(strict.base, game="toy-turns", seats=seats("Ann", "Ben"))
    table = made["table"]["id"]
    held = [Ws(strict.base, table) for _ in range(3)]
    for ws in held:
        ws.hello()
    extra = Ws(strict.base, table)
    messages, code = _closed(extra)
    assert messages[-1]["code"] == "too-many-connections" and code == 4430
    held.pop().close()
    # One went away: there is room again (the server notices the close first).
    wait_until(
        lambda: sum(strict.hub.connections.held.values()) <= 2,
        "the server never noticed the closed connection",
    )
    again = Ws(strict.base, table)
    assert again.hello()["type"] == "update"
    for ws in (*held, again):
        ws.close()


@pytest.mark.limits(max_spectators=2)
def test_spectators_per_table_are_capped_but_players_always_get_in(
    strict: ThreadServer,
) -> None:
    made = create(strict.base, game="toy-turns", seats=seats("Ann", "Ben"))
    table = made["table"]["id"]
    watchers = [Ws(strict.base, table) for _ in range(2)]
    for ws in watchers:
        assert ws.hello()["seat"] is None
    third = Ws(strict.base, table)
    refused = third.hello()
    assert refused["code"] == "too-many-spectators" and refused["message"].endswith(".")
    ann = Ws(strict.base, table)
    assert ann.hello(made["tokens"]["0"])["seat"] == 0
    for ws in (*watchers, third, ann):
        ws.close()


def test_one_text_is_serialised_per_distinct_update(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"))
    ann = seated(server.base, made)
    table = server.hub.tables[made["table"]["id"]]
    watchers = [Client(None, 1, False, 10) for _ in range(50)]
    player = Client(0, 1, True, 10)
    built = build_updates(table, [*watchers, player], 300)
    texts = [text for _client, text in built]
    assert all(text is texts[0] for text in texts[:50]), "spectators share one text"
    assert texts[50] is not texts[0] and '"legal"' in texts[50]
    ann.close()


# --- item 7: slow requests, silent sockets, a connection cap ---------------------------------


@pytest.mark.limits(request_timeout=0.3)
def test_a_request_that_never_completes_is_closed(strict: ThreadServer) -> None:
    for start in (
        b"",
        b"GET /healthz HTTP/1.1\r\nHost: x\r\n",
        b"POST /api/replays HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{",
    ):
        with socket.create_connection(("127.0.0.1", strict.port), timeout=PATIENCE) as conn:
            conn.sendall(start)
            assert conn.recv(1024) == b"", "the server closes the connection"
    # Requests sent whole are served as always (sent at once, they beat the 0.3 s).
    assert httpx.get(f"{strict.base}/healthz", timeout=A_WHILE).status_code == 200


@pytest.mark.limits(hello_timeout=0.3)
def test_a_socket_that_never_says_hello_is_closed(strict: ThreadServer) -> None:
    made = create(strict.base, game="toy-turns", seats=seats("Ann", "Ben"))
    silent = Ws(strict.base, made["table"]["id"])
    messages, code = _closed(silent)
    assert messages[-1]["code"] == "hello-timeout" and code == 4408


@pytest.mark.limits(idle_timeout=0.6)  # its hello is not raced against a short hello_timeout
def test_a_socket_that_falls_silent_is_closed(strict: ThreadServer) -> None:
    made = create(strict.base, game="toy-turns", seats=seats("Ann", "Ben"))
    idle = Ws(strict.base, made["table"]["id"])
    idle.hello(made["tokens"]["0"])
    messages, code = _closed(idle)
    assert messages[-1]["code"] == "idle-timeout" and code == 4408


def test_a_websocket_leaves_nothing_for_the_garbage_collector(strict: ThreadServer) -> None:
    """The server freezes what is alive out of the collector's way (``server.pauses``): a
    reference cycle left by each WebSocket (uvicorn's HTTP protocol and its parser, after the
    upgrade) would wait for the next thaw."""
    made = create(strict.base, game="toy-turns", seats=seats("Ann", "Ben"))
    gc.disable()  # what the connections leave stays to be seen
    try:
        for _ in range(3):
            client = seated(strict.base, made)
            client.close()
        wait_until(
            lambda: not any(table.clients for table in strict.hub.tables.values()),
            "the server never let go of the closed connections",
        )
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = {type(thing).__name__ for thing in gc.garbage}
    finally:
        gc.enable()
        gc.set_debug(0)
        gc.garbage.clear()
    assert not left & {"GuardedHttp", "HttpRequestParser"}


@pytest.mark.parametrize("game", available_real_games())
@pytest.mark.limits(unload_after=0.2)
def test_a_table_leaves_nothing_for_the_garbage_collector(strict: ThreadServer, game: str) -> None:
    """A whole game played through the server, watched by a spectator who leaves, then the
    table unloaded: nothing is left in a reference cycle. (Unloaded tables are frozen garbage
    until the next thaw; without cycles, counting on their reference counts alone frees them.)"""
    made = create(strict.base, game=game, seats=seats("Ann", "Ben"), seed=3)
    table = made["table"]["id"]
    gc.collect()
    gc.disable()
    try:
        ann, ben, watcher = (Ws(strict.base, table) for _ in range(3))
        ann.hello(made["tokens"]["0"], legal=True)
        ben.hello(made["tokens"]["1"], legal=True)
        watcher.hello()
        assert play_randomly({0: ann, 1: ben}, seed=2)["table"]["status"] == "finished"
        for client in (ann, ben, watcher):
            client.close()
        wait_until(lambda: not strict.hub.tables, "the table never left memory")
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = sorted({type(thing).__name__ for thing in _cycles_of_ours(gc.garbage)})
    finally:
        gc.enable()
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == []


CRAFTHALL = Path(games.__file__).parents[1]


def _cycles_of_ours(garbage: list[Any]) -> list[Any]:
    """The garbage but the cycles of a class made and dropped by a library: those that hold
    a class and nothing of crafthall's (an object of its classes, or a function, coroutine or
    frame of its code). A class is always in a cycle, and an earlier test's server drops the
    pydantic models it made whenever its last reference goes: that is not the table's."""
    index = {id(thing): n for n, thing in enumerate(garbage)}
    parent = list(range(len(garbage)))

    def root(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for n, thing in enumerate(garbage):
        for referent in gc.get_referents(thing):
            m = index.get(id(referent))
            if m is not None:
                parent[root(m)] = root(n)
    ours = {root(n) for n, thing in enumerate(garbage) if _is_ours(thing)}
    classes = {root(n) for n, thing in enumerate(garbage) if isinstance(thing, type)}
    return [thing for n, thing in enumerate(garbage) if root(n) in ours or root(n) not in classes]


def _is_ours(thing: Any) -> bool:
    if type(thing).__module__.startswith("crafthall"):
        return True
    code = getattr(thing, "__code__", None) or getattr(thing, "f_code", None)
    code = code or getattr(thing, "cr_code", None) or getattr(thing, "gi_code", None)
    return code is not None and Path(code.co_filename).is_relative_to(CRAFTHALL)


@pytest.mark.limits(max_connections=4)
def test_past_the_connection_cap_new_requests_get_503(strict: ThreadServer) -> None:
    held = [socket.create_connection(("127.0.0.1", strict.port)) for _ in range(4)]
    health = f"{strict.base}/healthz"
    try:
        get_until(health, lambda answer: answer.status_code == 503, "the cap never applied")
    finally:
        for conn in held:
            conn.close()
    get_until(health, lambda answer: answer.status_code == 200, "the server did not recover")


# --- item 8: game work off the event loop ----------------------------------------------------


@pytest.fixture
def gated(toys: None) -> Iterator[None]:
    games.register("toy-gated", "tests.server.gated_game")
    yield
    gated_game.GATE.set()
    games.unregister("toy-gated")


def test_a_slow_legal_move_list_holds_up_no_other_table(gated: None, server: ThreadServer) -> None:
    slow = create(server.base, game="toy-gated", seats=seats("Ann", "Ben"))
    other = create(server.base, game="toy-turns", seats=seats("Cat", "Dan"))
    ann = Ws(server.base, slow["table"]["id"])
    ann.hello(slow["tokens"]["0"])
    cat = Ws(server.base, other["table"]["id"])
    cat.hello(other["tokens"]["0"])
    gated_game.GATE.clear()
    ann.send({"type": "legal", "id": "slow"})
    # While Ann's list is being worked out, another table is served: a move, and a ping.
    assert cat.act({"type": "add", "amount": 2})["type"] == "update"
    cat.send({"type": "ping", "id": "p"})
    assert cat.answer("p")["type"] == "pong"
    assert not any(m.get("id") == "slow" for m in ann.messages), "still waiting on the gate"
    gated_game.GATE.set()
    assert len(ann.answer("slow")["actions"]) == 4
    for ws in (ann, cat):
        ws.close()


def _watch_threads(server: ThreadServer) -> list[str]:
    """The name of the thread each change's updates are built on, from now on."""
    hub = server.hub
    build = hub._build
    names: list[str] = []

    def watched(*args: Any) -> Any:
        names.append(threading.current_thread().name)
        return build(*args)

    hub._build = watched
    return names


def _play(server: ThreadServer, game: str, moves: int) -> None:
    made = create(server.base, game=game, seats=seats("Ann"), options={"target": 100})
    ann = Ws(server.base, made["table"]["id"])
    ann.hello(made["tokens"]["0"])
    for _ in range(moves):
        assert ann.act({"type": "add", "amount": 1})["type"] == "update"
    ann.close()


@pytest.fixture
def heavy(toys: None) -> Iterator[None]:
    games.register("toy-heavy", "tests.server.heavy_game")
    yield
    games.unregister("toy-heavy")


def test_quick_changes_are_carried_out_on_the_loop_slow_ones_on_threads(
    heavy: None, strict: ThreadServer
) -> None:
    threads = _watch_threads(strict)
    recent = ChangeCosts.RECENT
    _play(strict, "toy-turns", recent + 4)
    on_threads = [name.startswith("crafthall-game") for name in threads]
    # Timed on the game threads first; once the table's record shows quick changes, on
    # the loop (the server's own thread here).
    assert all(on_threads[:recent]) and not any(on_threads[recent:])
    threads.clear()
    _play(strict, "toy-turns", 3)  # a new table of a game known to be quick: at once
    assert not any(name.startswith("crafthall-game") for name in threads)
    threads.clear()
    _play(strict, "toy-heavy", recent + 4)
    assert all(name.startswith("crafthall-game") for name in threads)


@pytest.mark.limits(inline_change_ms=0)
def test_changes_on_the_loop_can_be_turned_off(strict: ThreadServer) -> None:
    threads = _watch_threads(strict)
    _play(strict, "toy-turns", ChangeCosts.RECENT + 4)
    assert all(name.startswith("crafthall-game") for name in threads)


def test_a_record_of_change_costs_is_light_by_its_median_and_its_slowest() -> None:
    costs = ChangeCosts()
    for _ in range(ChangeCosts.RECENT - 1):
        costs.add(0.0002)
    assert not costs.light(0.001), "not judged before the record is full"
    costs.add(0.0002)
    assert costs.light(0.001)
    costs.add(0.004)  # one slow change, under five times the budget: still light
    assert costs.light(0.001)
    costs.add(0.006)  # one past it: not light
    assert not costs.light(0.001)
    for _ in range(ChangeCosts.RECENT):
        costs.add(0.0015)  # over the budget as a rule
    assert not costs.light(0.001)


# --- item 9: creation rate, idle tables leave memory -----------------------------------------


def _table_count(server: ThreadServer) -> int:
    from sqlalchemy import func, select

    from crafthall.server import db

    with server.hub.store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(db.game_tables)).scalar_one())


@pytest.mark.limits(create_rate=0.001, create_burst=3)
def test_table_creation_is_rate_limited_per_client(strict: ThreadServer) -> None:
    for _ in range(3):
        create(strict.base, game="toy-turns", seats=seats("Ann"))
    answer = httpx.post(
        f"{strict.base}/api/tables",
        json={"game": "toy-turns", "seats": seats("Ann")},
        timeout=A_WHILE,
    )
    assert answer.status_code == 429
    assert answer.json()["error"]["code"] == "too-many-tables"
    assert _table_count(strict) == 3


@pytest.mark.limits(unload_after=0.2)
def test_idle_tables_leave_memory_and_come_back_on_demand(strict: ThreadServer) -> None:
    made = create(strict.base, game="toy-turns", seats=seats("Ann", "Ben"))
    table = made["table"]["id"]
    ann = Ws(strict.base, table)
    ann.hello(made["tokens"]["0"])
    assert ann.act({"type": "add", "amount": 3})["version"] == 2
    ann.close()
    wait_until(lambda: table not in strict.hub.tables, "the idle table stayed in memory")
    back = Ws(strict.base, table)
    update = back.hello(made["tokens"]["1"])
    assert update["version"] == 2 and update["view"]["scores"] == [3, 0]
    assert back.act({"type": "add", "amount": 1})["version"] == 3
    # While someone is connected, the table stays.
    assert strict.hub.unload_idle() == 0 and table in strict.hub.tables
    back.close()


# --- item 12: goodbye at shutdown, polite clients, ids on every refusal ----------------------


def test_shutdown_says_bye_before_closing(toys: None, tmp_path: Path) -> None:
    running = ThreadServer(make_settings(tmp_path))
    with running:
        made = create(running.base, game="toy-turns", seats=seats("Ann", "Ben"))
        ann = seated(running.base, made)
    messages, code = _closed(ann)
    assert messages[-1]["type"] == "bye" and code == 1001


@pytest.mark.limits(flood_rate=20.0, flood_burst=3, flood_strikes=3)
def test_a_client_that_waits_for_each_answer_is_slowed_never_cut_off(
    strict: ThreadServer,
) -> None:
    made = create(strict.base, game="toy-turns", seats=seats("Ann", "Ben"))
    ann = seated(strict.base, made)
    numbers = itertools.count()

    def ping() -> bool:
        """One ping, its pong awaited (only ever one in flight): slowed down yet?"""
        ann.send({"type": "ping", "id": next(numbers)})
        ann.until(lambda m: m["type"] == "pong")
        return any(m.get("code") == "slow-down" for m in ann.messages)

    # Slowed once the burst is spent, if the pings come faster than the rate: on a slow
    # machine that may take more of them (sent with no pause between).
    wait_until(ping, "the pings were never slowed down", every=0)
    for _ in range(36):  # slowed on and on, each answer awaited: never cut off
        ping()
    codes = [m.get("code") for m in ann.messages if m["type"] == "error"]
    assert "flood" not in codes and "slow-down" in codes
    slowed = [m for m in ann.messages if m.get("code") == "slow-down"]
    assert all(isinstance(m["id"], int) for m in slowed), "each names the message it delays"
    ann.send({"type": "hello", "id": "twice"})
    again = ann.until(lambda m: m.get("code") == "already-greeted")
    assert again["id"] == "twice"
    ann.close()
