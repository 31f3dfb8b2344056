"""``crafthall serve``: run the server with uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
from dataclasses import replace
from typing import Any

from crafthall.server.limits import guard_connections
from crafthall.server.settings import Settings


def guarded_http(request_timeout: float) -> type[Any]:
    """uvicorn's HTTP protocol with a deadline on each request: a client that starts one must
    send all of it (head and body) within ``request_timeout`` seconds, or the connection is
    closed. uvicorn alone waits forever for a request that trickles in (slowloris)."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class GuardedHttp(HttpToolsProtocol):
        deadline: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self.deadline = self.loop.call_later(request_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()  # the first request must come, and come whole, in time

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()  # the WebSocket keeps its own hello and idle timeouts
            super().handle_websocket_upgrade()
            # The connection is the WebSocket protocol's now. uvicorn leaves this one tied to
            # its parser (each holds the other): a reference cycle per WebSocket, left for the
            # garbage collector, which the server freezes out of its way (see ``pauses``).
            self.parser = None  # type: ignore[assignment]  # as uvicorn does on closing

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._disarm()  # idle between requests: uvicorn's keep-alive timeout applies

    return GuardedHttp


def uvicorn_config(app: Any, settings: Settings, **kwargs: Any) -> Any:
    """The uvicorn configuration the server always runs with (tests use it too)."""
    import uvicorn

    return uvicorn.Config(
        app,
        # Each connection passes the per-address cap and the whole-request deadline.
        http=guard_connections(guarded_http(settings.request_timeout), settings),
        limit_concurrency=settings.max_connections,
        forwarded_allow_ips=settings.trusted_proxies,
        # Frames a little over the limit get a clear error from the server; far larger ones
        # are closed by the WebSocket layer itself (close code 1009) before being read whole.
        ws_max_size=settings.max_message_bytes * 8,
        ws_ping_interval=20,
        # Compression cost a quarter of the server's CPU under load (measured with
        # bench/bench_server.py); game messages are small, so it stays off.
        ws_per_message_deflate=False,
        ws_ping_timeout=20,
        lifespan="on",
        **kwargs,
    )


def make_server(app: Any, settings: Settings, **kwargs: Any) -> Any:
    """A uvicorn server for ``app`` that tells its live clients ``bye`` before closing."""
    import uvicorn

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            hub = getattr(app.state, "hub", None)
            if hub is not None:
                # uvicorn closes every WebSocket (code 1012) without a word: say bye first.
                with contextlib.suppress(Exception):
                    await hub.farewell()
            await super().shutdown(sockets)

    return Server(uvicorn_config(app, settings, **kwargs))


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    fd: int | None = None,
    bot_delay: float | None = None,
    database_url: str | None = None,
    log_level: str = "info",
    workers: int | None = None,
) -> int:
    from crafthall.server.app import create_app
    from crafthall.server.compute import worker_count

    settings = Settings.from_env()
    if bot_delay is not None:
        settings = replace(settings, bot_delay=bot_delay)
    if database_url:
        settings = replace(settings, database_url=database_url)
    if workers is not None:
        settings = replace(settings, workers=workers)
    app = create_app(settings)
    where = f"http://{host}:{port}/" if fd is None else f"file descriptor {fd}"
    print(f"crafthall server: {where} (database: {_safe(settings.database_url)})", flush=True)
    count = worker_count(settings)
    fleet = None
    if settings.job_system and settings.redis_url and count > 0:
        # Jobs go through the job system: this machine's share of its workers runs beside.
        from crafthall.server.compute.remote import Fleet

        fleet = Fleet(settings.redis_url, settings.redis_prefix, count, settings.worker_max_jobs)
        fleet.start()
    try:
        if fd is None:
            make_server(app, settings, log_level=log_level, host=host, port=port).run()
        else:
            make_server(app, settings, log_level=log_level).run(sockets=[inherited_socket(fd)])
    finally:
        if fleet is not None:
            fleet.stop()
    return 0


def inherited_socket(fd: int) -> socket.socket:
    """The listening socket handed over as ``fd``, known by its real family.

    uvicorn's own ``fd`` option takes every inherited socket for a Unix one, so the TCP
    connections accepted on it keep Nagle's algorithm: a small message written right after
    another (an ``ok`` after its ``update``) then waits for the client's delayed
    acknowledgement, 40 ms on Linux. Known as TCP, each connection gets ``TCP_NODELAY`` from
    asyncio, as with ``--host``/``--port``.
    """
    return socket.socket(fileno=fd)


def _safe(url: str) -> str:
    """The database URL without a password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        credentials, place = rest.rsplit("@", 1)
        user = credentials.split(":", 1)[0]
        return f"{scheme}://{user}@{place}"
    return url


if __name__ == "__main__":  # pragma: no cover
    sys.exit(serve())
