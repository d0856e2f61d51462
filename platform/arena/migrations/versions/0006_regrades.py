"""Regrades and their items, and the verdicts a regrade replaced.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _fk(table: str, column: str, target: str, ondelete: str | None = None):
    """A foreign key named by the project's convention."""
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], ondelete=ondelete,
                                   name=op.f(f"fk_{table}_{column}_{target}"))


def upgrade() -> None:
    """Create the regrades, their items and the submissions' grade history."""
    op.create_table(
        "regrade",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("challenge_id", sa.Integer(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=True),
        sa.Column("student_id", sa.Integer(), nullable=True),
        sa.Column("requested_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        _fk("regrade", "challenge_id", "challenge", "CASCADE"),
        _fk("regrade", "version_id", "challenge_version"),
        _fk("regrade", "course_id", "course", "SET NULL"),
        _fk("regrade", "student_id", "user_account", "SET NULL"),
        _fk("regrade", "requested_by", "user_account", "SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_regrade")),
    )
    op.create_table(
        "regrade_item",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("regrade_id", sa.Integer(), nullable=False),
        sa.Column("submission_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(16), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.CheckConstraint("status IN ('queued', 'running', 'done')",
                           name=op.f("ck_regrade_item_status")),
        sa.CheckConstraint("outcome IN ('same', 'changed', 'failed')",
                           name=op.f("ck_regrade_item_outcome")),
        _fk("regrade_item", "regrade_id", "regrade", "CASCADE"),
        _fk("regrade_item", "submission_id", "submission", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_regrade_item")),
    )
    op.create_index("ix_regrade_item_status_id", "regrade_item", ["status", "id"])
    op.create_index("ix_regrade_item_regrade_id_status", "regrade_item",
                    ["regrade_id", "status"])
    op.create_table(
        "submission_grade",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("submission_id", sa.Integer(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.Column("verdict", sa.String(32), nullable=True),
        sa.Column("passed", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("message_data", sa.JSON(), nullable=True),
        sa.Column("graded_at", sa.DateTime(), nullable=True),
        sa.Column("regrade_id", sa.Integer(), nullable=True),
        _fk("submission_grade", "submission_id", "submission", "CASCADE"),
        _fk("submission_grade", "version_id", "challenge_version"),
        _fk("submission_grade", "regrade_id", "regrade", "SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_submission_grade")),
    )
    op.create_index(op.f("ix_submission_grade_submission_id"), "submission_grade",
                    ["submission_id"])


def downgrade() -> None:
    """Drop the history, the items, then the regrades."""
    op.drop_index(op.f("ix_submission_grade_submission_id"), table_name="submission_grade")
    op.drop_table("submission_grade")
    op.drop_index("ix_regrade_item_regrade_id_status", table_name="regrade_item")
    op.drop_index("ix_regrade_item_status_id", table_name="regrade_item")
    op.drop_table("regrade_item")
    op.drop_table("regrade")
