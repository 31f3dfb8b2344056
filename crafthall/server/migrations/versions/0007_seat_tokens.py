"""An account's seat keeps its token, sealed, so the account can play it from any browser.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seat_accounts", sa.Column("token_sealed", sa.String(200), nullable=True))


def downgrade() -> None:
    op.drop_column("seat_accounts", "token_sealed")
