"""A challenge's visibility: public (listed), unlisted (by its link) or course (its author's
courses). Every challenge stored before stays public, as it was.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the column, public for every challenge, and its check."""
    with op.batch_alter_table("challenge") as batch:
        batch.add_column(sa.Column("visibility", sa.String(16), nullable=False,
                                   server_default="public"))
        batch.create_check_constraint(op.f("ck_challenge_visibility"),
                                      "visibility IN ('public', 'unlisted', 'course')")


def downgrade() -> None:
    """Drop them (every challenge is public again)."""
    with op.batch_alter_table("challenge") as batch:
        batch.drop_constraint(op.f("ck_challenge_visibility"), type_="check")
        batch.drop_column("visibility")
