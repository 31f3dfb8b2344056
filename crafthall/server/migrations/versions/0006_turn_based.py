"""Turn-based tables: each seat's deadline and time bank, kept in the database; the notices
sent, and each account's notification choices and Web Push subscriptions.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _of_table(name: str, *columns: sa.Column[object]) -> None:
    op.create_table(
        name,
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True),
        *columns,
    )


def _account_id(primary_key: bool = False) -> sa.Column[int]:
    """An account's id, its rows deleted with the account."""
    cascade = sa.ForeignKey("accounts.id", ondelete="CASCADE")
    return sa.Column("account_id", sa.Integer, cascade, primary_key=primary_key, nullable=False)


def upgrade() -> None:
    _of_table(
        "turn_tables",
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("bot_to_move", sa.Boolean, nullable=False),
    )
    _of_table(
        "turn_clocks",
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("bank", sa.Float, nullable=False),
        sa.Column("since", sa.Float, nullable=True),
        sa.Column("turn", sa.Integer, nullable=True),
        sa.Column("due", sa.Float, nullable=True),
        sa.Column("claimed_until", sa.Float, nullable=True),
    )
    op.create_index("ix_turn_clocks_due", "turn_clocks", ["due"])
    _of_table(
        "turn_notices",
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("turn", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("sent", sa.Float, nullable=False),
    )
    op.create_table(
        "notify_settings",
        _account_id(primary_key=True),
        sa.Column("push", sa.Boolean, nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.String(64), primary_key=True),
        _account_id(),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_push_subscriptions_account_id", "push_subscriptions", ["account_id"])


def downgrade() -> None:
    for name in (
        "push_subscriptions",
        "notify_settings",
        "turn_notices",
        "turn_clocks",
        "turn_tables",
    ):
        op.drop_table(name)
