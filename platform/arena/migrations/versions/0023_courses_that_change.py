"""Courses that change: a course may be archived (`course.archived_at`, null while it runs),
and an assignment says when its students read their feedback (`assignment.feedback`:
`immediate`, as every assignment did before, or `after_due`).

Revision ID: 0023
Revises: 0021
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the columns; every existing assignment keeps its immediate feedback."""
    with op.batch_alter_table("course") as batch:
        batch.add_column(sa.Column("archived_at", sa.DateTime(), nullable=True))
    with op.batch_alter_table("assignment") as batch:
        batch.add_column(sa.Column("feedback", sa.String(16), nullable=False,
                                   server_default="immediate"))
        batch.create_check_constraint(op.f("ck_assignment_feedback"),
                                      "feedback IN ('immediate', 'after_due')")


def downgrade() -> None:
    """Drop the columns."""
    with op.batch_alter_table("assignment") as batch:
        batch.drop_constraint(op.f("ck_assignment_feedback"), type_="check")
        batch.drop_column("feedback")
    with op.batch_alter_table("course") as batch:
        batch.drop_column("archived_at")
