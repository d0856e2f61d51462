"""Accounts: an optional e-mail address per user (where a password reset is sent) and the
one-time password reset links, stored as hashes.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the e-mail column and the table of reset links."""
    with op.batch_alter_table("user_account") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
    op.create_table(
        "password_reset",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("issued_by_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["user_account.id"], ondelete="CASCADE",
                                name=op.f("fk_password_reset_user_id_user_account")),
        sa.ForeignKeyConstraint(["issued_by_id"], ["user_account.id"], ondelete="SET NULL",
                                name=op.f("fk_password_reset_issued_by_id_user_account")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_password_reset")),
        sa.UniqueConstraint("user_id", name=op.f("uq_password_reset_user_id")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_password_reset_token_hash")),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("password_reset")
    with op.batch_alter_table("user_account") as batch:
        batch.drop_column("email")
