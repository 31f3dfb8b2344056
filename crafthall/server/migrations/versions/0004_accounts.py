"""Accounts, their sessions and their ratings.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _account() -> sa.Column[int]:
    return sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False)


def _table() -> sa.Column[str]:
    return sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), primary_key=True)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("failures", sa.Integer, nullable=False, server_default="0"),
        sa.Column("locked_until", sa.Float, nullable=True),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        _account(),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_table(
        "seat_accounts",
        _table(),
        sa.Column("seat", sa.Integer, primary_key=True),
        _account(),
        sa.Column("linked", sa.Float, nullable=False),
    )
    op.create_index("ix_seat_accounts_account_id", "seat_accounts", ["account_id"])
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        _table(),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
    )
    op.create_table(
        "rated_games",
        _table(),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    for name in (
        "server_secrets",
        "rated_games",
        "rating_history",
        "ratings",
        "seat_accounts",
        "account_sessions",
        "accounts",
    ):
        op.drop_table(name)
