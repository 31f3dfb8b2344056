"""What every router shares: refusals as JSON, and the hub, settings and table of a request."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from crafthall.server.hub import Hub
from crafthall.server.limits import Quotas, client_host, retry_after
from crafthall.server.settings import Settings
from crafthall.server.table import LiveTable


class ApiError(Exception):
    """A refusal answered as ``{"error": {"code", "message"}}`` with an HTTP status;
    ``retry_after``: seconds after which the same request may succeed (a quota's 429), sent
    as the ``Retry-After`` header."""

    def __init__(
        self, status: int, code: str, message: str, retry_after: float | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after


def over_quota(code: str, message: str, wait: float) -> ApiError:
    """A quota's refusal: 429, the sentence with when to try again, and ``Retry-After``."""
    seconds = int(retry_after(wait))
    when = f"{seconds} s" if seconds < 120 else f"{round(seconds / 60)} minutes"
    return ApiError(429, code, f"{message} Try again in {when}.", retry_after=wait)


def error_body(code: str, message: str) -> dict[str, dict[str, str]]:
    return {"error": {"code": code, "message": message}}


async def answer_api_error(_request: Request, err: Exception) -> JSONResponse:
    """The exception handler of :class:`ApiError`."""
    assert isinstance(err, ApiError)
    headers = None if err.retry_after is None else {"Retry-After": retry_after(err.retry_after)}
    return JSONResponse(error_body(err.code, err.message), status_code=err.status, headers=headers)


def _field(location: Any) -> str:
    """Where in a request a schema error is: ``seats.0.kind`` (the body itself unnamed)."""
    parts = [str(part) for part in location if part != "body"]
    return ".".join(parts) or "the body"


async def answer_invalid_request(_request: Request, err: Exception) -> JSONResponse:
    """A request the route's schema refuses: 422 ``invalid-request`` with a sentence naming
    the first field at fault and what is wrong with it (every fault in ``details``), in the
    shape of every other refusal rather than the framework's own."""
    assert isinstance(err, RequestValidationError)
    faults = [
        {"field": _field(fault.get("loc", ())), "problem": str(fault.get("msg", "invalid"))}
        for fault in err.errors()
    ]
    first = faults[0] if faults else {"field": "the body", "problem": "invalid"}
    more = f" ({len(faults) - 1} more in details)" if len(faults) > 1 else ""
    message = (
        f"The request does not fit its schema: {first['field']}: {first['problem']}{more}. "
        "See /docs for what this call takes."
    )
    body: dict[str, Any] = error_body("invalid-request", message)
    body["error"]["details"] = faults
    return JSONResponse(body, status_code=422)


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


def address_of(request: HTTPConnection) -> str:
    """The client address a request counts under (behind a trusted proxy, the one it
    forwards: see :func:`crafthall.server.limits.client_host`)."""
    return client_host(request.scope)


async def quotas_of(connection: HTTPConnection) -> Quotas:
    """The application's quotas, made on first use."""
    state = connection.app.state
    if not hasattr(state, "quotas"):
        state.quotas = Quotas(state.settings)
    quotas: Quotas = state.quotas
    return quotas


QuotasDep = Annotated[Quotas, Depends(quotas_of)]

HINT_WAIT = 60.0
"""The ``Retry-After`` of a seat out of hints: its next turn comes when it moves."""


async def think_quota(request: Request, hub: HubDep, quotas: QuotasDep) -> None:
    """Hints and reviews count against their quotas before the search starts: a review
    against its address's reviews per hour (the same review asked again is free: the page
    polls it), a hint against its seat's hints per turn (``Settings``)."""
    path = request.url.path
    if request.method == "GET" and path.endswith("/review"):
        wait = await quotas.review(address_of(request), path)
        if wait:
            raise over_quota(
                "too-many-reviews",
                f"One client may have {quotas.settings.reviews_per_hour} games reviewed an "
                "hour; its reviews already made stay open.",
                wait,
            )
        return
    if request.method != "POST" or not path.endswith("/hints"):
        return
    # Read here if this process has not (and up to date): its turn is counted as elsewhere.
    table = await table_or_404(hub, str(request.path_params.get("table_id", "")))
    try:
        token = (await request.json()).get("token")
    except (ValueError, AttributeError):
        return  # the route refuses the body in its own words
    seat = None if table is None or not isinstance(token, str) else table.seat_for_token(token)
    if table is None or seat is None:
        return  # the route says why
    if await quotas.hints.take(f"{table.id} {seat} {table.version}"):
        raise ApiError(
            429,
            "too-many-hints",
            f"A seat may ask for {quotas.settings.hints_per_turn} hints a turn; make your "
            "move, and the next turn brings new ones.",
            retry_after=HINT_WAIT,
        )
