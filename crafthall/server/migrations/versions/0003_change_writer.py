"""Each change row keeps a token of the commit that wrote it, so a writer whose connection
failed with the answer to its COMMIT can tell whether the change is its own.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("changes", sa.Column("writer", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("changes") as batch:
        batch.drop_column("writer")
