"""A console run's call: `submission.call`, the arguments a learner typed in the challenge
page's console (parsed on the host), null for every other run and submission.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the column."""
    with op.batch_alter_table("submission") as batch:
        batch.add_column(sa.Column("call", sa.JSON(), nullable=True))


def downgrade() -> None:
    """Drop the column."""
    with op.batch_alter_table("submission") as batch:
        batch.drop_column("call")
