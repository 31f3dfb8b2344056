"""Records and replays over HTTP: a finished table's record and its moves one by one, and
records uploaded to be viewed the same way."""

from __future__ import annotations

import secrets
import time
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import PlainTextResponse

from crafthall.engine.errors import IllegalAction, RecordError, SetupError
from crafthall.engine.match import Match
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

MAX_MOVE = 100_000
"""The highest move a replay may be asked for (no record of any game comes near it)."""
MAX_SEAT = 15
"""The highest seat a replay may be shown as (no game seats more than 16)."""
MoveQuery = Annotated[int, Query(ge=0, le=MAX_MOVE, description=f"moves played, 0 to {MAX_MOVE:,}")]
SeatQuery = Annotated[
    int | None,
    Query(ge=0, le=MAX_SEAT, description="the seat whose view is shown (none: a spectator)"),
]


def _finished_match(table: LiveTable) -> Match:
    if table.status != "finished" or table.match is None:
        raise ApiError(
            409,
            "game-not-finished",
            "The record and replay open once the game is over (they show every hand).",
        )
    return table.match


async def _on_worker(
    hub: Hub, request: Request, name: str, args: tuple[Any, ...], refused: str
) -> Any:
    """Job ``name`` on a worker process for the request's client (reading and replaying a
    record is a search's worth of CPU in a long game): a record the rules refuse is a 422
    ``refused`` with the job's sentence, no worker to run it a 503 saying so."""
    try:
        return await hub.search(name, args, Priority.HINT, address_of(request))
    except (RecordError, SetupError) as err:
        raise ApiError(422, refused, str(err)) from None
    except IllegalAction as err:  # no worker, or every worker kept dying
        raise ApiError(503, err.code, err.message) from None


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
    args = (match.header, match.moves, move, seat)
    found: dict[str, Any] = await _on_worker(hub, request, "replay_step", args, "bad-replay")
    return found


async def _upload_quota(quotas: Quotas, address: str, size: int) -> None:
    """Count an upload against its address's uploads and bytes per hour, or refuse it."""
    settings = quotas.settings
    wait = await quotas.upload_bytes.take(address, size)
    if wait:
        raise over_quota(
            "too-many-upload-bytes",
            f"One client may upload {settings.upload_bytes_per_hour} bytes of records an "
            "hour, and this one would pass it.",
            wait,
        )
    wait = await quotas.uploads.take(address)
    if wait:
        await quotas.upload_bytes.take(address, -size)  # nothing is stored: give the bytes back
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
    await _upload_quota(quotas, address_of(request), len(record.encode("utf-8", "replace")))
    # Read and replayed whole before it is kept, by a worker: the server only stores it.
    game, text, moves = await _on_worker(hub, request, "check_upload", (record,), "bad-record")
    upload_id = secrets.token_urlsafe(9)
    store = hub.store
    await store.run(store.add_upload, upload_id, game, text, time.time())
    return {"id": upload_id, "game": game, "moves": moves}


async def _uploaded(hub: HubDep, upload_id: str) -> str:
    text = await hub.store.run(hub.store.upload, upload_id[:64])
    if text is None:
        raise ApiError(404, "no-such-replay", "There is no such uploaded record.")
    return text


@router.get("/api/replays/{upload_id}", summary="An uploaded record after N moves")
async def replay_step(
    upload_id: str, hub: HubDep, request: Request, move: MoveQuery = 0, seat: SeatQuery = None
) -> dict[str, Any]:
    args = (await _uploaded(hub, upload_id), move, seat)
    found: dict[str, Any] = await _on_worker(hub, request, "upload_step", args, "bad-replay")
    return found


@router.get("/api/replays/{upload_id}/record", summary="An uploaded record, as uploaded")
async def replay_record(upload_id: str, hub: HubDep) -> PlainTextResponse:
    return PlainTextResponse(await _uploaded(hub, upload_id), media_type="application/x-ndjson")
