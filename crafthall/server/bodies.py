"""What a request body may be, checked at the door for every route.

- At most ``max_upload_bytes``, counted as the body streams in: a chunked upload (no
  ``Content-Length``) is cut off at the limit, not read in full.
- JSON bodies (and bodies without a type, which the routes read as JSON) are UTF-8 JSON
  holding only finite numbers no larger than ``max_body_number``, nested at most
  ``max_body_depth`` deep, and well-formed text: anything else (``NaN``, ``Infinity``, a
  5,000-digit number, a lone surrogate such as ``"\\ud800"``, invalid UTF-8, ten thousand
  brackets) is refused with 422 ``bad-json`` and a sentence before any route sees it, so
  nothing that cannot be written back out (a record download, a PostgreSQL JSON column) is
  ever stored, and no refusal is the framework's own.
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


DEPTH = 32
"""How deeply a body's lists and objects may nest (``Settings.max_body_depth``)."""
LARGEST = 2**63 - 1
"""The largest number a body may hold, in absolute value (``Settings.max_body_number``)."""


class _TooBig(ValueError):
    pass


def _reader(largest: int) -> tuple[Any, Any]:
    """``parse_int`` and ``parse_float`` for :func:`json.loads` that refuse a number past
    ``largest`` before converting it (a 5,000-digit integer costs nothing to refuse)."""
    digits = len(str(largest)) + 1

    def integer(text: str) -> int:
        if len(text) > digits or abs(value := int(text)) > largest:
            raise _TooBig(f"{text[:20]}..." if len(text) > 24 else text)
        return value

    def decimal(text: str) -> float:
        if len(text) > 400 or abs(value := float(text)) > largest:
            raise _TooBig(f"{text[:20]}..." if len(text) > 24 else text)
        return value

    return integer, decimal


def json_problem(data: str | bytes, depth: int = DEPTH, largest: int = LARGEST) -> str | None:
    """Why ``data`` (a JSON body) may not come in, or ``None``: text that is not UTF-8 or
    not JSON, numbers that are not finite or past ``largest``, lists and objects nested
    deeper than ``depth``, lone surrogates."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as err:
            return f"The body must be UTF-8 text: byte {err.start} is not (send JSON as UTF-8)."
    nesting = _nesting(data)
    if nesting > depth:
        return f"Lists and objects may nest at most {depth} deep; this body nests {nesting}."
    integer, decimal = _reader(largest)
    try:
        value = json.loads(
            data, parse_constant=_refuse_constant, parse_int=integer, parse_float=decimal
        )
    except _NotFinite as err:
        return f"Numbers must be finite: {err} is not allowed."
    except _TooBig as err:
        return f"Numbers may be at most {largest} in absolute value: {err} is not."
    except json.JSONDecodeError as err:
        return f"The body is not JSON: {err.msg} at line {err.lineno}, column {err.colno}."
    except (ValueError, RecursionError) as err:
        return f"The body is not JSON: {str(err)[:80]}."
    return value_problem(value)


def _nesting(text: str) -> int:
    """How deeply ``text``'s brackets nest, outside strings (an upper bound on the JSON's
    depth, counted without parsing it, so a million brackets cost one pass)."""
    deepest = level = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest


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

    def __init__(self, app: App, limit: int, depth: int = DEPTH, largest: int = LARGEST) -> None:
        self.app = app
        self.limit = limit
        self.depth = depth
        self.largest = largest

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
        kind = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
        # A body without a type is read as JSON by the routes: it is checked as JSON too.
        if kind == b"application/json" or (not kind and scope.get("method") != "GET"):
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
        problem = json_problem(bytes(body), self.depth, self.largest) if body else None
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
