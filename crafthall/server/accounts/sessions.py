"""Signed-in browsers: the session cookie, its signing key, and the rows behind it.

The cookie holds a random session id, signed with a key the server makes on first run and
keeps in the database (every process shares it). The database holds only the id's SHA-256:
signing out deletes that row, signing out everywhere all of the account's rows, and a copied
cookie dies with its row. Signing in always makes a new id, so no id planted in a browser
beforehand (session fixation) is ever signed in.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import Engine, delete, insert, select
from sqlalchemy.exc import IntegrityError

from crafthall.server.accounts.tables import account_sessions, accounts, server_secrets

COOKIE = "crafthall_session"
MAX_AGE = 30 * 24 * 3600
"""Seconds a session lasts (its cookie's age and the signature's)."""

SECRET_NAME = "session-key"


@dataclass(frozen=True)
class Account:
    """A signed-in player: the account's id and its display name."""

    id: int
    name: str


def server_secret(engine: Engine, name: str = SECRET_NAME) -> str:
    """The server's secret called ``name``, made on first use; two processes making it at
    once keep the one written first."""
    query = select(server_secrets.c.value).where(server_secrets.c.name == name)
    with engine.connect() as conn:
        found = conn.execute(query).scalar()
    if found is not None:
        return str(found)
    try:
        with engine.begin() as conn:
            conn.execute(insert(server_secrets).values(name=name, value=secrets.token_hex(32)))
    except IntegrityError:
        pass
    with engine.connect() as conn:
        return str(conn.execute(query).scalar_one())


class Signer:
    """Signs session ids into cookie values and reads them back."""

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="crafthall-session")

    def sign(self, session_id: str) -> str:
        return self._serializer.dumps(session_id)

    def unsign(self, value: str) -> str | None:
        """The session id in ``value``, or None if it is forged, altered or too old."""
        try:
            found = self._serializer.loads(value, max_age=MAX_AGE)
        except BadSignature:
            return None
        return found if isinstance(found, str) else None


def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


def new_session(engine: Engine, account_id: int) -> str:
    """A new session of ``account_id``; returns its id (to sign into the cookie)."""
    session_id = secrets.token_urlsafe(32)
    with engine.begin() as conn:
        conn.execute(
            insert(account_sessions).values(
                id_hash=_digest(session_id), account_id=account_id, created=time.time()
            )
        )
    return session_id


def session_account(engine: Engine, session_id: str) -> Account | None:
    """The account signed in by ``session_id``, or None (signed out, or never was)."""
    query = (
        select(accounts.c.id, accounts.c.name, account_sessions.c.created)
        .join(account_sessions, account_sessions.c.account_id == accounts.c.id)
        .where(account_sessions.c.id_hash == _digest(session_id))
    )
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None or row.created < time.time() - MAX_AGE:
        return None
    return Account(id=row.id, name=row.name)


def end_session(engine: Engine, session_id: str) -> None:
    with engine.begin() as conn:
        conn.execute(
            delete(account_sessions).where(account_sessions.c.id_hash == _digest(session_id))
        )


def end_sessions(engine: Engine, account_id: int) -> int:
    """Sign ``account_id`` out of every browser; returns how many sessions ended."""
    with engine.begin() as conn:
        ended = conn.execute(
            delete(account_sessions).where(account_sessions.c.account_id == account_id)
        )
    return int(ended.rowcount)
