"""The gradebook's cells kept as data (arena.services.gradebook_cells), filled from the
submissions already recorded.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The cells as arena.services.gradebook_cells computed them at this revision (a snapshot: the
# service's own query is the rule from here on).
FILL = """
INSERT INTO gradebook_cell (assignment_id, challenge_id, user_id, attempts, accepted_at,
                            newest_at, verdict)
SELECT cell.assignment_id, cell.challenge_id, cell.user_id, cell.attempts, cell.accepted_at,
       cell.newest_at,
       CASE WHEN cell.accepted_at IS NOT NULL THEN 'accepted' ELSE (
           SELECT newest.verdict FROM submission AS newest
           WHERE newest.status = 'done' AND newest.kind = 'submission'
             AND newest.verdict != 'internal_error' AND newest.user_id = cell.user_id
             AND newest.challenge_id = cell.challenge_id
             AND newest.created_at = cell.newest_at
           ORDER BY newest.id DESC LIMIT 1) END
FROM (
    SELECT a.id AS assignment_id, ac.challenge_id AS challenge_id, s.user_id AS user_id,
           count(*) AS attempts,
           min(CASE WHEN s.verdict = 'accepted' THEN s.created_at END) AS accepted_at,
           max(s.created_at) AS newest_at
    FROM assignment AS a
    JOIN assignment_challenge AS ac ON ac.assignment_id = a.id
    JOIN course_member AS m ON m.course_id = a.course_id AND m.role = 'student'
    JOIN submission AS s ON s.user_id = m.user_id AND s.challenge_id = ac.challenge_id
    WHERE s.status = 'done' AND s.kind = 'submission' AND s.verdict != 'internal_error'
      AND s.created_at >= a.opens_at
      AND (a.late_policy = 'marked' OR s.created_at <= a.due_at)
    GROUP BY a.id, ac.challenge_id, s.user_id
) AS cell
"""


def upgrade() -> None:
    """Create gradebook_cell and fill it."""
    op.create_table(
        "gradebook_cell",
        sa.Column("assignment_id", sa.Integer(), nullable=False),
        sa.Column("challenge_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("accepted_at", sa.DateTime(), nullable=True),
        sa.Column("newest_at", sa.DateTime(), nullable=False),
        sa.Column("verdict", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["assignment_id"], ["assignment.id"], ondelete="CASCADE",
                                name=op.f("fk_gradebook_cell_assignment_id_assignment")),
        sa.ForeignKeyConstraint(["challenge_id"], ["challenge.id"], ondelete="CASCADE",
                                name=op.f("fk_gradebook_cell_challenge_id_challenge")),
        sa.ForeignKeyConstraint(["user_id"], ["user_account.id"], ondelete="CASCADE",
                                name=op.f("fk_gradebook_cell_user_id_user_account")),
        sa.PrimaryKeyConstraint("assignment_id", "challenge_id", "user_id",
                                name=op.f("pk_gradebook_cell")),
    )
    op.create_index("ix_gradebook_cell_user_id_challenge_id", "gradebook_cell",
                    ["user_id", "challenge_id"])
    op.execute(FILL)


def downgrade() -> None:
    """Drop it (the gradebook is then aggregated again by the older code)."""
    op.drop_index("ix_gradebook_cell_user_id_challenge_id", table_name="gradebook_cell")
    op.drop_table("gradebook_cell")
