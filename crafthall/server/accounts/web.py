"""The account of a request or WebSocket, from its session cookie; the cookies themselves;
and the CSRF check of every state-changing request made as an account.

CSRF is refused twice over: the session cookie is ``SameSite=Lax`` (a cross-site form or
fetch does not carry it), and every unsafe request (POST, PUT, PATCH, DELETE) that acts as an
account must repeat the ``crafthall_csrf`` cookie (a random value the page's own script
reads) in the ``X-CSRF-Token`` header and, when it says where it comes from, come from this
server's own origin. :func:`account_of` makes that check itself, so every route that acts as
an account is guarded; requests without the cookie (guests, clients using seat tokens) act
only through the tokens they name. A WebSocket from another origin counts as a guest's.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, Response
from starlette.datastructures import Headers
from starlette.requests import HTTPConnection

from crafthall.server.accounts.sessions import (
    COOKIE,
    MAX_AGE,
    Account,
    Signer,
    server_secret,
    session_account,
)
from crafthall.server.store import Store

CSRF_COOKIE = "crafthall_csrf"
CSRF_HEADER = "x-csrf-token"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _store(connection: HTTPConnection) -> Store:
    store: Store = connection.app.state.hub.store
    return store


async def signer_of(connection: HTTPConnection) -> Signer:
    """The application's cookie signer, its key read (or made) on first use."""
    state = connection.app.state
    if not hasattr(state, "session_signer"):
        store = _store(connection)
        state.session_signer = Signer(await store.run(server_secret, store.engine))
    signer: Signer = state.session_signer
    return signer


def same_origin(headers: Headers) -> bool:
    """Does a request come from a page of this server, as far as its ``Origin`` says (its
    host against the ``Host`` asked for; the scheme may differ behind a TLS proxy)? A request
    without one (not sent by a browser's script) passes."""
    origin = headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == headers.get("host", "").lower()


async def session_id_of(connection: HTTPConnection) -> str | None:
    """The session id of a connection's cookie, if the cookie is genuine."""
    raw = connection.cookies.get(COOKIE)
    if not raw:
        return None
    return (await signer_of(connection)).unsign(raw)


async def account_of(connection: HTTPConnection) -> Account | None:
    """The account signed in on ``connection`` (an HTTP request or a WebSocket), or None for
    a guest. A WebSocket opened by a page of another origin counts as a guest's; an unsafe
    request carrying the cookie without passing the CSRF check is refused (403
    ``csrf-refused``)."""
    scope = connection.scope
    if scope["type"] == "http" and scope["method"] in UNSAFE and COOKIE in connection.cookies:
        check_csrf(connection)
    if connection.scope["type"] == "websocket" and not same_origin(connection.headers):
        return None
    session_id = await session_id_of(connection)
    if session_id is None:
        return None
    store = _store(connection)
    return await store.run(session_account, store.engine, session_id)


AccountDep = Annotated[Account | None, Depends(account_of)]
"""The signed-in account of a route's request, or None for a guest."""


def _secure(connection: HTTPConnection) -> bool:
    return connection.url.scheme in ("https", "wss")


def set_session_cookie(
    response: Response, connection: HTTPConnection, signer: Signer, session_id: str
) -> None:
    response.set_cookie(
        COOKIE,
        signer.sign(session_id),
        max_age=MAX_AGE,
        httponly=True,
        samesite="lax",
        secure=_secure(connection),
        path="/",
    )


def clear_session_cookie(response: Response, connection: HTTPConnection) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(connection)
    )


def set_csrf_cookie(response: Response, connection: HTTPConnection) -> str:
    """A fresh CSRF value, set as the cookie the page repeats in its header."""
    token = secrets.token_urlsafe(24)
    response.set_cookie(
        CSRF_COOKIE, token, max_age=MAX_AGE, samesite="strict", secure=_secure(connection), path="/"
    )
    return token


def check_csrf(connection: HTTPConnection) -> None:
    """Refuse (403 ``csrf-refused``) a request failing :func:`csrf_refusal`."""
    # Imported here: the routes package imports this module.
    from crafthall.server.routes.common import ApiError

    why = csrf_refusal(connection.headers, connection.cookies)
    if why is not None:
        raise ApiError(403, "csrf-refused", why)


def csrf_refusal(headers: Headers, cookies: dict[str, str]) -> str | None:
    """Why an unsafe request fails the CSRF check (a sentence), or None if it passes."""
    if not same_origin(headers):
        return "This request comes from another site's page; open crafthall itself and try again."
    expected = cookies.get(CSRF_COOKIE, "")
    given = headers.get(CSRF_HEADER, "")
    if not expected or not given or not hmac.compare_digest(expected, given):
        return (
            "This request lacks the page's security token (X-CSRF-Token); "
            "reload the page and try again."
        )
    return None
