"""One live connection's seat and outbox, as the table runtime sees it (the WebSocket side is
:mod:`crafthall.server.sockets`)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import orjson

from crafthall.server.wire import ServerMessage

_DUMP_OPTIONS = orjson.OPT_NON_STR_KEYS


def load(text: str | bytes) -> Any:
    """JSON as :func:`dump` writes it: orjson, or the standard library for what orjson does
    not read (an integer past 64 bits)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def dump(message: Any) -> str:
    """A message (or a part of one) as sent: compact JSON, text left as it is. orjson takes
    a tenth of the time of the standard library; what it cannot write (an integer past 64
    bits) goes through the standard library."""
    try:
        return orjson.dumps(message, option=_DUMP_OPTIONS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class Client:
    """One WebSocket connection: its seat (``None``: a spectator) and its outbox of messages
    already serialised (one text may be shared by every spectator of a table)."""

    def __init__(self, seat: int | None, since: int, want_legal: bool, limit: int) -> None:
        self.seat = seat
        self.sent_version = since
        self.want_legal = want_legal
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.limit = limit
        self.dropped = False
        self.close_code = 1000
        """The WebSocket close code sent once the outbox is drained."""
        self.gone = asyncio.Event()
        """Set once the connection is closed (its last message sent, or never to be)."""

    def push(self, message: ServerMessage) -> None:
        self.push_text(dump(message))

    def push_text(self, text: str) -> None:
        if self.dropped:
            return
        if self.outbox.qsize() >= self.limit:
            # A client that does not read is dropped rather than hold memory without bound.
            self.dropped = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)

    def close(self, code: int | None = None) -> None:
        """Send what is queued, then close the connection (with ``code``)."""
        if code is not None:
            self.close_code = code
        self.outbox.put_nowait(None)
