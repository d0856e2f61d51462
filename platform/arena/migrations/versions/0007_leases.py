"""Leases on running jobs: submissions, regrade items and validations.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("submission", "regrade_item", "challenge_version")


def upgrade() -> None:
    """Add `lease_expires_at`; running rows without one count as lapsed (and are requeued)."""
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("lease_expires_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    """Drop the leases."""
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("lease_expires_at")
