"""Lesson cell runs: a job table of their own (arena.models.lesson.CellRun).

Revision ID: 0016
Revises: 0015
Create Date: 2027-02-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "cell_run",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("lesson", sa.String(100), nullable=False),
        sa.Column("cell", sa.String(40), nullable=False),
        sa.Column("code", sa.Text(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("status", sa.Enum("queued", "running", "done", name="status",
                                    native_enum=False, length=16, create_constraint=True),
                  nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("lease_expires_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["user_account.id"],
                                name=op.f("fk_cell_run_user_id_user_account"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cell_run")),
        sa.UniqueConstraint("token", name=op.f("uq_cell_run_token")),
    )
    op.create_index("ix_cell_run_status_id", "cell_run", ["status", "id"])
    op.create_index(op.f("ix_cell_run_user_id"), "cell_run", ["user_id"])


def downgrade() -> None:
    op.drop_table("cell_run")
