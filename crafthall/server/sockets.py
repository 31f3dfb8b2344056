"""The WebSocket endpoint: one live connection to one table (see ``docs/protocol.md``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from crafthall.engine.errors import IllegalAction
from crafthall.server.clients import Client
from crafthall.server.hub import Hub
from crafthall.server.messages import (
    Act,
    BadMessage,
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

log = logging.getLogger("crafthall.server")

CLOSE_POLICY = 1008
CLOSE_BAD_TOKEN = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_FLOOD = 4429


class Flooding(Exception):
    pass


class Bucket:
    """Flood control: a token bucket. Over the limit the server waits before reading on (the
    client is slowed down); after ``strikes`` messages over the limit it cuts the client off."""

    def __init__(self, rate: float, burst: int, strikes: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.strikes = strikes
        self.over = 0
        self.last = time.monotonic()

    def take(self) -> float:
        """Seconds to wait before handling this message; raises :class:`Flooding`."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= self.burst / 2:
            self.over = 0
        self.tokens -= 1
        if self.tokens >= 0:
            return 0.0
        self.over += 1
        if self.over > self.strikes:
            raise Flooding
        return -self.tokens / self.rate


def _dump(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error(code: str, message: str, msg_id: Any = None, **details: Any) -> dict[str, Any]:
    found: dict[str, Any] = {"type": "error", "code": code, "message": message, **details}
    if msg_id is not None:
        found["id"] = msg_id
    return found


async def table_socket(websocket: WebSocket, table_id: str, hub: Hub, settings: Settings) -> None:
    await websocket.accept()
    table = await hub.get(table_id)
    if table is None:
        await websocket.send_text(
            _dump(error("no-such-table", f"There is no table '{table_id[:40]}'."))
        )
        await websocket.close(CLOSE_NOT_FOUND)
        return
    client = Client(None, -1, False, settings.outbox_limit)
    close_code = [1000]
    writer = asyncio.create_task(_write(websocket, client, close_code))
    bucket = Bucket(settings.flood_rate, settings.flood_burst, settings.flood_strikes)
    greeted = False
    warned = False
    try:
        while not client.dropped:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            raw = received.get("text")
            if raw is None:
                raw = received.get("bytes") or b""
            try:
                wait = bucket.take()
            except Flooding:
                client.push(
                    error("flood", "Too many messages too fast; this connection is closed.")
                )
                close_code[0] = CLOSE_FLOOD
                client.outbox.put_nowait(None)
                break
            if wait > 0:
                if not warned:
                    client.push(
                        error("slow-down", "You are sending too fast; your messages are delayed.")
                    )
                    warned = True
                await asyncio.sleep(wait)
            else:
                warned = False
            try:
                message = parse_message(raw, settings.max_message_bytes)
            except BadMessage as bad:
                client.push(error(bad.code, bad.message, bad.msg_id))
                continue
            if isinstance(message, Hello):
                if greeted:
                    client.push(error("already-greeted", "This connection has already said hello."))
                    continue
                await hub.catch_up(table)
                if not _hello(hub, table, client, message):
                    close_code[0] = CLOSE_BAD_TOKEN
                    client.outbox.put_nowait(None)
                    break
                greeted = True
                continue
            if not greeted:
                client.push(error("hello-first", 'Say hello first: {"type": "hello"}.', message.id))
                continue
            await _handle(hub, table, client, message)
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("WebSocket handler failed at table %s", table_id)
    finally:
        hub.detach(table, client)
        client.dropped = True
        client.outbox.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 5)


def _hello(hub: Hub, table: LiveTable, client: Client, message: Hello) -> bool:
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
            return False
    client.seat = seat
    client.sent_version = min(message.since, table.version)
    client.want_legal = message.legal
    client.push(
        {
            "type": "welcome",
            "id": message.id,
            "table": table.id,
            "seat": seat,
            "version": table.version,
        }
    )
    hub.attach(table, client)
    return True


async def _handle(hub: Hub, table: LiveTable, client: Client, message: Any) -> None:
    msg_id = message.id
    if isinstance(message, Ping):
        client.push({"type": "pong", "id": msg_id, "time": time.time()})
        return
    if isinstance(message, Sync):
        client.push(hub.update_for(table, client))
        return
    seat = client.seat
    if seat is None:
        client.push(error("not-seated", "Spectators watch only; join a seat to play.", msg_id))
        return
    if isinstance(message, Legal):
        client.push(
            {
                "type": "legal",
                "id": msg_id,
                "version": table.version,
                "actions": legal_actions(table, seat, hub.settings.legal_limit),
            }
        )
        return
    try:
        if isinstance(message, Act):
            version = await hub.act(table, seat, message.action, expect=message.expect)
        elif isinstance(message, Undo):
            version = await hub.take_back(table, seat)
        elif isinstance(message, Leave):
            version = await hub.hand_to_bot(table, seat, "left")
        else:  # pragma: no cover - the schema admits no other message
            return
    except IllegalAction as err:
        client.push({**error(err.code, err.message, msg_id), **_details(err)})
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
    client.push({"type": "ok", "id": msg_id, "version": version})


def _details(err: IllegalAction) -> dict[str, Any]:
    try:
        json.dumps(err.details)
    except (TypeError, ValueError):
        return {}
    return {"details": err.details} if err.details else {}


async def _write(websocket: WebSocket, client: Client, close_code: list[int]) -> None:
    try:
        while True:
            message = await client.outbox.get()
            if message is None:
                break
            await websocket.send_text(_dump(message))
    except Exception:
        client.dropped = True
    finally:
        if websocket.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close(close_code[0])
