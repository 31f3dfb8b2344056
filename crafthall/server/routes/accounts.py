"""Accounts over HTTP: who is signed in, signing up and in and out, the password, deleting
the account, and a guest's seats handed to their account (docs/protocol.md, "Accounts").

Every call here that changes something checks the CSRF token whether or not a session
cookie came with it (signing in from another site's form would sign a victim in as the
attacker); the answers never hold a password or its hash.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Engine
from starlette.requests import HTTPConnection

from crafthall.server.accounts import book
from crafthall.server.accounts.guard import PasswordGuard
from crafthall.server.accounts.seats import (
    held_seats,
    keep_missing_tokens,
    link_seats,
    seats_of_account,
    tokens_of_account,
)
from crafthall.server.accounts.sessions import (
    Account,
    end_session,
    end_sessions,
    new_session,
)
from crafthall.server.accounts.web import (
    CSRF_COOKIE,
    AccountDep,
    check_csrf,
    clear_session_cookie,
    session_id_of,
    set_csrf_cookie,
    set_session_cookie,
    signer_of,
)
from crafthall.server.hub import Hub
from crafthall.server.routes.common import ApiError, HubDep, address_of, over_quota, quotas_of
from crafthall.server.table import LiveTable

router = APIRouter(tags=["accounts"])
T = TypeVar("T")

MAX_HELD = 500
"""Seats a browser may hand over at once."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HeldSeat(_Strict):
    table: str = Field(max_length=64)
    seat: int = Field(ge=0, le=16)
    token: str = Field(max_length=128)


class Credentials(_Strict):
    name: str = Field(max_length=64)
    password: str = Field(max_length=book.PASSWORD_MAX * 4)
    seats: list[HeldSeat] = Field(
        default_factory=list,
        max_length=MAX_HELD,
        description="seats this browser holds as a guest, each with its token: they become "
        "the account's (its tables, records and ratings from now on)",
    )


class PasswordChange(_Strict):
    old: str = Field(max_length=book.PASSWORD_MAX * 4)
    new: str = Field(max_length=book.PASSWORD_MAX * 4)


class Confirm(_Strict):
    password: str = Field(max_length=book.PASSWORD_MAX * 4)


class Held(_Strict):
    seats: list[HeldSeat] = Field(max_length=MAX_HELD)


async def _csrf(request: Request) -> None:
    check_csrf(request)


Checked = Depends(_csrf)


async def guard_of(connection: HTTPConnection) -> PasswordGuard:
    """The application's password guard, made on first use."""
    state = connection.app.state
    if not hasattr(state, "password_guard"):
        shared = (await quotas_of(connection)).shared
        state.password_guard = PasswordGuard(state.settings.signin_misses_per_hour, shared)
    guard: PasswordGuard = state.password_guard
    return guard


async def _book(request: Request, hub: Hub, how: Callable[..., T], *args: Any) -> T:
    """``how(engine, *args)``, password work, on a thread of its own, its refusal answered as
    an ApiError. Not on the store's few threads: an Argon2 hash holds its thread for a good
    part of a second on a busy machine (bench/bench_accounts.py), and no table's read may
    queue behind it. A client address past its wrong passwords for the hour waits."""
    guard = await guard_of(request)
    address = address_of(request)
    wait = await guard.attempt(address)
    if wait > 0:
        raise over_quota(
            "too-many-wrong-passwords",
            f"This address gave {guard.misses_per_hour} wrong passwords within the hour.",
            wait,
        )
    missed = False
    try:
        async with guard.hashing:
            return await asyncio.to_thread(how, hub.store.engine, *args)
    except book.AccountError as err:
        missed = err.code in ("wrong-password", "signin-locked")
        raise ApiError(err.status, err.code, err.message) from None
    finally:
        if not missed:
            await guard.not_missed(address)


def _signed_in(account: Account | None) -> Account:
    if account is None:
        raise ApiError(401, "not-signed-in", "Sign in first; this needs an account.")
    return account


async def _proven(hub: Hub, seats: list[HeldSeat]) -> list[tuple[str, int, str]]:
    """The seats handed over whose tokens are their own."""
    held = [(s.table, s.seat, s.token) for s in seats]
    return await hub.store.run(held_seats, hub.store.engine, held)


async def _link(hub: Hub, account: Account, seats: list[HeldSeat]) -> int:
    proven = await _proven(hub, seats)
    return await hub.store.run(link_seats, hub.store.engine, account.id, proven)


async def _start_session(
    request: Request, response: Response, hub: Hub, account: Account
) -> dict[str, Any]:
    """Sign this browser in as ``account``: always a new session id (never one the browser
    brought), and a new CSRF token. A session the browser had ends."""
    store = hub.store
    old = await session_id_of(request)
    if old is not None:
        await store.run(end_session, store.engine, old)
    session_id = await store.run(new_session, store.engine, account.id)
    set_session_cookie(response, request, await signer_of(request), session_id)
    return {
        "account": {"id": account.id, "name": account.name},
        "csrf": set_csrf_cookie(response, request),
    }


@router.get("/api/account", summary="Who is signed in here, and the page's CSRF token")
async def who(request: Request, response: Response, account: AccountDep) -> dict[str, Any]:
    """``account`` is null for a guest. ``csrf`` is the token to send as ``X-CSRF-Token``
    with every call that changes something (also readable from the ``crafthall_csrf``
    cookie); it is made here on a browser's first visit."""
    csrf = request.cookies.get(CSRF_COOKIE) or set_csrf_cookie(response, request)
    found = None if account is None else {"id": account.id, "name": account.name}
    return {"account": found, "csrf": csrf}


async def _enter(
    how: Callable[[Engine, str, str], Account],
    spec: Credentials,
    request: Request,
    response: Response,
    hub: Hub,
) -> dict[str, Any]:
    """Sign up or in (``how``), start the session, and make the seats handed over its own."""
    account = await _book(request, hub, how, spec.name, spec.password)
    answer = await _start_session(request, response, hub, account)
    return {**answer, "linked": await _link(hub, account, spec.seats)}


@router.post("/api/account/signup", status_code=201, summary="Make an account and sign in")
async def sign_up(
    spec: Credentials, request: Request, response: Response, hub: HubDep, _: None = Checked
) -> dict[str, Any]:
    return await _enter(book.sign_up, spec, request, response, hub)


@router.post("/api/account/signin", summary="Sign in")
async def sign_in(
    spec: Credentials, request: Request, response: Response, hub: HubDep, _: None = Checked
) -> dict[str, Any]:
    return await _enter(book.sign_in, spec, request, response, hub)


@router.post("/api/account/signout", summary="Sign this browser out")
async def sign_out(
    request: Request, response: Response, hub: HubDep, _: None = Checked
) -> dict[str, Any]:
    session_id = await session_id_of(request)
    if session_id is not None:
        await hub.store.run(end_session, hub.store.engine, session_id)
    clear_session_cookie(response, request)
    return {"account": None}


@router.post("/api/account/signout-everywhere", summary="Sign out of every browser")
async def sign_out_everywhere(
    request: Request, response: Response, hub: HubDep, account: AccountDep, _: None = Checked
) -> dict[str, Any]:
    mine = _signed_in(account)
    ended = await hub.store.run(end_sessions, hub.store.engine, mine.id)
    clear_session_cookie(response, request)
    return {"account": None, "ended": ended}


@router.post("/api/account/password", summary="Change the password")
async def change_password(
    spec: PasswordChange,
    request: Request,
    response: Response,
    hub: HubDep,
    account: AccountDep,
    _: None = Checked,
) -> dict[str, Any]:
    """Every other browser is signed out; this one gets a new session."""
    mine = _signed_in(account)
    await _book(request, hub, book.change_password, mine.id, spec.old, spec.new)
    await hub.store.run(end_sessions, hub.store.engine, mine.id)
    return await _start_session(request, response, hub, mine)


def neutral_name(table: LiveTable, seat: int) -> None:
    """A deleted account's seat at a table held in memory: its name, in the seat, the
    record's header and the result, is the neutral one, as in the database."""
    table.seats[seat].name = book.FORMER
    if table.match is not None:
        header = table.match.header
        seats = [
            replace(s, name=book.FORMER) if n == seat else s for n, s in enumerate(header.seats)
        ]
        table.match.header = replace(header, seats=seats)
    result = table.row.result
    if result and seat < len(result.get("names", [])):
        result["names"][seat] = book.FORMER


@router.post("/api/account/delete", summary="Delete the account")
async def delete_account(
    spec: Confirm,
    request: Request,
    response: Response,
    hub: HubDep,
    account: AccountDep,
    _: None = Checked,
) -> dict[str, Any]:
    """The account's games stay, its seats named "a former player"; its ratings go."""
    mine = _signed_in(account)
    deleted = await _book(request, hub, book.delete_account, mine.id, spec.password)
    for table_id, seat in deleted.places:
        table = hub.tables.get(table_id)
        if table is not None:  # read before the deletion: what it shows follows the database
            neutral_name(table, seat)
    clear_session_cookie(response, request)
    return {"account": None, "tables": len({table_id for table_id, _ in deleted.places})}


@router.post("/api/account/seats", summary="Make seats this browser holds the account's")
async def claim_seats(
    spec: Held, hub: HubDep, account: AccountDep, _: None = Checked
) -> dict[str, Any]:
    """Each seat is proven by its token; a seat already an account's stays as it is."""
    mine = _signed_in(account)
    return {"linked": await _link(hub, mine, spec.seats)}


@router.post(
    "/api/account/seats/tokens", summary="Keep the tokens of the account's seats held here"
)
async def keep_tokens(
    spec: Held, hub: HubDep, account: AccountDep, _: None = Checked
) -> dict[str, Any]:
    """A signed-in browser hands over the tokens it holds, once: each seat already the
    account's but linked without a token it can open keeps this one (so other browsers can
    take the seat up); no seat becomes the account's here, as signing in without keeping
    the browser's tables chose."""
    mine = _signed_in(account)
    proven = await _proven(hub, spec.seats)
    return {"kept": await hub.store.run(keep_missing_tokens, hub.store.engine, mine.id, proven)}


@router.get("/api/account/seats", summary="The seats of the signed-in account")
async def my_seats(hub: HubDep, account: AccountDep) -> dict[str, Any]:
    mine = _signed_in(account)
    found = await hub.store.run(seats_of_account, hub.store.engine, mine.id)
    return {"seats": [{"table": table_id, "seat": seat} for table_id, seat in found]}


@router.post("/api/tables/{table_id}/seat", summary="Take up the account's seats at a table here")
async def take_up_seats(
    table_id: str, hub: HubDep, account: AccountDep, _: None = Checked
) -> dict[str, Any]:
    """The tokens of the seats the signed-in account holds at ``table_id``, for a browser
    that has none of them (another device): the browser keeps them as the one that took the
    seats does. Only the account the seats are linked to gets them."""
    mine = _signed_in(account)
    store = hub.store
    found = await store.run(tokens_of_account, store.engine, mine.id, table_id[:64])
    if not found:
        raise ApiError(
            403,
            "not-your-seat",
            "Your account holds no seat at this table; open it from the browser that took "
            "the seat, or watch it.",
        )
    seats = [{"seat": seat, "token": token} for seat, token in sorted(found.items()) if token]
    if not seats:
        raise ApiError(
            409,
            "seat-token-unknown",
            "This seat became your account's before seats were kept for every browser; open "
            "any page signed in on the browser that took it, and it will open here.",
        )
    return {"table": table_id, "seats": seats}
