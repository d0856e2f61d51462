"""Assignments pin a challenge version (arena.services.gradebook_cells counts its grades), a
submission keeps its grades against pinned versions beside its own, and the gradebook's index
covers what tells whether a submission's own verdict is the one it counts with.

Each existing assignment's challenge pins the challenge's published version (else its newest
version published once, else its newest), pinned now: every grade already recorded was made
before, so each submission counts with the verdict it has, and no cell changes.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from arena.models.types import utcnow

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: ix_submission_gradebook's columns at 0008.
INDEXED = ["status", "kind", "user_id", "challenge_id", "created_at", "verdict"]

PIN = """
UPDATE assignment_challenge SET pinned_at = :now, version_id = COALESCE(
    (SELECT c.current_version_id FROM challenge AS c
     WHERE c.id = assignment_challenge.challenge_id),
    (SELECT v.id FROM challenge_version AS v
     WHERE v.challenge_id = assignment_challenge.challenge_id AND v.published_at IS NOT NULL
     ORDER BY v.number DESC LIMIT 1),
    (SELECT v.id FROM challenge_version AS v
     WHERE v.challenge_id = assignment_challenge.challenge_id
     ORDER BY v.number DESC LIMIT 1))
"""


def upgrade() -> None:
    """Add the pins and fill them; mark no existing grade as pinned."""
    with op.batch_alter_table("assignment_challenge") as batch:
        batch.add_column(sa.Column("version_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("pinned_at", sa.DateTime(), nullable=True))
    now = utcnow().replace(tzinfo=None)  # stored as naive UTC, like every UTCDateTime
    op.get_bind().execute(sa.text(PIN).bindparams(sa.bindparam("now", now, sa.DateTime())))
    with op.batch_alter_table("assignment_challenge") as batch:
        batch.alter_column("version_id", existing_type=sa.Integer(), nullable=False)
        batch.alter_column("pinned_at", existing_type=sa.DateTime(), nullable=False)
        batch.create_foreign_key("fk_assignment_challenge_version_id_challenge_version",
                                 "challenge_version", ["version_id"], ["id"])
    with op.batch_alter_table("submission_grade") as batch:
        batch.add_column(sa.Column("pinned", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.drop_index("ix_submission_gradebook", table_name="submission")
    op.create_index("ix_submission_gradebook", "submission", [*INDEXED, "version_id",
                                                              "finished_at", "id"])


def downgrade() -> None:
    """Drop the pins and the grades against pinned versions (the older code counts each
    submission's own verdict)."""
    op.drop_index("ix_submission_gradebook", table_name="submission")
    op.create_index("ix_submission_gradebook", "submission", INDEXED)
    op.execute("DELETE FROM submission_grade WHERE pinned")
    with op.batch_alter_table("submission_grade") as batch:
        batch.drop_column("pinned")
    with op.batch_alter_table("assignment_challenge") as batch:
        batch.drop_constraint("fk_assignment_challenge_version_id_challenge_version",
                              type_="foreignkey")
        batch.drop_column("pinned_at")
        batch.drop_column("version_id")
