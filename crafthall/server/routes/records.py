"""Records and replays over HTTP: a finished table's record and its moves one by one, and
records uploaded to be viewed the same way."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import PlainTextResponse

from crafthall.engine.errors import RecordError, SetupError
from crafthall.engine.match import Match
from crafthall.engine.record import Header, Move, dump_lines
from crafthall.server import replays
from crafthall.server.compute import Priority
from crafthall.server.hub import Hub
from crafthall.server.limits import Quotas
from crafthall.server.routes.common import (
    ApiError,
    HubDep,
    QuotasDep,
    TableDep,
    address_of,
    over_quota,
)
from crafthall.server.table import LiveTable

router = APIRouter(tags=["records"])

MoveQuery = Annotated[int, Query(ge=0)]
SeatQuery = Annotated[int | None, Query(ge=0)]


def _finished_match(table: LiveTable) -> Match:
    if table.status != "finished" or table.match is None:
        raise ApiError(
            409,
            "game-not-finished",
            "The record and replay open once the game is over (they show every hand).",
        )
    return table.match


async def _step(
    hub: Hub, request: Request, header: Header, moves: list[Move], move: int, seat: int | None
) -> dict[str, Any]:
    """The replay after ``move`` moves, worked out by a worker process (replaying a record
    is a search's worth of CPU in a long game)."""
    try:
        args = (header, moves, move, seat)
        found: dict[str, Any] = await hub.search(
            "replay_step", args, Priority.HINT, address_of(request)
        )
        return found
    except RecordError as err:
        raise ApiError(422, "bad-replay", str(err)) from None


@router.get("/api/tables/{table_id}/record", summary="Download a finished match record")
async def table_record(table: TableDep, hub: HubDep) -> PlainTextResponse:
    match = _finished_match(table)
    text = "\n".join(await hub.compute(match.record_lines)) + "\n"
    return PlainTextResponse(
        text,
        media_type="application/x-ndjson",
        headers={"content-disposition": f'attachment; filename="{table.id}.jsonl"'},
    )


@router.get("/api/tables/{table_id}/replay", summary="A finished game after N moves")
async def table_replay(
    table: TableDep, hub: HubDep, request: Request, move: MoveQuery = 0, seat: SeatQuery = None
) -> dict[str, Any]:
    match = _finished_match(table)
    return await _step(hub, request, match.header, match.moves, move, seat)


def _upload_quota(quotas: Quotas, address: str, size: int) -> None:
    """Count an upload against its address's uploads and bytes per hour, or refuse it."""
    settings = quotas.settings
    wait = quotas.upload_bytes.take(address, size)
    if wait:
        raise over_quota(
            "too-many-upload-bytes",
            f"One client may upload {settings.upload_bytes_per_hour} bytes of records an "
            "hour, and this one would pass it.",
            wait,
        )
    wait = quotas.uploads.take(address)
    if wait:
        quotas.upload_bytes.take(address, -size)  # nothing is stored: give the bytes back
        raise over_quota(
            "too-many-uploads",
            f"One client may upload {settings.uploads_per_hour} records an hour.",
            wait,
        )


@router.post("/api/replays", status_code=201, summary="Upload a match record to view it")
async def upload_record(
    record: Annotated[str, Body(media_type="application/x-ndjson")],
    request: Request,
    hub: HubDep,
    quotas: QuotasDep,
) -> dict[str, Any]:
    _upload_quota(quotas, address_of(request), len(record.encode("utf-8", "replace")))
    try:
        header, moves = await asyncio.to_thread(replays.read_record, record)
    except (RecordError, SetupError) as err:
        raise ApiError(422, "bad-record", str(err)) from None
    upload_id = secrets.token_urlsafe(9)
    text = "\n".join(dump_lines(header, moves)) + "\n"
    store = hub.store
    await store.run(store.add_upload, upload_id, header.game, text, time.time())
    return {"id": upload_id, "game": header.game, "moves": len(moves)}


async def _uploaded(hub: HubDep, upload_id: str) -> str:
    text = await hub.store.run(hub.store.upload, upload_id[:64])
    if text is None:
        raise ApiError(404, "no-such-replay", "There is no such uploaded record.")
    return text


@router.get("/api/replays/{upload_id}", summary="An uploaded record after N moves")
async def replay_step(
    upload_id: str, hub: HubDep, request: Request, move: MoveQuery = 0, seat: SeatQuery = None
) -> dict[str, Any]:
    header, moves = replays.parse_lines((await _uploaded(hub, upload_id)).splitlines())
    return await _step(hub, request, header, moves, move, seat)


@router.get("/api/replays/{upload_id}/record", summary="An uploaded record, as uploaded")
async def replay_record(upload_id: str, hub: HubDep) -> PlainTextResponse:
    return PlainTextResponse(await _uploaded(hub, upload_id), media_type="application/x-ndjson")
