"""The WebSocket endpoint: one live connection to one table (see ``docs/protocol.md``).

A reader task takes frames off the socket as they come, noting when each arrived; the
handler works through them in order. That is how flood control tells a client that waits
for each answer (only slowed down when it goes fast) from one that sends without waiting
(cut off after ``flood_strikes`` messages over the limit), and how the hello and idle
timeouts are kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from fastapi import WebSocket
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketDisconnect, WebSocketState

from crafthall.engine.errors import IllegalAction
from crafthall.server.clients import Client, dump
from crafthall.server.hub import Hub, storage_down
from crafthall.server.limits import Rate, client_host
from crafthall.server.messages import (
    Act,
    BadMessage,
    Chat,
    ClientMessage,
    Hello,
    Leave,
    Legal,
    Ping,
    Sync,
    Undo,
    parse_message,
)
from crafthall.server.settings import Settings
from crafthall.server.table import LiveTable
from crafthall.server.updates import legal_actions
from crafthall.server.wire import LegalActions, Pong, Welcome, error

log = logging.getLogger("crafthall.server")

CLOSE_POLICY = 1008
CLOSE_UNAVAILABLE = 1011
CLOSE_BAD_TOKEN = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_TIMEOUT = 4408
CLOSE_FLOOD = 4429
CLOSE_TOO_MANY = 4430

FRESH_SECONDS = 1.0
"""With several processes, a table read from the database this recently is not read again
when a connection says hello (see ``Hub.catch_up``)."""


_ARRIVING: dict[str, set[Client]] = {}
"""Spectators admitted to each table and not yet attached to it."""


class Flooding(Exception):
    pass


class Bucket(Rate):
    """Flood control: over the rate the server waits before handling a message (the client
    is slowed down); after ``strikes`` messages over it that were sent without waiting for
    the answer to the one before, it cuts the client off."""

    def __init__(self, rate: float, burst: int, strikes: int) -> None:
        super().__init__(rate, burst)
        self.strikes = strikes
        self.over = 0

    def admit(self, rushed: bool) -> float:
        """Seconds to wait before handling this message; raises :class:`Flooding`."""
        wait = self.take()
        if self.tokens >= self.burst / 2:
            self.over = 0
        if wait > 0 and rushed:
            self.over += 1
            if self.over > self.strikes:
                raise Flooding
        return wait


def client_address(websocket: WebSocket) -> str:
    """Who is connecting: the peer's address (behind a trusted proxy, the one it forwards)."""
    return client_host(websocket.scope)


async def _refuse(websocket: WebSocket, code: str, message: str, close: int) -> None:
    await websocket.send_text(dump(error(code, message)))
    await websocket.close(close)


async def table_socket(websocket: WebSocket, table_id: str, hub: Hub, settings: Settings) -> None:
    await websocket.accept()
    address = client_address(websocket)
    if not hub.connections.admit(address):
        await _refuse(
            websocket,
            "too-many-connections",
            f"At most {settings.max_connections_per_address} live connections per client; "
            "close another tab first.",
            CLOSE_TOO_MANY,
        )
        return
    try:
        try:
            table = await hub.get(table_id)
        except SQLAlchemyError:
            down = storage_down()
            await _refuse(websocket, down.code, down.message, CLOSE_UNAVAILABLE)
            return
        if table is None:
            await _refuse(
                websocket,
                "no-such-table",
                f"There is no table '{table_id[:40]}'.",
                CLOSE_NOT_FOUND,
            )
            return
        table.holders += 1
        try:
            await _serve(websocket, table, hub, settings)
        finally:
            table.holders -= 1
    finally:
        hub.connections.release(address)


Inbox = asyncio.Queue[tuple[str | bytes, float] | None]


async def _read(websocket: WebSocket, inbox: Inbox) -> None:
    """Frames off the socket, each with the moment it arrived; ``None`` when it closes. The
    inbox is bounded, so a client that sends faster than it is served waits on the socket."""
    try:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            raw = received.get("text")
            if raw is None:
                raw = received.get("bytes") or b""
            await inbox.put((raw, time.monotonic()))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        # The end must reach the handler even when the inbox is full: the client is gone,
        # so the oldest of its unanswered messages makes room.
        while True:
            try:
                inbox.put_nowait(None)
                break
            except asyncio.QueueFull:
                inbox.get_nowait()


async def _serve(websocket: WebSocket, table: LiveTable, hub: Hub, settings: Settings) -> None:
    client = Client(None, -1, False, settings.outbox_limit)
    hub.chat.came_from(client, client_address(websocket))
    writer = asyncio.create_task(_write(websocket, client))
    inbox: Inbox = asyncio.Queue(maxsize=max(1, settings.flood_burst))
    reader = asyncio.create_task(_read(websocket, inbox))
    bucket = Bucket(settings.flood_rate, settings.flood_burst, settings.flood_strikes)
    greeted = False
    warned = False
    answered = 0.0
    try:
        while not client.dropped:
            limit = settings.idle_timeout if greeted else settings.hello_timeout
            try:
                # (``asyncio.timeout``, not ``wait_for``: on Python 3.11 the latter makes a
                # task of its own for every message a client sends.)
                async with asyncio.timeout(limit):
                    item = await inbox.get()
            except TimeoutError:
                what = "say hello" if not greeted else "send anything (even a ping)"
                code = "idle-timeout" if greeted else "hello-timeout"
                client.push(error(code, f"No message came for {limit:g} s ({what}); closing."))
                client.close(CLOSE_TIMEOUT)
                break
            if item is None:
                break
            raw, arrived = item
            message: ClientMessage | None = None
            problem: BadMessage | None = None
            try:
                message = parse_message(raw, settings.max_message_bytes)
                msg_id = message.id
            except BadMessage as bad:
                problem, msg_id = bad, bad.msg_id
            try:
                # Sent before the answer to the one before it: the client does not wait.
                wait = bucket.admit(rushed=arrived < answered)
            except Flooding:
                client.push(
                    error("flood", "Too many messages too fast; this connection is closed.", msg_id)
                )
                client.close(CLOSE_FLOOD)
                break
            if wait > 0:
                if not warned:
                    client.push(
                        error(
                            "slow-down",
                            "You are sending too fast; your messages are delayed.",
                            msg_id,
                        )
                    )
                    warned = True
                await asyncio.sleep(wait)
            else:
                warned = False
            if problem is not None:
                client.push(error(problem.code, problem.message, msg_id))
            elif isinstance(message, Hello):
                if greeted:
                    client.push(
                        error("already-greeted", "This connection has already said hello.", msg_id)
                    )
                else:
                    # The database away: greet with what this process holds. A table read
                    # just now for this connection (the first of its players to come to
                    # this process) needs no second read.
                    with contextlib.suppress(SQLAlchemyError):
                        await hub.catch_up(table, unless_read_within=FRESH_SECONDS)
                    if not await _hello(hub, table, client, message):
                        break
                    greeted = True
            elif not greeted:
                client.push(error("hello-first", 'Say hello first: {"type": "hello"}.', msg_id))
            else:
                await _handle(hub, table, client, message)
            answered = time.monotonic()
    except Exception:
        log.exception("WebSocket handler failed at table %s", table.id)
    finally:
        hub.detach(table, client)
        reader.cancel()
        client.dropped = True
        client.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 5)


async def _hello(hub: Hub, table: LiveTable, client: Client, message: Hello) -> bool:
    """Seat the client (or let it watch); ``False``: refused, and the connection closes."""
    seat = None
    if message.token is not None:
        seat = table.seat_for_token(message.token)
        if seat is None:
            client.push(
                error(
                    "bad-token",
                    "That token holds no seat at this table; join through an invite link.",
                    message.id,
                )
            )
            client.close(CLOSE_BAD_TOKEN)
            return False
    elif _spectators(hub, table) >= hub.settings.max_spectators:
        client.push(
            error(
                "too-many-spectators",
                f"This table already has {hub.settings.max_spectators} spectators; "
                "try again later.",
                message.id,
            )
        )
        client.close(CLOSE_TOO_MANY)
        return False
    client.seat = seat
    client.sent_version = min(message.since, table.version)
    client.want_legal = message.legal
    welcome: Welcome = {
        "type": "welcome",
        "id": message.id,
        "table": table.id,
        "seat": seat,
        "version": table.version,
    }
    client.push(welcome)
    if seat is not None:
        await hub.attach(table, client)
        if message.chat:
            await hub.chat.welcome(table, client)
        return True
    if message.name is not None:
        try:
            hub.chat.name_spectator(client, message.name)
        except IllegalAction as err:
            client.push(error(err.code, err.message, message.id))
    # A spectator holds its place from the count above until it is attached: attaching
    # waits for the table's lock, and the ones arriving meanwhile must count it.
    arriving = _ARRIVING.setdefault(table.id, set())
    arriving.add(client)
    try:
        await hub.attach(table, client)
    finally:
        arriving.discard(client)
        if not arriving:
            _ARRIVING.pop(table.id, None)
    if message.chat:
        await hub.chat.welcome(table, client)
    return True


def _spectators(hub: Hub, table: LiveTable) -> int:
    """The table's spectators, with those admitted and not yet attached (each once: one
    being attached is already among the table's clients)."""
    arriving = _ARRIVING.get(table.id, ())
    return hub.spectators(table) + sum(1 for client in arriving if client not in table.clients)


async def _handle(hub: Hub, table: LiveTable, client: Client, message: Any) -> None:
    msg_id = message.id
    if isinstance(message, Ping):
        pong: Pong = {"type": "pong", "id": msg_id, "time": time.time()}
        client.push(pong)
        return
    if isinstance(message, Sync):
        async with table.lock:
            await hub.tell(table, [client])
        return
    if isinstance(message, Chat):
        try:
            await hub.chat.say(table, client, message)
        except IllegalAction as err:
            client.push(error(err.code, err.message, msg_id, _details(err)))
        return
    seat = client.seat
    if seat is None:
        client.push(error("not-seated", "Spectators watch only; join a seat to play.", msg_id))
        return
    if isinstance(message, Legal):
        async with table.lock:
            actions = await hub.compute(legal_actions, table, seat, hub.settings.legal_limit)
            version = table.version
        legal: LegalActions = {
            "type": "legal",
            "id": msg_id,
            "version": version,
            "actions": actions,
        }
        client.push(legal)
        return
    # The update that shows the change carries the request's id: it is the one answer.
    answer = (client, msg_id)
    try:
        if isinstance(message, Act):
            await hub.act(table, seat, message.action, expect=message.expect, answer=answer)
        elif isinstance(message, Undo):
            await hub.take_back(table, seat, answer)
        elif isinstance(message, Leave):
            await hub.hand_to_bot(table, seat, "left", answer=answer)
        else:  # pragma: no cover - the schema admits no other message
            return
    except IllegalAction as err:
        client.push(error(err.code, err.message, msg_id, _details(err)))
        return
    except SQLAlchemyError:
        down = storage_down()
        client.push(error(down.code, down.message, msg_id))
        return
    except Exception as err:  # a game that crashes on odd input must not take the table down
        log.warning("table %s refused %r: %r", table.id, message, err)
        client.push(
            error(
                "action-not-understood",
                "The game could not make sense of that action; nothing changed.",
                msg_id,
            )
        )
        return


def _details(err: IllegalAction) -> dict[str, Any] | None:
    """A refusal's details when they are JSON (a client acts on them), else none."""
    try:
        json.dumps(err.details)
    except (TypeError, ValueError):
        return None
    return err.details or None


async def _write(websocket: WebSocket, client: Client) -> None:
    try:
        while True:
            text = await client.outbox.get()
            if text is None:
                break
            await websocket.send_text(text)
    except Exception:
        client.dropped = True
    finally:
        if websocket.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close(client.close_code)
        client.gone.set()
