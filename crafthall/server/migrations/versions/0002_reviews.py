"""Reviews of finished games, saved once computed: one row per table or uploaded record.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("ref", sa.String(64), primary_key=True),
        sa.Column("review", sa.JSON, nullable=False),
        sa.Column("effort", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
