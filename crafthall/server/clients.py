"""One live connection's seat and outbox, as the table runtime sees it (the WebSocket side is
:mod:`crafthall.server.sockets`)."""

from __future__ import annotations

import asyncio
from typing import Any


class Client:
    """One WebSocket connection: its seat (``None``: a spectator) and its outbox."""

    def __init__(self, seat: int | None, since: int, want_legal: bool, limit: int) -> None:
        self.seat = seat
        self.sent_version = since
        self.want_legal = want_legal
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.limit = limit
        self.dropped = False

    def push(self, message: dict[str, Any]) -> None:
        if self.dropped:
            return
        if self.outbox.qsize() >= self.limit:
            # A client that does not read is dropped rather than hold memory without bound.
            self.dropped = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(message)
