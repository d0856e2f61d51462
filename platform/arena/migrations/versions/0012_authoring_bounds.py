"""Preparation as a job of the authoring lane: its status, when a version's job started, and
indexes that let the lane find its work without reading the versions' large columns; an
index of the submissions by version, to find the versions nothing uses.

Revision ID: 0012
Revises: 0011
Create Date: 2027-01-10
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES = {"ix_challenge_version_prepare_status": ["prepare_status", "author_id"],
           "ix_challenge_version_validation_status": ["validation_status", "author_id"],
           "ix_challenge_version_author_id": ["author_id", "job_started_at"]}


def upgrade() -> None:
    """Add the columns and indexes; a version prepared (or refused) before is done (failed)."""
    with op.batch_alter_table("challenge_version") as batch:
        batch.add_column(sa.Column("prepare_status", sa.String(16), nullable=True))
        batch.add_column(sa.Column("job_started_at", sa.DateTime(), nullable=True))
        for name, columns in INDEXES.items():
            batch.create_index(name, columns)
    op.create_index("ix_submission_version_id", "submission", ["version_id"])
    op.execute("UPDATE challenge_version SET prepare_status = 'done' WHERE prepared IS NOT NULL")
    op.execute("UPDATE challenge_version SET prepare_status = 'failed' "
               "WHERE prepared IS NULL AND prepare_error IS NOT NULL")


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_submission_version_id", "submission")
    with op.batch_alter_table("challenge_version") as batch:
        for name in INDEXES:
            batch.drop_index(name)
        batch.drop_column("job_started_at")
        batch.drop_column("prepare_status")
