"""Turn-based tables over HTTP: the "your turn" list, an account's notification choices,
its browsers' Web Push subscriptions, and the service worker that shows the pushes."""

from __future__ import annotations

import hashlib
import re
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from crafthall.server.accounts import Account, AccountDep
from crafthall.server.routes.common import ApiError, HubDep, SettingsDep, TableDep
from crafthall.server.routes.pages import WEB_STATIC, home
from crafthall.server.table import hash_token
from crafthall.server.turnbased import rows
from crafthall.server.turnbased.notify import describe

router = APIRouter(tags=["turn-based"])

EMAIL = re.compile(r"^[^@\s<>,;\"]{1,64}@[^@\s<>,;\"]{1,190}\.[^@\s<>,;\"]{2,63}$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HeldSeat(_Strict):
    table: str = Field(max_length=64)
    token: str = Field(max_length=128)


class HeldSeats(_Strict):
    seats: list[HeldSeat] = Field(default_factory=list, max_length=500)


class NotifyChoices(_Strict):
    push: bool = Field(False, description="Web Push to this account's subscribed browsers")
    email: Annotated[str, Field(max_length=254)] | None = Field(
        None, description="the address to e-mail (none: no e-mail)"
    )


class PushKeys(_Strict):
    p256dh: str = Field(max_length=200)
    auth: str = Field(max_length=100)


class PushSubscription(_Strict):
    endpoint: str = Field(max_length=1000)
    keys: PushKeys
    expirationTime: float | None = None  # the browser's own name for it


class PushEndpoint(_Strict):
    endpoint: str = Field(max_length=1000)


def _signed_in(account: Account | None) -> Account:
    if account is None:
        raise ApiError(
            401,
            "not-signed-in",
            "Notifications belong to an account: sign in (or make one) first.",
        )
    return account


@router.post("/api/turns", summary="The turn-based tables waiting for your move, oldest first")
async def waiting(held: HeldSeats, hub: HubDep, account: AccountDep) -> dict[str, Any]:
    """Every turn-based table where it is the move of a seat this browser holds (by its
    token) or the signed-in account sat at, the one that has waited longest first."""
    store = hub.store
    tokens = [(seat.table, hash_token(seat.token)) for seat in held.seats]
    me = None if account is None else account.id
    found = await store.run(rows.waiting_for, store.engine, tokens, me)
    names = await store.run(rows.names_at, store.engine, [w.table_id for w in found])
    now = hub.turns.clock.now()
    tables = [describe(w, names[w.table_id], now) for w in found]
    return {"now": now, "count": len(found), "tables": tables}


@router.get("/api/tables/{table_id}/turns", summary="A turn-based table's deadlines")
async def deadlines(table_id: str, hub: HubDep) -> dict[str, Any]:
    """Each person's seat of a turn-based table with its time bank and, on its turn, since
    and until when (``due`` null: the table waits for it); no seat for a real-time table.
    Read from the database: the table is not read in for it."""
    store = hub.store
    clocks = await store.run(rows.clocks_of, store.engine, table_id[:64])
    now = hub.turns.clock.now()
    return {
        "now": now,
        "seats": [
            {
                "seat": c.seat,
                "bank": c.bank,
                "since": c.since,
                "due": c.due,
                "left": None if c.due is None else max(0.0, c.due - now),
            }
            for c in clocks
        ],
    }


class MoreTime(_Strict):
    token: str = Field(max_length=128, description="the token of the seat giving the time")
    seat: int = Field(ge=0, le=16, description="the seat to move, given a move's time more")


@router.post("/api/tables/{table_id}/turns/more", summary="Give the player to move more time")
async def more_time(given: MoreTime, table: TableDep, hub: HubDep) -> dict[str, Any]:
    """At a turn-based table, another player agrees to wait: the seat to move gets one
    move's time more, once a turn from each other player."""
    pace = table.config["pace"]
    if pace is None:
        raise ApiError(409, "not-turn-based", "This table plays in real time: no deadline to move.")
    me = table.seat_for_token(given.token)
    if me is None:
        raise ApiError(
            403, "not-a-player", "Only a player at this table may give another more time."
        )
    if given.seat >= len(table.seats):
        raise ApiError(422, "no-such-seat", f"This table has no seat {given.seat + 1}.")
    name = table.seats[given.seat].name or f"Seat {given.seat + 1}"
    if given.seat == me:
        raise ApiError(409, "own-time", "You cannot give yourself more time; the others may.")
    store = hub.store
    clocks = {c.seat: c for c in await store.run(rows.clocks_of, store.engine, table.id)}
    clock = clocks.get(given.seat)
    if clock is None or clock.turn is None or clock.due is None:
        raise ApiError(
            409, "no-deadline", f"{name} has no time running out now: nothing to give more of."
        )
    now = hub.turns.clock.now()
    first = await store.run(
        rows.claim_notice, store.engine, table.id, given.seat, clock.turn, f"more:{me}", now
    )
    if not first:
        raise ApiError(409, "time-given", f"You gave {name} more time this turn already.")
    due = await store.run(rows.give_time, store.engine, table.id, given.seat, pace["move"])
    if due is None:
        raise ApiError(409, "too-late", f"{name}'s time ran out already: too late to give more.")
    return {"seat": given.seat, "due": due, "left": max(0.0, due - now)}


@router.get("/api/notify", summary="The signed-in account's notification choices")
async def notify_choices(hub: HubDep, settings: SettingsDep, account: AccountDep) -> dict[str, Any]:
    me = _signed_in(account)
    store = hub.store
    choices = await store.run(rows.choices_of, store.engine, me.id)
    subs = await store.run(rows.subscriptions_of, store.engine, me.id)
    return {
        "push": choices.push,
        "email": choices.email,
        "email_available": bool(settings.smtp_url),
        "push_key": await hub.turns.notifier.public_key(),
        "browsers": len(subs),
    }


@router.put("/api/notify", summary="Choose how the signed-in account hears of its turns")
async def choose(
    given: NotifyChoices, hub: HubDep, settings: SettingsDep, account: AccountDep
) -> dict[str, Any]:
    me = _signed_in(account)
    email = (given.email or "").strip() or None
    if email is not None and not EMAIL.match(email):
        raise ApiError(
            422,
            "bad-email",
            f"'{email[:60]}' is not an e-mail address; write it as name@example.org.",
        )
    if email is not None and not settings.smtp_url:
        raise ApiError(
            409,
            "no-email",
            "This server sends no e-mail (it has no mail server set up); choose Web Push instead.",
        )
    store = hub.store
    await store.run(rows.choose, store.engine, me.id, rows.Choices(given.push, email))
    return await notify_choices(hub, settings, account)


def _subscription_id(endpoint: str) -> str:
    return hashlib.sha256(endpoint.encode()).hexdigest()


@router.post("/api/notify/push", status_code=201, summary="Subscribe this browser to pushes")
async def subscribe(
    given: PushSubscription, hub: HubDep, settings: SettingsDep, account: AccountDep
) -> dict[str, Any]:
    me = _signed_in(account)
    parts = urlsplit(given.endpoint)
    plain = {h.strip() for h in settings.push_plain_hosts.split(",") if h.strip()}
    if not parts.hostname or not (
        parts.scheme == "https" or (parts.scheme == "http" and parts.hostname in plain)
    ):
        raise ApiError(
            422,
            "bad-push-endpoint",
            "A push subscription names its push service by an https:// address; this one "
            "does not. Subscribe again from the browser.",
        )
    store = hub.store
    sub = rows.Subscription(
        _subscription_id(given.endpoint), given.endpoint, given.keys.p256dh, given.keys.auth
    )
    await store.run(rows.subscribe, store.engine, me.id, sub, hub.turns.clock.now())
    return {"subscribed": True}


@router.post("/api/notify/push/remove", summary="Unsubscribe this browser from pushes")
async def unsubscribe(given: PushEndpoint, hub: HubDep, account: AccountDep) -> dict[str, Any]:
    me = _signed_in(account)
    store = hub.store
    await store.run(rows.unsubscribe, store.engine, _subscription_id(given.endpoint), me.id)
    return {"subscribed": False}


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> FileResponse:
    """The service worker that shows pushed notices, from the origin's root (its scope is
    every page of the site)."""
    return FileResponse(
        WEB_STATIC / "sw.js",
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )


@router.get("/turns", response_class=HTMLResponse, include_in_schema=False)
async def turns_page() -> HTMLResponse:
    """The "your turn" page (the browser client draws it)."""
    return await home()
