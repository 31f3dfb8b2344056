"""The ASGI application: the database, the live hub, and the routers of
:mod:`crafthall.server.routes` (lobby, records and replays, live play, pages)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError

from crafthall.games import check_games, new_match
from crafthall.games import entry as game_entry
from crafthall.games import names as game_names
from crafthall.server.bodies import GuardBodies
from crafthall.server.db import make_engine, migrate
from crafthall.server.fanout import RedisFanout
from crafthall.server.hub import Hub, storage_down
from crafthall.server.limits import CapRequests
from crafthall.server.routes import ROUTERS, again, hints, learn, rules, turns
from crafthall.server.routes.common import (
    ApiError,
    answer_api_error,
    answer_invalid_request,
    error_body,
    think_quota,
)
from crafthall.server.routes.pages import WEB_STATIC
from crafthall.server.settings import Settings
from crafthall.server.store import Store

log = logging.getLogger("crafthall.server")


def _freeze_startup_objects() -> None:
    """Load every game and deal it once, so that what a game builds on its first table (a
    dictionary's word tables: a second of CPU for a word game's lists) is ready before
    the first player comes and is not rebuilt by each server process under load; then
    freeze what is alive (see ``Settings.freeze_gc``)."""
    for name in game_names():
        with contextlib.suppress(Exception):  # a game still being written is skipped
            rules = game_entry(name).game
            new_match(name, [f"seat {n + 1}" for n in range(rules.min_seats)], seed=0)
    gc.collect()
    gc.freeze()


async def _storage_down(_request: Request, err: Exception) -> JSONResponse:
    """The database is away: say so (503), rather than a bare 500."""
    log.warning("request failed on the database: %s", err)
    down = storage_down()
    return JSONResponse(error_body(down.code, down.message), status_code=503)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    check_games()  # a game that does not load stops the server with a sentence, not a lobby
    engine = make_engine(settings.database_url, settings.database_schema)
    store = Store(engine)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(migrate, engine, settings.database_schema)
        hub = Hub(settings, store)
        app.state.hub = hub
        if isinstance(hub.fanout, RedisFanout):
            hub.fanout.check_every = settings.redis_check_seconds
            hub.fanout.stall_after = settings.redis_stall_seconds
        await hub.start()
        if settings.freeze_gc:
            await asyncio.to_thread(_freeze_startup_objects)
            hub.gc.install()
        try:
            yield
        finally:
            hub.gc.uninstall()
            await hub.stop()
            store.close()

    app = FastAPI(
        title="crafthall server",
        version="1",
        description="Tables for the crafthall games: lobby, seats, replays over HTTP; live play "
        "over the WebSocket at /ws/tables/{table_id} (see docs/protocol.md).",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.add_exception_handler(ApiError, answer_api_error)
    app.add_exception_handler(SQLAlchemyError, _storage_down)
    app.add_exception_handler(RequestValidationError, answer_invalid_request)

    app.add_middleware(
        GuardBodies,
        limit=settings.max_upload_bytes,
        depth=settings.max_body_depth,
        largest=settings.max_body_number,
    )
    app.add_middleware(CapRequests, cap=settings.max_connections_per_address)

    for router in ROUTERS:
        app.include_router(router)
    app.include_router(learn.router)
    app.include_router(rules.router)
    app.include_router(again.router)
    app.include_router(turns.router)
    # Hints and reviews count against their quotas before the route runs (see routes/common.py).
    app.include_router(hints.router, dependencies=[Depends(think_quota)])
    if WEB_STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=WEB_STATIC), name="static")
    return app
