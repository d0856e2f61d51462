"""An index covering the gradebook's aggregate over finished submissions.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ["status", "kind", "user_id", "challenge_id", "created_at", "verdict"]


def upgrade() -> None:
    """Create ix_submission_gradebook (bench/gradebook.py: 300,000 rows aggregated)."""
    op.create_index("ix_submission_gradebook", "submission", COLUMNS)


def downgrade() -> None:
    """Drop it."""
    op.drop_index("ix_submission_gradebook", table_name="submission")
