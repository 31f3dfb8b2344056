"""Turn-based tables: each seat's deadline and time bank, kept in the database.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
