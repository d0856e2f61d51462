"""Drafts on the server: each learner's editor code per challenge, one row per pair, deleted
with the learner or the challenge.

Revision ID: 0015
Revises: 0014
Create Date: 2027-02-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the draft table."""
    op.create_table(
        "draft",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("challenge_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["user_account.id"], ondelete="CASCADE",
                                name=op.f("fk_draft_user_id_user_account")),
        sa.ForeignKeyConstraint(["challenge_id"], ["challenge.id"], ondelete="CASCADE",
                                name=op.f("fk_draft_challenge_id_challenge")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_draft")),
        sa.UniqueConstraint("user_id", "challenge_id", name=op.f("uq_draft_user_id_challenge_id")),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("draft")
