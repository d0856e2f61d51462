"""Keep each test's name and message, and a submission's message, in the other locales.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("submission", "test_result")


def upgrade() -> None:
    """Add a nullable `translations` column: rows graded before it show English."""
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("translations", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Drop the translations."""
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("translations")
