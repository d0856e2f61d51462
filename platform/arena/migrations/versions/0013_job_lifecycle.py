"""One job lifecycle (arena.models.lifecycle) on every job table: a regrade item gets its
`started_at`; a version's validation and preparation each get their own attempt, lease and
start and finish times instead of the one lease and start they shared, and a status constraint
each. A failed preparation is `done` with its `prepare_error` (the status says where the job
is, the error what came of it).

Revision ID: 0013
Revises: 0012
Create Date: 2027-01-20
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JOBS = ("validation", "prepare")
INDEXES = {"ix_challenge_version_author_id_prepare": ["author_id", "prepare_started_at"],
           "ix_challenge_version_author_id_validation": ["author_id", "validation_started_at"]}
SHARED_INDEX = {"ix_challenge_version_author_id": ["author_id", "job_started_at"]}


def _add_lifecycle(batch, job: str) -> None:
    """Add one job's attempt, times and lease (its status exists)."""
    batch.add_column(sa.Column(f"{job}_attempt", sa.Integer(), nullable=False,
                               server_default="0"))
    for column in ("started_at", "finished_at", "lease_expires_at"):
        batch.add_column(sa.Column(f"{job}_{column}", sa.DateTime(), nullable=True))


def upgrade() -> None:
    """Add the columns, carry the shared lease and start over to the job they belonged to,
    then drop the shared ones and check the statuses."""
    with op.batch_alter_table("regrade_item") as batch:
        batch.add_column(sa.Column("started_at", sa.DateTime(), nullable=True))
    with op.batch_alter_table("challenge_version") as batch:
        for job in JOBS:
            _add_lifecycle(batch, job)
    op.execute("UPDATE challenge_version SET prepare_status = 'done' "
               "WHERE prepare_status = 'failed'")
    for job in JOBS:
        op.execute(f"UPDATE challenge_version SET {job}_lease_expires_at = lease_expires_at, "
                   f"{job}_attempt = 1 WHERE {job}_status = 'running'")
        op.execute(f"UPDATE challenge_version SET {job}_started_at = job_started_at "
                   f"WHERE {job}_status IS NOT NULL")
        op.execute(f"UPDATE challenge_version SET {job}_attempt = 1 WHERE {job}_status = 'done'")
    with op.batch_alter_table("challenge_version") as batch:
        for name in SHARED_INDEX:
            batch.drop_index(name)
        batch.drop_column("lease_expires_at")
        batch.drop_column("job_started_at")
        for name, columns in INDEXES.items():
            batch.create_index(name, columns)
        for job in JOBS:
            batch.create_check_constraint(op.f(f"ck_challenge_version_{job}_status"),
                                          f"{job}_status IN ('queued', 'running', 'done')")


def downgrade() -> None:
    """Put back the shared lease and start (a version's later one) and the failed status."""
    with op.batch_alter_table("challenge_version") as batch:
        for job in JOBS:
            batch.drop_constraint(op.f(f"ck_challenge_version_{job}_status"), type_="check")
        batch.add_column(sa.Column("lease_expires_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("job_started_at", sa.DateTime(), nullable=True))
    op.execute("UPDATE challenge_version SET "
               "lease_expires_at = COALESCE(validation_lease_expires_at, "
               "prepare_lease_expires_at), "
               "job_started_at = CASE WHEN prepare_started_at IS NULL "
               "OR validation_started_at > prepare_started_at THEN validation_started_at "
               "ELSE prepare_started_at END")
    op.execute("UPDATE challenge_version SET prepare_status = 'failed' WHERE prepare_status = "
               "'done' AND prepared IS NULL AND prepare_error IS NOT NULL")
    with op.batch_alter_table("challenge_version") as batch:
        for name in INDEXES:
            batch.drop_index(name)
        for job in JOBS:
            for column in ("attempt", "started_at", "finished_at", "lease_expires_at"):
                batch.drop_column(f"{job}_{column}")
        for name, columns in SHARED_INDEX.items():
            batch.create_index(name, columns)
    with op.batch_alter_table("regrade_item") as batch:
        batch.drop_column("started_at")
