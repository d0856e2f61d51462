"""Courses, their members and their assignments.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the courses and their members."""
    op.create_table(
        "course",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("join_code", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_course")),
        sa.UniqueConstraint("join_code", name=op.f("uq_course_join_code")),
    )
    op.create_table(
        "course_member",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("joined_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("role IN ('student', 'instructor')", name=op.f("ck_course_member_role")),
        sa.ForeignKeyConstraint(["course_id"], ["course.id"], ondelete="CASCADE",
                                name=op.f("fk_course_member_course_id_course")),
        sa.ForeignKeyConstraint(["user_id"], ["user_account.id"], ondelete="CASCADE",
                                name=op.f("fk_course_member_user_id_user_account")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_course_member")),
        sa.UniqueConstraint("course_id", "user_id",
                            name=op.f("uq_course_member_course_id_user_id")),
    )


    _assignments()


def _assignments() -> None:
    """Create the assignments and their ordered challenges."""
    op.create_table(
        "assignment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("opens_at", sa.DateTime(), nullable=False),
        sa.Column("due_at", sa.DateTime(), nullable=False),
        sa.Column("late_policy", sa.String(16), nullable=False),
        sa.CheckConstraint("late_policy IN ('marked', 'not_counted')",
                           name=op.f("ck_assignment_late_policy")),
        sa.ForeignKeyConstraint(["course_id"], ["course.id"], ondelete="CASCADE",
                                name=op.f("fk_assignment_course_id_course")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_assignment")),
    )
    op.create_index(op.f("ix_assignment_course_id"), "assignment", ["course_id"])
    op.create_table(
        "assignment_challenge",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("assignment_id", sa.Integer(), nullable=False),
        sa.Column("challenge_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["assignment_id"], ["assignment.id"], ondelete="CASCADE",
                                name=op.f("fk_assignment_challenge_assignment_id_assignment")),
        sa.ForeignKeyConstraint(["challenge_id"], ["challenge.id"], ondelete="CASCADE",
                                name=op.f("fk_assignment_challenge_challenge_id_challenge")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_assignment_challenge")),
        sa.UniqueConstraint("assignment_id", "challenge_id",
                            name=op.f("uq_assignment_challenge_assignment_id_challenge_id")),
    )


def downgrade() -> None:
    """Drop the assignments, the members, then the courses."""
    op.drop_table("assignment_challenge")
    op.drop_index(op.f("ix_assignment_course_id"), table_name="assignment")
    op.drop_table("assignment")
    op.drop_table("course_member")
    op.drop_table("course")
