"""Which account sat at which seat: linked when a signed-in player creates or joins a table,
or when a guest who becomes an account hands over the seat tokens their browser holds."""

from __future__ import annotations

import hmac
import time
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from crafthall.server.accounts.sessions import Account
from crafthall.server.accounts.tables import seat_accounts
from crafthall.server.db import seats as seat_rows
from crafthall.server.table import hash_token


def seats_of_account(engine: Engine, account_id: int) -> list[tuple[str, int]]:
    """Every (table_id, seat) the account sat at, oldest link first."""
    query = (
        select(seat_accounts.c.table_id, seat_accounts.c.seat)
        .where(seat_accounts.c.account_id == account_id)
        .order_by(seat_accounts.c.linked, seat_accounts.c.table_id, seat_accounts.c.seat)
    )
    with engine.connect() as conn:
        return [(row.table_id, row.seat) for row in conn.execute(query)]


def accounts_of_table(engine: Engine, table_id: str) -> dict[int, int]:
    """The accounts seated at ``table_id``: account id by seat."""
    query = select(seat_accounts.c.seat, seat_accounts.c.account_id).where(
        seat_accounts.c.table_id == table_id
    )
    with engine.connect() as conn:
        return {row.seat: row.account_id for row in conn.execute(query)}


def link_seats(engine: Engine, account_id: int, places: Iterable[tuple[str, int]]) -> int:
    """Link each (table_id, seat) to ``account_id``; a seat linked already (to this account
    or another) stays as it is. Returns how many were linked now."""
    linked = 0
    now = time.time()
    for table_id, seat in places:
        try:
            with engine.begin() as conn:
                conn.execute(
                    insert(seat_accounts).values(
                        table_id=table_id, seat=seat, account_id=account_id, linked=now
                    )
                )
            linked += 1
        except IntegrityError:  # linked before, or no such table
            continue
    return linked


def held_seats(engine: Engine, held: Iterable[tuple[str, int, str]]) -> list[tuple[str, int]]:
    """The (table_id, seat) of each (table_id, seat, token) whose token is that seat's own:
    a guest proves a seat is theirs by its token, never by naming it."""
    proven = []
    with engine.connect() as conn:
        for table_id, seat, token in held:
            stored = conn.execute(
                select(seat_rows.c.token_hash).where(
                    seat_rows.c.table_id == table_id, seat_rows.c.idx == seat
                )
            ).scalar()
            if stored and hmac.compare_digest(str(stored), hash_token(token)):
                proven.append((table_id, seat))
    return proven


def account_seat(specs: Sequence[Any], account: Account | None) -> int | None:
    """The seat a signed-in creator takes at a new table: the first person's (``specs``:
    the seat specs, each with a ``kind``), or None for a guest or a table without one."""
    if account is None:
        return None
    return next((n for n, spec in enumerate(specs) if spec.kind == "human"), None)


def carry_seat(engine: Engine, old_table: str, seat: int, new_table: str) -> bool:
    """Play again: the seat of the next game is the account's whose the old seat was (its
    player proved it with the old seat's token). Returns whether it was an account's."""
    owner = accounts_of_table(engine, old_table).get(seat)
    if owner is None:
        return False
    return link_seats(engine, owner, [(new_table, seat)]) == 1
