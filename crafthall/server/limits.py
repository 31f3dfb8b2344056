"""Token buckets: how often one client may do something (send messages, create tables),
and how many connections one client address holds."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import math
import os
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from crafthall.server.settings import Settings

log = logging.getLogger("crafthall.server")


class Rate:
    """A token bucket of ``burst`` tokens refilled at ``rate`` per second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last = time.monotonic()

    def refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now

    def take(self) -> float:
        """Spend one token; the seconds until the bucket is out of debt (0: none)."""
        self.refill()
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def full(self) -> bool:
        self.refill()
        return self.tokens >= self.burst


class RatePerAddress:
    """One :class:`Rate` per client address (idle ones are forgotten)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, Rate] = {}

    def allow(self, address: str) -> bool:
        """May ``address`` do it once more now? (A refusal costs nothing.)"""
        if len(self.buckets) > 10_000:
            self.buckets = {a: b for a, b in self.buckets.items() if not b.full()}
        bucket = self.buckets.setdefault(address, Rate(self.rate, self.burst))
        if bucket.take() > 0:
            bucket.tokens += 1
            return False
        return True


class Connections:
    """How many live connections each client address holds, with a cap."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.held: dict[str, int] = {}

    def admit(self, address: str) -> bool:
        if self.held.get(address, 0) >= self.cap:
            return False
        self.held[address] = self.held.get(address, 0) + 1
        return True

    def release(self, address: str) -> None:
        left = self.held.get(address, 0) - 1
        if left > 0:
            self.held[address] = left
        else:
            self.held.pop(address, None)


class Quota:
    """How much each key (a client address, a seat) did within the last ``period`` seconds,
    with a cap: a sliding window of what was taken and when. With ``shared`` (Redis), the
    window is kept there, so that every process of a deployment counts one share; while Redis
    does not answer, each process counts in its own memory."""

    def __init__(
        self, cap: int, period: float, name: str = "", shared: SharedWindows | None = None
    ) -> None:
        self.cap = cap
        self.period = period
        self.name = name
        self.shared = shared
        self.taken: dict[str, deque[tuple[float, int]]] = {}
        self.granted: dict[str, float] = {}
        """When each request asked ``once`` was let through (asking it again is free)."""
        self.marked: dict[str, tuple[str, float, int]] = {}
        """Takings named ``mark`` in this process's memory: their key, when and how much."""

    def _window(self, key: str, now: float) -> deque[tuple[float, int]]:
        if len(self.taken) > 10_000:  # forget keys with nothing left in their window
            self.taken = {k: w for k, w in self.taken.items() if w and w[-1][0] > now - self.period}
        window = self.taken.setdefault(key, deque())
        while window and window[0][0] <= now - self.period:
            window.popleft()
        return window

    def used(self, key: str) -> int:
        """What ``key`` took in this process's window (not another process's)."""
        return sum(amount for _at, amount in self._window(key, time.monotonic()))

    async def take(
        self, key: str, amount: int = 1, once: str | None = None, mark: str | None = None
    ) -> float:
        """Take ``amount`` for ``key`` if it fits under the cap: 0.0; else nothing is taken
        and the answer is the seconds until it would fit (for ``Retry-After``). ``once``: a
        request that, let through, is free when asked again within the period (a review a
        page polls). ``mark``: a unique name for the taking, to :meth:`give_back` it."""
        if self.shared is not None:
            wait = await self.shared.take(self, key, amount, once, mark)
            if wait is not None:
                return wait
        return self.take_here(key, amount, once, mark)

    async def give_back(self, key: str, mark: str) -> None:
        """Undo the taking named ``mark`` (one already out of the window: nothing to do)."""
        if self.shared is not None and await self.shared.take(self, key, 1, None, mark, True):
            return
        at_amount = self.marked.pop(mark, None)
        if at_amount is not None:
            _key, at, amount = at_amount
            window = self._window(key, time.monotonic())
            if (at, amount) in window:
                window.remove((at, amount))

    def take_here(
        self, key: str, amount: int = 1, once: str | None = None, mark: str | None = None
    ) -> float:
        """:meth:`take` counted in this process's memory alone."""
        now = time.monotonic()
        if len(self.marked) > 10_000:
            self.marked = {m: t for m, t in self.marked.items() if t[1] > now - self.period}
        if once is not None:
            if len(self.granted) > 10_000:
                self.granted = {k: t for k, t in self.granted.items() if t > now - self.period}
            if self.granted.get(once, -math.inf) > now - self.period:
                return 0.0
        window = self._window(key, now)
        used = sum(taken for _at, taken in window)
        if used + amount <= self.cap:
            window.append((now, amount))
            if once is not None:
                self.granted[once] = now
            if mark is not None:
                self.marked[mark] = (key, now, amount)
            return 0.0
        if amount > self.cap:
            return self.period
        # The oldest takings leave the window first: wait until enough of them have.
        needed = used + amount - self.cap
        for at, taken in window:
            needed -= taken
            if needed <= 0:
                return max(1.0, at + self.period - now)
        return self.period  # pragma: no cover - the loop always ends the debt


TAKE_SCRIPT = """
-- KEYS: the window (a sorted set of 'id:amount' by when taken), its total, and the mark of a
-- request let through once ('' for none). ARGV: cap, period in seconds, amount, a unique id.
-- ARGV[5] 'back': give back the taking of that id (of 1) if it is still in the window.
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local cap, period, amount = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local ttl = math.ceil(period * 1000)
if KEYS[3] ~= '' and redis.call('EXISTS', KEYS[3]) == 1 then return '0' end
local function amount_of(member) return tonumber(string.match(member, ':(-?%d+)$')) end
local used = tonumber(redis.call('GET', KEYS[2]) or '0')
local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - period)
for _, member in ipairs(gone) do used = used - amount_of(member) end
if #gone > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - period) end
if ARGV[5] == 'back' then
  if redis.call('ZREM', KEYS[1], ARGV[4] .. ':1') == 1 then
    redis.call('SET', KEYS[2], tostring(used - 1), 'KEEPTTL')
  elseif #gone > 0 then
    redis.call('SET', KEYS[2], tostring(used), 'KEEPTTL')
  end
  return '1'
end
if used + amount <= cap then
  redis.call('ZADD', KEYS[1], now, ARGV[4] .. ':' .. ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('SET', KEYS[2], tostring(used + amount), 'PX', ttl)
  if KEYS[3] ~= '' then redis.call('SET', KEYS[3], '1', 'PX', ttl) end
  return '0'
end
if #gone > 0 then redis.call('SET', KEYS[2], tostring(used), 'KEEPTTL') end
if amount > cap then return tostring(period) end
local needed = used + amount - cap
local held = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
for i = 1, #held, 2 do
  needed = needed - amount_of(held[i])
  if needed <= 0 then return tostring(math.max(1, tonumber(held[i + 1]) + period - now)) end
end
return tostring(period)
"""
"""One quota's taking, atomic in Redis (its clock too): :meth:`Quota.take_here`'s rule on a
window every process shares. The window's total is kept beside it, so a taking reads only
what left the window since the last one."""

AWAY_SECONDS = 5.0
"""After Redis failed to answer a quota, how long each process counts alone before asking
it again."""


class SharedWindows:
    """Quota windows in Redis (``redis_url``), shared by the processes of a deployment: one
    atomic script a taking (:data:`TAKE_SCRIPT`). Redis that does not answer within
    ``timeout`` is left alone for :data:`AWAY_SECONDS`, its quotas counted in each process."""

    def __init__(self, url: str, prefix: str, timeout: float) -> None:
        self.url = url
        self.prefix = prefix
        self.timeout = timeout
        self._redis: Any = None
        self._script: Any = None
        self._away_until = 0.0
        self._ids = itertools.count()
        self._origin = os.urandom(6).hex()

    def _client(self) -> Any:
        if self._redis is None:
            import redis.asyncio as aioredis

            self._redis = aioredis.from_url(
                self.url, socket_connect_timeout=self.timeout, socket_timeout=self.timeout
            )
            self._script = self._redis.register_script(TAKE_SCRIPT)
        return self._redis

    async def take(
        self,
        quota: Quota,
        key: str,
        amount: int,
        once: str | None,
        mark: str | None = None,
        back: bool = False,
    ) -> float | None:
        """:meth:`Quota.take` on the shared window (``back``: :meth:`Quota.give_back` of
        ``mark``); ``None`` if Redis did not answer."""
        if time.monotonic() < self._away_until:
            return None
        from redis.exceptions import RedisError

        self._client()
        base = f"{self.prefix}:quota:{quota.name}"
        marked = "" if once is None else f"{base}:once:{once}"
        keys = [f"{base}:window:{key}", f"{base}:total:{key}", marked]
        unique = mark if mark is not None else f"{self._origin}-{next(self._ids)}"
        args = [quota.cap, quota.period, amount, unique, "back" if back else ""]
        try:
            found = await asyncio.wait_for(self._script(keys=keys, args=args), self.timeout)
        except (RedisError, OSError, TimeoutError) as err:
            self._away_until = time.monotonic() + AWAY_SECONDS
            log.warning("quotas: Redis did not answer (%s); counting in this process", err)
            return None
        return float(found)

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()
            self._redis = None


def retry_after(seconds: float) -> str:
    """A ``Retry-After`` header's value: whole seconds, at least one."""
    return str(max(1, math.ceil(seconds)))


def trusted(settings: Settings) -> frozenset[str]:
    """The peers whose connections carry many clients (``Settings.trusted_proxies``)."""
    return frozenset(p.strip() for p in settings.trusted_proxies.split(",") if p.strip())


def _refusal(status: str, code: str, message: str, wait: int) -> bytes:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nretry-after: {wait}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


def guard_connections(base: type[Any], settings: Settings) -> type[Any]:
    """uvicorn's HTTP protocol ``base`` with two guards every connection passes:

    - at most ``max_connections_per_address`` open connections (HTTP and WebSocket, idle or
      not) from one peer address; one more is answered 429 and closed at once, so that one
      address cannot fill the process's ``max_connections`` and have everyone else answered
      503. A trusted proxy (``trusted_proxies``) is not capped here: it carries many
      clients, each counted by the address it forwards (:class:`CapRequests`);
    - a request must come whole (head and body) within ``request_timeout`` of its first
      byte, however it trickles in and even if it was answered before its body was read:
      past it the connection is closed.
    """
    cap = settings.max_connections_per_address
    deadline = settings.request_timeout
    proxies = trusted(settings)
    held: dict[str, int] = {}
    refusal = _refusal(
        "429 Too Many Requests",
        "too-many-connections",
        f"At most {cap} open connections per client address; close some and try again.",
        5,
    )

    def _release(peer: str) -> None:
        left = held.get(peer, 0) - 1
        if left > 0:
            held[peer] = left
        else:
            held.pop(peer, None)

    class Guarded(base):
        open_by_peer = held
        """The open connections of each peer address (trusted proxies not counted)."""
        peer: str | None = None
        whole_by: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            peername = transport.get_extra_info("peername")
            peer = str(peername[0]) if peername else "unknown"
            if peer in proxies:
                return
            if held.get(peer, 0) >= cap:
                transport.write(refusal)
                transport.close()
                return
            held[peer] = held.get(peer, 0) + 1
            self.peer = peer

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_clock()
            if self.peer is not None:
                _release(self.peer)
                self.peer = None
            super().connection_lost(exc)

        def _stop_clock(self) -> None:
            if self.whole_by is not None:
                self.whole_by.cancel()
                self.whole_by = None

        def _too_slow(self) -> None:
            self.whole_by = None
            if not self.transport.is_closing():
                self.transport.close()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._stop_clock()
            self.whole_by = self.loop.call_later(deadline, self._too_slow)

        def on_message_complete(self) -> None:
            self._stop_clock()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._stop_clock()  # the WebSocket keeps its own hello and idle timeouts
            super().handle_websocket_upgrade()
            socket = self.transport.get_protocol()
            if self.peer is None or socket is self:
                return
            # The connection is the WebSocket protocol's now, and its end is told to that
            # protocol alone: the peer's count is given back there, once.
            peer, self.peer = self.peer, None
            lost = socket.connection_lost

            def released(exc: Exception | None) -> None:
                del socket.connection_lost  # no cycle left behind
                _release(peer)
                lost(exc)

            socket.connection_lost = released

    return Guarded


def client_host(scope: Any) -> str:
    """Who sent a request: the peer's address, or behind a trusted proxy the address it
    forwards (uvicorn reads ``X-Forwarded-For`` from ``FORWARDED_ALLOW_IPS`` only)."""
    client = scope.get("client") if isinstance(scope, dict) else None
    return str(client[0]) if client else "unknown"


class CapRequests:
    """ASGI middleware: at most ``cap`` HTTP requests in flight per client address, counted
    by the address a trusted proxy forwards (the proxy's own connections are not capped by
    :func:`guard_connections`, so this is what holds one client behind it to its share);
    one more is answered 429 with ``Retry-After``. WebSockets are counted by the hub."""

    def __init__(self, app: Any, cap: int) -> None:
        self.app = app
        self.cap = cap
        self.in_flight = Connections(cap)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        address = client_host(scope)
        if not self.in_flight.admit(address):
            body = json.dumps(
                {
                    "error": {
                        "code": "too-many-requests",
                        "message": f"At most {self.cap} requests at once per client address; "
                        "wait for the others to be answered.",
                    }
                }
            ).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 429,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                        (b"retry-after", b"1"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.in_flight.release(address)


HOUR = 3600.0


@dataclass(frozen=True)
class Held:
    """One thing a :class:`Share` counts: its taking's mark, its id, when it was taken."""

    mark: str
    thing: str
    at: float


class Share:
    """How many things (tables) each address has going at once, under a cap: one taken as one
    starts, given back once it is over. Counted on a :class:`Quota` window, so that with Redis
    every process of a deployment counts one share (and in this process's memory without it);
    a share never given back (its process stopped) leaves the window after ``period``.

    Each process remembers what it took, and gives back what is over (``going`` says) at the
    next taking, of any address, that this process sees."""

    def __init__(
        self, cap: int, period: float, name: str, shared: SharedWindows | None = None
    ) -> None:
        self.window = Quota(cap, period, name, shared)
        self.held: dict[str, list[Held]] = {}
        """Per address, what this process took and has not given back yet."""

    async def take(self, address: str, going: Callable[[str], bool]) -> str | None:
        """Give back what is over (``going`` says of a thing :meth:`hold` named), then take
        one for ``address``: the taking's mark, or ``None`` past the cap (nothing taken). Name
        what was taken with :meth:`hold`, or :meth:`give_back` the mark if nothing started."""
        await self._settle(going)
        mark = uuid.uuid4().hex
        return mark if await self.window.take(address, mark=mark) == 0 else None

    def hold(self, address: str, mark: str, thing: str) -> None:
        self.held.setdefault(address, []).append(Held(mark, thing, time.monotonic()))

    async def give_back(self, address: str, mark: str) -> None:
        await self.window.give_back(address, mark)

    async def _settle(self, going: Callable[[str], bool]) -> None:
        expired = time.monotonic() - self.window.period  # out of the window already
        for address, held in list(self.held.items()):
            kept = [one for one in held if one.at > expired and going(one.thing)]
            if kept:
                self.held[address] = kept
            else:
                del self.held[address]
            for one in held:
                if one.at > expired and one not in kept:
                    await self.give_back(address, one.mark)


class Quotas:
    """What each client address (and each seat) may ask of the server's thinking and
    storage, per ``Settings`` (each a 429 with ``Retry-After`` past it; see
    docs/operations.md, "Quotas and limits"). With ``redis_url`` set, the counts per address
    and seat are kept in Redis and shared by every process; without it (embedded), in this
    process's memory."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.shared = (
            SharedWindows(settings.redis_url, settings.redis_prefix, settings.redis_stall_seconds)
            if settings.redis_url
            else None
        )

        def quota(cap: int, name: str) -> Quota:
            return Quota(cap, HOUR, name, self.shared)

        self.reviews = quota(settings.reviews_per_hour, "reviews")
        self.hints = quota(settings.hints_per_turn, "hints")
        self.uploads = quota(settings.uploads_per_hour, "uploads")
        self.upload_bytes = quota(settings.upload_bytes_per_hour, "upload-bytes")
        self.lessons = quota(settings.lessons_per_hour, "lessons")
        self.bot_tables = Share(settings.bot_tables_per_address, HOUR, "bot-tables", self.shared)
        """Tables of bots only each address has playing (given back as they end)."""
        self.listed = Share(settings.listed_per_address, HOUR, "listed", self.shared)
        """Tables each address has waiting in the lobby's list (given back as they start)."""

    async def review(self, address: str, target: str) -> float:
        """May ``address`` have ``target`` reviewed? 0.0, or seconds to wait. Asking again
        within the hour for one already let through is free: a page polls its review."""
        return await self.reviews.take(address, once=f"{address} {target}")

    async def close(self) -> None:
        if self.shared is not None:
            await self.shared.close()
