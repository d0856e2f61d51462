"""Grades: points per challenge of an assignment, a late penalty, the instant work counts
from, each student's extension of the due time, and how a course's roster names a member
(display name, e-mail, student number).

Revision ID: 0022
Revises: 0023
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ROSTER = {"display_name": 200, "email": 254, "student_number": 64}


def upgrade() -> None:
    """Add the columns and the extensions' table."""
    with op.batch_alter_table("assignment_challenge") as batch:
        batch.add_column(sa.Column("points", sa.Float(), nullable=False, server_default="1"))
    with op.batch_alter_table("assignment") as batch:
        batch.add_column(sa.Column("late_percent_per_day", sa.Float(), nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("late_max_percent", sa.Float(), nullable=False,
                                   server_default="100"))
        batch.add_column(sa.Column("counts_from", sa.DateTime(), nullable=True))
    with op.batch_alter_table("course_member") as batch:
        for name, length in ROSTER.items():
            batch.add_column(sa.Column(name, sa.String(length), nullable=True))
    op.create_table(
        "assignment_extension",
        sa.Column("assignment_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("due_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["assignment_id"], ["assignment.id"], ondelete="CASCADE",
                                name=op.f("fk_assignment_extension_assignment_id_assignment")),
        sa.ForeignKeyConstraint(["user_id"], ["user_account.id"], ondelete="CASCADE",
                                name=op.f("fk_assignment_extension_user_id_user_account")),
        sa.PrimaryKeyConstraint("assignment_id", "user_id",
                                name=op.f("pk_assignment_extension")))


def downgrade() -> None:
    """Drop them."""
    op.drop_table("assignment_extension")
    with op.batch_alter_table("course_member") as batch:
        for name in ROSTER:
            batch.drop_column(name)
    with op.batch_alter_table("assignment") as batch:
        for name in ("late_percent_per_day", "late_max_percent", "counts_from"):
            batch.drop_column(name)
    with op.batch_alter_table("assignment_challenge") as batch:
        batch.drop_column("points")
