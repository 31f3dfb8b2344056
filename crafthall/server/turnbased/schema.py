"""The rows of turn-based tables and their notifications (migration 0006).

- ``turn_tables``: each turn-based table, with the version its seats' rows reflect (a row
  is written only by a newer version, whichever process gets there first) and whether a
  server-side bot must move there (such a table is read back at start-up).
- ``turn_clocks``: each person's seat of such a table: its time bank, and while it is its
  turn, since when, until when (``due``, indexed: the scheduler's next deadline is the
  smallest), and which process has claimed the deadline until when.
- ``turn_notices``: one row per notice sent (a seat's turn, a reminder): its key makes a
  second one for the same turn impossible, whichever process tries.
- ``notify_settings``, ``push_subscriptions``: an account's choice of notifications and
  its browsers' Web Push subscriptions, which go with the account when it is deleted.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Integer, String, Table, Text

from crafthall.server.db import _per_table, metadata


def _account_id(primary_key: bool = False, index: bool = False) -> Column[int]:
    """An account's id, its rows deleted with the account."""
    cascade = ForeignKey("accounts.id", ondelete="CASCADE")
    return Column(
        "account_id", Integer, cascade, primary_key=primary_key, nullable=False, index=index
    )


turn_tables = Table(
    "turn_tables",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("version", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("bot_to_move", Boolean, nullable=False),
)

turn_clocks = _per_table(
    "turn_clocks",
    "seat",
    Column("bank", Float, nullable=False),
    Column("since", Float, nullable=True),
    Column("turn", Integer, nullable=True),
    Column("due", Float, nullable=True, index=True),
    Column("claimed_until", Float, nullable=True),
)

turn_notices = _per_table(
    "turn_notices",
    "seat",
    Column("turn", Integer, primary_key=True),
    Column("kind", String(16), primary_key=True),
    Column("sent", Float, nullable=False),
)

notify_settings = Table(
    "notify_settings",
    metadata,
    _account_id(primary_key=True),
    Column("push", Boolean, nullable=False),
    Column("email", String(254), nullable=True),
)

push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", String(64), primary_key=True),
    _account_id(index=True),
    Column("endpoint", Text, nullable=False),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("created", Float, nullable=False),
)
