"""``crafthall serve``: run the server with uvicorn."""

from __future__ import annotations

import socket
import sys
from dataclasses import replace
from typing import Any

from crafthall.server.settings import Settings


def uvicorn_config(app: Any, settings: Settings, **kwargs: Any) -> Any:
    """The uvicorn configuration the server always runs with (tests use it too)."""
    import uvicorn

    return uvicorn.Config(
        app,
        # Frames a little over the limit get a clear error from the server; far larger ones
        # are closed by the WebSocket layer itself (close code 1009).
        ws_max_size=settings.max_message_bytes * 8,
        ws_ping_interval=20,
        # Compression cost a quarter of the server's CPU under load (measured with
        # bench/bench_server.py); game messages are small, so it stays off.
        ws_per_message_deflate=False,
        ws_ping_timeout=20,
        lifespan="on",
        **kwargs,
    )


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    fd: int | None = None,
    bot_delay: float | None = None,
    database_url: str | None = None,
    log_level: str = "info",
) -> int:
    import uvicorn

    from crafthall.server.app import create_app

    settings = Settings.from_env()
    if bot_delay is not None:
        settings = replace(settings, bot_delay=bot_delay)
    if database_url:
        settings = replace(settings, database_url=database_url)
    app = create_app(settings)
    where = f"http://{host}:{port}/" if fd is None else f"file descriptor {fd}"
    print(f"crafthall server: {where} (database: {_safe(settings.database_url)})", flush=True)
    if fd is None:
        config = uvicorn_config(app, settings, log_level=log_level, host=host, port=port)
        uvicorn.Server(config).run()
        return 0
    config = uvicorn_config(app, settings, log_level=log_level)
    uvicorn.Server(config).run(sockets=[inherited_socket(fd)])
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
