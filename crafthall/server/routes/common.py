"""What every router shares: refusals as JSON, and the hub, settings and table of a request."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from crafthall.server.hub import Hub
from crafthall.server.settings import Settings
from crafthall.server.table import LiveTable


class ApiError(Exception):
    """A refusal answered as ``{"error": {"code", "message"}}`` with an HTTP status."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def error_body(code: str, message: str) -> dict[str, dict[str, str]]:
    return {"error": {"code": code, "message": message}}


async def answer_api_error(_request: Request, err: Exception) -> JSONResponse:
    """The exception handler of :class:`ApiError`."""
    assert isinstance(err, ApiError)
    return JSONResponse(error_body(err.code, err.message), status_code=err.status)


# Dependencies are coroutines: FastAPI runs a plain function's dependency on a worker thread,
# a hand-over that cost more than the request's own work.
async def hub_of(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


async def settings_of(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


HubDep = Annotated[Hub, Depends(hub_of)]
SettingsDep = Annotated[Settings, Depends(settings_of)]


async def table_or_404(hub: Hub, table_id: str) -> LiveTable:
    """The table, up to date with what other processes committed, or a 404."""
    table = await hub.get(table_id[:64])
    if table is None:
        raise ApiError(404, "no-such-table", "There is no such table.")
    await hub.catch_up(table)
    return table


async def _path_table(table_id: str, hub: HubDep) -> LiveTable:
    return await table_or_404(hub, table_id)


TableDep = Annotated[LiveTable, Depends(_path_table)]
"""The table named by the path's ``{table_id}``."""


def invite_url(settings: Settings, table_id: str, seat: int, code: str) -> str:
    return f"{settings.public_url}/t/{table_id}?seat={seat}&invite={code}"
