"""Accounts kept in the database: signing up, checking a password (with its lockout),
changing it, and deleting an account (its games keep a neutral name).

Passwords are hashed with Argon2id (argon2-cffi's defaults, RFC 9106's second profile);
neither a password nor its hash is ever logged or sent back.
"""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from crafthall.server.accounts.sessions import Account
from crafthall.server.accounts.tables import (
    account_sessions,
    accounts,
    rating_history,
    ratings,
    seat_accounts,
)
from crafthall.server.db import game_tables
from crafthall.server.db import seats as seat_rows

HASHER = PasswordHasher()
NAME_MIN, NAME_MAX = 2, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 200
NAME_MARKS = frozenset("-_. ")
FORMER = "a former player"
"""The name a deleted account's seats keep."""

FREE_TRIES = 5
"""Wrong passwords in a row before sign-in is locked..."""
LOCK_SECONDS = 60.0
"""...for this long, doubled at each further wrong password..."""
LOCK_LONGEST = 3600.0
"""...up to this long."""


class AccountError(Exception):
    """A refusal with a stable ``code`` and a sentence saying what to do."""

    def __init__(self, code: str, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


def account_name(raw: str) -> str:
    """A display name fit for an account: letters and digits of any script, with spaces,
    hyphens, dots and underscores between them; raises AccountError saying what is wrong."""
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise AccountError(
            "bad-name",
            f"A name has {NAME_MIN} to {NAME_MAX} characters; '{name[:30]}' has {len(name)}.",
        )
    if any(not (ch.isalnum() or ch in NAME_MARKS) for ch in name):
        raise AccountError(
            "bad-name",
            "A name may hold letters, digits, spaces, hyphens, dots and underscores only.",
        )
    if not name[0].isalnum():
        raise AccountError("bad-name", "A name starts with a letter or a digit.")
    if name_key(name) == name_key(FORMER):
        raise AccountError(
            "name-taken", f"'{FORMER}' is kept for deleted accounts; choose another."
        )
    return name


def name_key(name: str) -> str:
    """What two names must not share: the same letters whatever their case or form."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_new_password(password: str) -> None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AccountError(
            "bad-password",
            f"A password has {PASSWORD_MIN} to {PASSWORD_MAX} characters; choose another.",
        )


def sign_up(engine: Engine, raw_name: str, password: str) -> Account:
    """A new account; refuses a name taken (whatever its case) or a weak password."""
    name = account_name(raw_name)
    check_new_password(password)
    hashed = HASHER.hash(password)
    try:
        with engine.begin() as conn:
            new_id = conn.execute(
                insert(accounts)
                .values(
                    name=name,
                    name_key=name_key(name),
                    password_hash=hashed,
                    created=time.time(),
                    failures=0,
                )
                .returning(accounts.c.id)
            ).scalar_one()
    except IntegrityError:
        raise AccountError(
            "name-taken", f"The name '{name}' is taken; choose another.", 409
        ) from None
    return Account(id=int(new_id), name=name)


def _row_by_name(conn: Connection, name: str) -> Any:
    return conn.execute(
        select(accounts).where(accounts.c.name_key == name_key(" ".join(name.split())))
    ).first()


def _lock_sentence(until: float, now: float) -> str:
    minutes = max(1, round((until - now) / 60))
    clock = time.strftime("%H:%M UTC", time.gmtime(until))
    return (
        f"Too many wrong passwords for this account: signing in is locked for {minutes} "
        f"minute{'s' if minutes > 1 else ''} (until {clock}). Wait, then try again."
    )


WRONG = "That name and password do not match an account; check both and try again."


def _verify(hashed: str, password: str) -> bool:
    try:
        return HASHER.verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False


def sign_in(engine: Engine, name: str, password: str, now: float | None = None) -> Account:
    """The account whose name and password these are; refuses a wrong pair with one
    sentence (never saying which was wrong), and a locked account with when it opens."""
    now = time.time() if now is None else now
    with engine.connect() as conn:
        row = _row_by_name(conn, name)
    if row is None:
        raise AccountError("wrong-password", WRONG, 401)
    if row.locked_until is not None and row.locked_until > now:
        raise AccountError("signin-locked", _lock_sentence(row.locked_until, now), 429)
    if not _verify(row.password_hash, password[:PASSWORD_MAX]):
        locked = None
        with engine.begin() as conn:
            # Counted in the database itself: wrong guesses sent at once all count.
            failures = conn.execute(
                update(accounts)
                .where(accounts.c.id == row.id)
                .values(failures=accounts.c.failures + 1)
                .returning(accounts.c.failures)
            ).scalar_one()
            if failures >= FREE_TRIES:
                locked = now + min(LOCK_LONGEST, LOCK_SECONDS * 2 ** (failures - FREE_TRIES))
                conn.execute(
                    update(accounts).where(accounts.c.id == row.id).values(locked_until=locked)
                )
        if locked is not None:
            raise AccountError("signin-locked", _lock_sentence(locked, now), 429)
        raise AccountError("wrong-password", WRONG, 401)
    changes: dict[str, Any] = {"failures": 0, "locked_until": None}
    if HASHER.check_needs_rehash(row.password_hash):
        changes["password_hash"] = HASHER.hash(password)
    with engine.begin() as conn:
        conn.execute(update(accounts).where(accounts.c.id == row.id).values(**changes))
    return Account(id=row.id, name=row.name)


def _check_own_password(conn: Connection, account_id: int, password: str) -> None:
    hashed = conn.execute(
        select(accounts.c.password_hash).where(accounts.c.id == account_id)
    ).scalar()
    if hashed is None or not _verify(hashed, password[:PASSWORD_MAX]):
        raise AccountError(
            "wrong-password", "That is not this account's password; nothing was changed.", 403
        )


def change_password(engine: Engine, account_id: int, old: str, new: str) -> None:
    """Replace the account's password, given its present one."""
    check_new_password(new)
    with engine.begin() as conn:
        _check_own_password(conn, account_id, old)
        conn.execute(
            update(accounts)
            .where(accounts.c.id == account_id)
            .values(password_hash=HASHER.hash(new), failures=0, locked_until=None)
        )


@dataclass(frozen=True)
class Deleted:
    places: list[tuple[str, int]]
    """The (table_id, seat) that now show the neutral name."""


def _neutral_names(conn: Connection, account_id: int) -> list[tuple[str, int]]:
    """Give the account's seats, in their tables' headers and results too, the neutral name."""
    places = conn.execute(
        select(seat_accounts.c.table_id, seat_accounts.c.seat).where(
            seat_accounts.c.account_id == account_id
        )
    ).all()
    by_table: dict[str, list[int]] = {}
    for table_id, seat in places:
        by_table.setdefault(table_id, []).append(seat)
    for table_id, seats in by_table.items():
        conn.execute(
            update(seat_rows)
            .where(seat_rows.c.table_id == table_id, seat_rows.c.idx.in_(seats))
            .values(name=FORMER)
        )
        row = conn.execute(
            select(game_tables.c.header, game_tables.c.result).where(game_tables.c.id == table_id)
        ).first()
        if row is None:
            continue
        header, result = row.header, row.result
        for seat in seats:
            if header and seat < len(header.get("seats", [])):
                header["seats"][seat]["name"] = FORMER
            if result and seat < len(result.get("names", [])):
                result["names"][seat] = FORMER
        conn.execute(
            update(game_tables)
            .where(game_tables.c.id == table_id)
            .values(header=header, result=result)
        )
    return [(table_id, seat) for table_id, seat in places]


def delete_account(engine: Engine, account_id: int, password: str) -> Deleted:
    """Delete the account, given its password: its sessions, ratings and links go, and the
    seats it played keep the neutral name ``FORMER``."""
    with engine.begin() as conn:
        _check_own_password(conn, account_id, password)
        places = _neutral_names(conn, account_id)
        for table in (account_sessions, rating_history, ratings, seat_accounts):
            conn.execute(delete(table).where(table.c.account_id == account_id))
        conn.execute(delete(accounts).where(accounts.c.id == account_id))
    return Deleted(places=places)


def account_by_name(engine: Engine, name: str) -> Account | None:
    with engine.connect() as conn:
        row = _row_by_name(conn, name)
    return None if row is None else Account(id=row.id, name=row.name)
