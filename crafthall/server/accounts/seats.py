"""Which account sat at which seat: linked when a signed-in player creates or joins a table,
or when a guest who becomes an account hands over the seat tokens their browser holds.

A link keeps the seat's token sealed (Fernet: AES and an HMAC, under the server secret
``seat-key``), so the account signed in on another browser gets the token back
(:func:`tokens_of_account`) and plays the seat there; the ``seats`` table keeps only the
token's hash, as before (docs/protocol.md, "Seats in any browser").
"""

from __future__ import annotations

import base64
import hmac
import time
from collections.abc import Iterable, Sequence
from typing import Any

from cryptography.fernet import Fernet, InvalidToken
from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from crafthall.server.accounts.sessions import Account, server_secret
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


SEAT_KEY = "seat-key"


def _sealer(engine: Engine) -> Fernet:
    """The Fernet key sealing seat tokens: the server secret ``seat-key`` (32 random bytes)."""
    return Fernet(base64.urlsafe_b64encode(bytes.fromhex(server_secret(engine, SEAT_KEY))))


Place = tuple[str, int] | tuple[str, int, str]
"""A seat to link: (table_id, seat), with its token when it is at hand."""


def link_seats(engine: Engine, account_id: int, places: Iterable[Place]) -> int:
    """Link each (table_id, seat[, token]) to ``account_id``, the token sealed; a seat
    linked already stays as it is, but a link of this account's is sealed afresh (one made
    before tokens were kept, or sealed under a key since lost). Returns how many were linked
    now."""
    linked = 0
    now = time.time()
    sealer = _sealer(engine)
    for table_id, seat, *token in places:
        sealed = sealer.encrypt(token[0].encode()).decode() if token else None
        try:
            with engine.begin() as conn:
                conn.execute(
                    insert(seat_accounts).values(
                        table_id=table_id,
                        seat=seat,
                        account_id=account_id,
                        linked=now,
                        token_sealed=sealed,
                    )
                )
            linked += 1
        except IntegrityError:  # linked before, or no such table
            if sealed is None:
                continue
            with engine.begin() as conn:
                conn.execute(
                    update(seat_accounts)
                    .where(
                        seat_accounts.c.table_id == table_id,
                        seat_accounts.c.seat == seat,
                        seat_accounts.c.account_id == account_id,
                    )
                    .values(token_sealed=sealed)
                )
    return linked


def tokens_of_account(engine: Engine, account_id: int, table_id: str) -> dict[int, str | None]:
    """The seats ``account_id`` holds at ``table_id``, each with its token (None for a link
    made before tokens were kept); empty if the account holds none there."""
    query = select(seat_accounts.c.seat, seat_accounts.c.token_sealed).where(
        seat_accounts.c.table_id == table_id, seat_accounts.c.account_id == account_id
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    if not rows:
        return {}
    sealer = _sealer(engine)
    found: dict[int, str | None] = {}
    for seat, sealed in rows:
        try:
            found[seat] = None if sealed is None else sealer.decrypt(sealed.encode()).decode()
        except InvalidToken:  # sealed under a key since replaced
            found[seat] = None
    return found


def held_seats(engine: Engine, held: Iterable[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    """Each (table_id, seat, token) whose token is that seat's own: a guest proves a seat is
    theirs by its token, never by naming it."""
    proven = []
    with engine.connect() as conn:
        for table_id, seat, token in held:
            stored = conn.execute(
                select(seat_rows.c.token_hash).where(
                    seat_rows.c.table_id == table_id, seat_rows.c.idx == seat
                )
            ).scalar()
            if stored and hmac.compare_digest(str(stored), hash_token(token)):
                proven.append((table_id, seat, token))
    return proven


def account_seat(specs: Sequence[Any], account: Account | None) -> int | None:
    """The seat a signed-in creator takes at a new table: the first person's (``specs``:
    the seat specs, each with a ``kind``), or None for a guest or a table without one."""
    if account is None:
        return None
    return next((n for n, spec in enumerate(specs) if spec.kind == "human"), None)


def carry_seat(engine: Engine, old_table: str, seat: int, new_table: str, token: str) -> bool:
    """Play again: the seat of the next game (``token`` its token) is the account's whose the
    old seat was (its player proved it with the old seat's token). Returns whether it was an
    account's."""
    owner = accounts_of_table(engine, old_table).get(seat)
    if owner is None:
        return False
    return link_seats(engine, owner, [(new_table, seat, token)]) == 1


def _opens(sealer: Fernet, sealed: str | None) -> bool:
    """Whether ``sealed`` is a token sealed under the present key."""
    if sealed is None:
        return False
    try:
        sealer.decrypt(sealed.encode())
    except InvalidToken:
        return False
    return True


def keep_missing_tokens(engine: Engine, account_id: int, proven: Iterable[Place]) -> int:
    """Seal the token of each proven (table_id, seat, token) whose link is ``account_id``'s
    but keeps no token it can open (made before tokens were kept, or sealed under a key since
    lost); link nothing new. Returns how many tokens were kept now."""
    sealer = _sealer(engine)
    kept = 0
    with engine.begin() as conn:
        for table_id, seat, *token in proven:
            mine = (
                seat_accounts.c.table_id == table_id,
                seat_accounts.c.seat == seat,
                seat_accounts.c.account_id == account_id,
            )
            found = conn.execute(select(seat_accounts.c.token_sealed).where(*mine)).first()
            if not token or found is None or _opens(sealer, found.token_sealed):
                continue
            sealed = sealer.encrypt(token[0].encode()).decode()
            conn.execute(update(seat_accounts).where(*mine).values(token_sealed=sealed))
            kept += 1
    return kept
