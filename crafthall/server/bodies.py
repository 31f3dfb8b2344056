"""What a request body may be, checked at the door for every route.

- At most ``max_upload_bytes``, counted as the body streams in: a chunked upload (no
  ``Content-Length``) is cut off at the limit, not read in full.
- JSON bodies hold only finite numbers and well-formed text: ``NaN``, ``Infinity`` and lone
  surrogates (``"\\ud800"``) are refused with 422 before any route sees them, so nothing that
  cannot be written back out (a record download, a PostgreSQL JSON column) is ever stored.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]


class TooLarge(Exception):
    """The body passed the limit while it was being read."""


class _NotFinite(ValueError):
    pass


def _refuse_constant(name: str) -> Any:
    raise _NotFinite(name)


def json_problem(data: str | bytes) -> str | None:
    """Why ``data`` (JSON text) may not come in, or ``None``. Text that is not JSON at all
    passes here: the route's own parsing refuses it in its own words."""
    try:
        value = json.loads(data, parse_constant=_refuse_constant)
    except _NotFinite as err:
        return f"Numbers must be finite: {err} is not allowed."
    except (ValueError, RecursionError):
        return None
    return value_problem(value)


def value_problem(value: Any) -> str | None:
    """Why a parsed value may not be stored (a non-finite number, a lone surrogate), or
    ``None``."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return "Text must be valid Unicode: a lone surrogate (such as \\ud800) is not."
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                return f"Numbers must be finite: {item} is not allowed."
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class GuardBodies:
    """ASGI middleware enforcing the limits above on every HTTP request."""

    def __init__(self, app: App, limit: int) -> None:
        self.app = app
        self.limit = limit

    def _too_large(self) -> str:
        return f"A request may be at most {self.limit} bytes."

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.limit:
            await _refuse(send, 413, "too-large", self._too_large())
            return
        if headers.get(b"content-type", b"").split(b";")[0].strip() == b"application/json":
            await self._json(scope, receive, send)
        else:
            await self._streamed(scope, receive, send)

    async def _json(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        """Read the whole (bounded) body, check it, then hand it on."""
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if len(body) > self.limit:
                await _refuse(send, 413, "too-large", self._too_large())
                return
            more = bool(message.get("more_body"))
        problem = json_problem(bytes(body))
        if problem is not None:
            await _refuse(send, 422, "bad-json", problem)
            return
        handed = False

        async def replay() -> Message:
            nonlocal handed
            if handed:
                return await receive()
            handed = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)

    async def _streamed(
        self, scope: MutableMapping[str, Any], receive: Receive, send: Send
    ) -> None:
        """Count the body as the route reads it; past the limit, answer 413 instead."""
        seen = 0
        over = False
        started = False

        async def counted() -> Message:
            nonlocal seen, over
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    over = True
                    raise TooLarge
            return message

        async def guarded(message: Message) -> None:
            nonlocal started
            if over:
                return  # the route's own answer to a cut-off body is replaced below
            started = True
            await send(message)

        try:
            await self.app(scope, counted, guarded)
        except Exception:
            if not over:
                raise
        if over and not started:
            await _refuse(send, 413, "too-large", self._too_large())
