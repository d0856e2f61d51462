"""Keep the grader's messages as codes and values, rendered in the reader's language when read.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add nullable `message_data` (codes and values) and the tests' `names` by locale.

    Rows graded before keep their English text and their `translations`, shown as they were.
    """
    for table in ("submission", "test_result"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("message_data", sa.JSON(), nullable=True))
    with op.batch_alter_table("test_result") as batch:
        batch.add_column(sa.Column("names", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Drop the codes and the names."""
    with op.batch_alter_table("test_result") as batch:
        batch.drop_column("names")
    for table in ("submission", "test_result"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("message_data")
