"""A version's examples as a job of the authoring lane: the public cases alone, prepared
before the whole version is, so that a page shows them seconds after its challenge is
published. Its lifecycle columns (arena.models.lifecycle), the examples, and the lane's
indexes.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES = {"ix_challenge_version_examples_status": ["examples_status", "author_id"],
           "ix_challenge_version_author_id_examples": ["author_id", "examples_started_at"]}


def upgrade() -> None:
    """Add the columns, the status's check and the indexes."""
    with op.batch_alter_table("challenge_version") as batch:
        batch.add_column(sa.Column("examples", sa.Text(), nullable=True))
        batch.add_column(sa.Column("examples_status", sa.String(16), nullable=True))
        batch.add_column(sa.Column("examples_attempt", sa.Integer(), nullable=False,
                                   server_default="0"))
        for column in ("started_at", "finished_at", "lease_expires_at"):
            batch.add_column(sa.Column(f"examples_{column}", sa.DateTime(), nullable=True))
        batch.create_check_constraint(op.f("ck_challenge_version_examples_status"),
                                      "examples_status IN ('queued', 'running', 'done')")
        for name, columns in INDEXES.items():
            batch.create_index(name, columns)


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("challenge_version") as batch:
        for name in INDEXES:
            batch.drop_index(name)
        batch.drop_constraint(op.f("ck_challenge_version_examples_status"), type_="check")
        for column in ("examples", "examples_status", "examples_attempt", "examples_started_at",
                       "examples_finished_at", "examples_lease_expires_at"):
            batch.drop_column(column)
