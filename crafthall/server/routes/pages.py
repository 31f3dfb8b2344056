"""The health check and the pages a browser opens: the client's home page, a table's page
(what an invite link opens) and a plain HTML page of a table for clients without JavaScript.
The client's files themselves are served from :data:`WEB_STATIC` under ``/static``."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, JSONResponse

from crafthall.server.routes.common import HubDep, TableDep, table_or_404
from crafthall.server.table import LiveTable

WEB_STATIC = Path(__file__).resolve().parents[2] / "web" / "static"

router = APIRouter()

PREPARED_WARNING = (
    "Prepared table: its creator chose the shuffle or the set-up, and may know every card. "
    "Fine for puzzles and teaching; not a fair game."
)


SECURITY_HEADERS = {
    # Scripts, styles and connections from this server only (the client is modules and
    # style sheets of its own, no inline code); no page of ours inside another's frame.
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
"""What every HTML page of the server sends (an invite link's seat code stays out of other
sites' referrers: ``no-referrer``)."""


def page(body: str) -> HTMLResponse:
    """An HTML page with :data:`SECURITY_HEADERS`."""
    return HTMLResponse(body, headers=SECURITY_HEADERS)


def _client_page() -> str | None:
    """The browser client's page, if it is installed."""
    index = WEB_STATIC / "index.html"
    return index.read_text(encoding="utf-8") if index.is_file() else None


@router.get("/healthz", summary="Is the server up, with its database and Redis?")
async def healthz(hub: HubDep) -> JSONResponse:
    """``status``: ``ok`` when this process can save moves and hear the others, 200;
    ``degraded`` (200: it still serves) when Redis is away or stalled, ``redis`` saying which;
    ``down`` (503) when the database cannot be reached (for load balancers and monitoring)."""
    health = await hub.health()
    if health["database"] != "ok":
        health["status"] = "down"
    elif health["ok"]:
        health["status"] = "ok"
    else:
        # Redis is away or stalled: this process still saves moves and reads the tables its
        # clients watch from the database until Redis answers (see fanout.py), so it keeps
        # taking players; monitoring sees "degraded".
        health["status"] = "degraded"
        stalled = getattr(hub.fanout, "stalled", False)
        health["redis"] = (
            "stalled (no answer); reading tables from the database"
            if stalled
            else ("unreachable (reconnecting); reading tables from the database")
        )
    return JSONResponse(health, status_code=503 if health["status"] == "down" else 200)


@router.get("/healthz/gc", summary="Garbage-collection pauses of this process so far")
async def healthz_gc(hub: HubDep) -> dict[str, Any]:
    """Collections per generation, the longest pause of each and their total (for
    monitoring and the benchmark; with ``freeze_gc`` off, nothing is counted)."""
    return hub.gc.report()


@router.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def table_page(table_id: str, hub: HubDep) -> HTMLResponse:
    """The page an invite link opens: the browser client, or else the plain page."""
    client = _client_page()
    if client is not None:
        return page(client)
    return _plain_page(await table_or_404(hub, table_id))


@router.get("/t/{table_id}/plain", response_class=HTMLResponse, include_in_schema=False)
async def plain_table_page(table: TableDep) -> HTMLResponse:
    """A table's seats and status as plain HTML (no JavaScript); names are escaped."""
    return _plain_page(table)


def _plain_page(table: LiveTable) -> HTMLResponse:
    rows = "".join(
        f"<li>Seat {s['index'] + 1}: {html.escape(s['name'] or 'open')} "
        f"({html.escape(s['kind'])})</li>"
        for s in table.summary()["seats"]
    )
    body = (
        f"<!doctype html><meta charset='utf-8'><title>crafthall: {html.escape(table.row.game)}"
        f"</title><h1>{html.escape(table.row.game)} table {html.escape(table.id)}</h1>"
        f"<p>Status: {html.escape(table.status)}</p>{_fairness_line(table)}<ul>{rows}</ul>"
        "<p>Join with POST /api/tables/{id}/join; play over the WebSocket "
        "(see /docs and docs/protocol.md).</p>"
    )
    return page(body)


def _fairness_line(table: LiveTable) -> str:
    summary = table.summary()
    if summary["prepared"]:
        return f"<p class='prepared'><strong>{PREPARED_WARNING}</strong></p>"
    return f"<p>Shuffle commitment (SHA-256): <code>{summary['commitment']}</code></p>"


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def home() -> HTMLResponse:
    client = _client_page()
    if client is not None:
        return page(client)
    return page(
        "<!doctype html><meta charset='utf-8'><title>crafthall</title>"
        "<h1>crafthall server</h1><p>The API is described at <a href='/docs'>/docs</a> "
        "(<a href='/openapi.json'>/openapi.json</a>); live play is a WebSocket at "
        "/ws/tables/{table_id}.</p>"
    )
