"""The ASGI application: the HTTP API (lobby, tables, replays) and the live WebSocket."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import html
import json
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Body, FastAPI, Query, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from crafthall.engine.errors import IllegalAction, RecordError, SetupError
from crafthall.engine.options import describe_options
from crafthall.engine.record import dump_lines
from crafthall.games import bot_levels
from crafthall.games import entry as game_entry
from crafthall.games import names as game_names
from crafthall.server import replays
from crafthall.server.db import make_engine, migrate
from crafthall.server.live import Hub, LiveTable
from crafthall.server.messages import clean_name
from crafthall.server.policy import check_hosted_options
from crafthall.server.settings import Settings
from crafthall.server.sockets import table_socket
from crafthall.server.store import Store

WEB_STATIC = Path(__file__).resolve().parent.parent / "web" / "static"


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


# --- request and answer schemas ---------------------------------------------------------------


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Strict):
    kind: Literal["human", "bot", "open"] = Field(
        description="human: you (or a friend at your keyboard) sit here now and get its token; "
        "open: an invite link lets someone join; bot: a server-side bot"
    )
    name: Annotated[str, Field(max_length=64)] | None = Field(None, description="display name")
    level: Annotated[str, Field(max_length=40)] | None = Field(None, description="bot level")


class ClockSpec(_Strict):
    initial: float = Field(ge=1, le=86_400, description="seconds on each seat's clock")
    increment: float = Field(0, ge=0, le=3_600, description="seconds added after each action")


class TableSpec(_Strict):
    game: str = Field(max_length=40, examples=["wordcraft"])
    options: dict[str, Any] = Field(default_factory=dict, description="the game's Options")
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    seed: int | None = Field(None, ge=0, le=2**62)
    fixed: dict[str, Any] | None = Field(None, description="a fixed set-up (see the rules page)")
    undo: bool = Field(True, description="may players take back their own last action?")
    clock: ClockSpec | None = None
    private: bool = Field(False, description="private tables are not listed in the lobby")
    grace: float | None = Field(
        None,
        ge=1,
        le=86_400,
        description="seconds a seat may stay disconnected on its turn before a bot takes it "
        "over for good; none (the default): a disconnected player's seat waits for them",
    )
    zombie_level: str = Field(
        "random", max_length=40, description="bot level that takes over a seat left for good"
    )


class JoinSpec(_Strict):
    seat: int = Field(ge=0, le=16)
    invite: str = Field(max_length=64)
    name: str = Field(max_length=64)


def _freeze_startup_objects() -> None:
    """Load every game, then freeze what is alive (see ``Settings.freeze_gc``)."""
    for name in game_names():
        with contextlib.suppress(Exception):  # a game still being written is skipped
            game_entry(name)
    gc.collect()
    gc.freeze()


def _plain(value: Any) -> Any:
    """A default as JSON (a required option has none)."""
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return None
    return value


# --- the application -------------------------------------------------------------------------


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    engine = make_engine(settings.database_url, settings.database_schema)
    store = Store(engine)
    hub_box: dict[str, Hub] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(migrate, engine, settings.database_schema)
        hub = Hub(settings, store)
        hub_box["hub"] = hub
        _app.state.hub = hub
        await hub.start()
        if settings.freeze_gc:
            _freeze_startup_objects()
        try:
            yield
        finally:
            await hub.stop()
            store.close()

    app = FastAPI(
        title="crafthall server",
        version="1",
        description="Tables for the crafthall games: lobby, seats, replays over HTTP; live play "
        "over the WebSocket at /ws/tables/{table_id} (see docs/protocol.md).",
        lifespan=lifespan,
    )

    def hub() -> Hub:
        return hub_box["hub"]

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, err: ApiError) -> JSONResponse:
        return JSONResponse(
            {"error": {"code": err.code, "message": err.message}}, status_code=err.status
        )

    @app.middleware("http")
    async def _limit_body(request: Request, call_next: Any) -> Response:
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > settings.max_upload_bytes:
            return JSONResponse(
                {
                    "error": {
                        "code": "too-large",
                        "message": f"A request may be at most {settings.max_upload_bytes} bytes.",
                    }
                },
                status_code=413,
            )
        response: Response = await call_next(request)
        return response

    async def table_or_404(table_id: str) -> LiveTable:
        table = await hub().get(table_id[:64])
        if table is None:
            raise ApiError(404, "no-such-table", "There is no such table.")
        await hub().catch_up(table)
        return table

    def invite_url(table_id: str, seat: int, code: str) -> str:
        return f"{settings.public_url}/t/{table_id}?seat={seat}&invite={code}"

    # --- games -----------------------------------------------------------------------------

    @app.get("/api/games", summary="The games this server hosts, with options and bot levels")
    async def list_games() -> dict[str, Any]:
        found = []
        for name in game_names():
            try:
                entry = game_entry(name)
            except Exception:  # a game still being written does not take the lobby down
                continue
            game = entry.game
            found.append(
                {
                    "name": name,
                    "title": game.title,
                    "summary": entry.summary,
                    "min_seats": game.min_seats,
                    "max_seats": game.max_seats,
                    "simultaneous": game.simultaneous,
                    "bots": bot_levels(name),
                    "options": [
                        {"name": n, "default": _plain(d), "description": text}
                        for n, d, text in describe_options(game.Options)
                    ],
                    "options_schema": game.Options.model_json_schema(),
                }
            )
        return {"games": found}

    # --- tables ----------------------------------------------------------------------------

    @app.post("/api/tables", status_code=201, summary="Create a table")
    async def create_table(spec: TableSpec) -> dict[str, Any]:
        seat_specs = []
        for number, seat in enumerate(spec.seats, start=1):
            given = seat.model_dump()
            if seat.kind == "human" and not seat.name:
                raise ApiError(422, "bad-name", f"Seat {number} needs the player's name.")
            if seat.name:
                try:
                    given["name"] = clean_name(seat.name)
                except ValueError as err:
                    raise ApiError(422, "bad-name", f"Seat {number}: {err}") from None
            seat_specs.append(given)
        config: dict[str, Any] = {
            "undo": spec.undo,
            "clock": None if spec.clock is None else spec.clock.model_dump(),
            "zombie_level": spec.zombie_level,
            "grace": spec.grace,
        }
        try:
            check_hosted_options(spec.options)
            table, tokens, invites = await hub().create(
                spec.game,
                spec.options,
                seat_specs,
                seed=spec.seed,
                fixed=spec.fixed,
                config=config,
                private=spec.private,
            )
        except SetupError as err:
            raise ApiError(422, "bad-setup", str(err)) from None
        except IllegalAction as err:
            raise ApiError(422, err.code, err.message) from None
        return {
            "table": table.summary(),
            "tokens": {str(seat): token for seat, token in tokens.items()},
            "invites": {
                str(seat): {"code": code, "url": invite_url(table.id, seat, code)}
                for seat, code in invites.items()
            },
            "websocket": f"/ws/tables/{table.id}",
        }

    @app.get("/api/tables", summary="Public tables: waiting for players (default) or finished")
    async def open_tables(status: Literal["waiting", "finished"] = "waiting") -> dict[str, Any]:
        rows = await store.run(store.open_tables, status)
        found = []
        for row, seats in rows:
            found.append(
                {
                    "id": row.id,
                    "game": row.game,
                    "options": row.options,
                    "created": row.created,
                    "seats": [
                        {"index": s.idx, "kind": s.kind, "name": s.name, "bot": s.bot_level}
                        for s in seats
                    ],
                    "open_seats": [
                        {
                            "seat": s.idx,
                            "invite": s.invite,
                            "url": invite_url(row.id, s.idx, s.invite),
                        }
                        for s in seats
                        if s.kind == "open" and s.invite
                    ],
                }
            )
        return {"tables": found}

    @app.get("/api/tables/{table_id}", summary="A table's public state")
    async def get_table(table_id: str) -> dict[str, Any]:
        return (await table_or_404(table_id)).summary()

    @app.post("/api/tables/{table_id}/join", summary="Take an open seat as a guest")
    async def join_table(table_id: str, spec: JoinSpec) -> dict[str, Any]:
        table = await table_or_404(table_id)
        try:
            name = clean_name(spec.name)
        except ValueError as err:
            raise ApiError(422, "bad-name", str(err)) from None
        try:
            token = await hub().join(table, spec.seat, spec.invite, name)
        except IllegalAction as err:
            status = 403 if err.code == "bad-invite" else 409
            raise ApiError(status, err.code, err.message) from None
        except SetupError as err:
            raise ApiError(422, "bad-setup", str(err)) from None
        return {"seat": spec.seat, "token": token, "table": table.summary()}

    def finished_match(table: LiveTable) -> Any:
        if table.status != "finished" or table.match is None:
            raise ApiError(
                409,
                "game-not-finished",
                "The record and replay open once the game is over (they show every hand).",
            )
        return table.match

    @app.get("/api/tables/{table_id}/record", summary="Download a finished match record")
    async def table_record(table_id: str) -> PlainTextResponse:
        match = finished_match(await table_or_404(table_id))
        text = "\n".join(match.record_lines()) + "\n"
        return PlainTextResponse(
            text,
            media_type="application/x-ndjson",
            headers={"content-disposition": f'attachment; filename="{table_id}.jsonl"'},
        )

    @app.get("/api/tables/{table_id}/replay", summary="A finished game after N moves")
    async def table_replay(
        table_id: str,
        move: Annotated[int, Query(ge=0)] = 0,
        seat: Annotated[int | None, Query(ge=0)] = None,
    ) -> dict[str, Any]:
        match = finished_match(await table_or_404(table_id))
        try:
            return await asyncio.to_thread(replays.step, match.header, match.moves, move, seat)
        except RecordError as err:
            raise ApiError(422, "bad-replay", str(err)) from None

    # --- uploaded records ------------------------------------------------------------------

    @app.post("/api/replays", status_code=201, summary="Upload a match record to view it")
    async def upload_record(
        record: Annotated[str, Body(media_type="application/x-ndjson")],
    ) -> dict[str, Any]:
        try:
            header, moves = await asyncio.to_thread(replays.read_record, record)
        except (RecordError, SetupError) as err:
            raise ApiError(422, "bad-record", str(err)) from None
        upload_id = secrets.token_urlsafe(9)
        text = "\n".join(dump_lines(header, moves)) + "\n"
        await store.run(store.add_upload, upload_id, header.game, text, time.time())
        return {"id": upload_id, "game": header.game, "moves": len(moves)}

    async def uploaded(upload_id: str) -> str:
        text = await store.run(store.upload, upload_id[:64])
        if text is None:
            raise ApiError(404, "no-such-replay", "There is no such uploaded record.")
        return text

    @app.get("/api/replays/{upload_id}", summary="An uploaded record after N moves")
    async def replay_step(
        upload_id: str,
        move: Annotated[int, Query(ge=0)] = 0,
        seat: Annotated[int | None, Query(ge=0)] = None,
    ) -> dict[str, Any]:
        header, moves = replays.parse_lines((await uploaded(upload_id)).splitlines())
        try:
            return await asyncio.to_thread(replays.step, header, moves, move, seat)
        except RecordError as err:
            raise ApiError(422, "bad-replay", str(err)) from None

    @app.get("/api/replays/{upload_id}/record", summary="An uploaded record, as uploaded")
    async def replay_record(upload_id: str) -> PlainTextResponse:
        return PlainTextResponse(await uploaded(upload_id), media_type="application/x-ndjson")

    # --- live play -------------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str) -> None:
        await table_socket(websocket, table_id, hub(), settings)

    # --- pages -----------------------------------------------------------------------------

    @app.get("/healthz", summary="Is the server up?")
    async def healthz() -> dict[str, Any]:
        return {"ok": True}

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(table_id: str) -> HTMLResponse:
        """The page an invite link opens: the browser client, or else the plain page."""
        index = WEB_STATIC / "index.html"
        if index.is_file():
            return HTMLResponse(index.read_text(encoding="utf-8"))
        return await plain_table_page(table_id)

    @app.get("/t/{table_id}/plain", response_class=HTMLResponse, include_in_schema=False)
    async def plain_table_page(table_id: str) -> HTMLResponse:
        """A table's seats and status as plain HTML (no JavaScript); names are escaped."""
        table = await table_or_404(table_id)
        rows = "".join(
            f"<li>Seat {s['index'] + 1}: {html.escape(s['name'] or 'open')} "
            f"({html.escape(s['kind'])})</li>"
            for s in table.summary()["seats"]
        )
        body = (
            f"<!doctype html><meta charset='utf-8'><title>crafthall: {html.escape(table.row.game)}"
            f"</title><h1>{html.escape(table.row.game)} table {html.escape(table.id)}</h1>"
            f"<p>Status: {html.escape(table.status)}</p><ul>{rows}</ul>"
            "<p>Join with POST /api/tables/{id}/join; play over the WebSocket "
            "(see /docs and docs/protocol.md).</p>"
        )
        return HTMLResponse(body)

    if WEB_STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=WEB_STATIC), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def home() -> HTMLResponse:
        index = WEB_STATIC / "index.html"
        if index.is_file():
            return HTMLResponse(index.read_text(encoding="utf-8"))
        return HTMLResponse(
            "<!doctype html><meta charset='utf-8'><title>crafthall</title>"
            "<h1>crafthall server</h1><p>The API is described at <a href='/docs'>/docs</a> "
            "(<a href='/openapi.json'>/openapi.json</a>); live play is a WebSocket at "
            "/ws/tables/{table_id}.</p>"
        )

    return app
