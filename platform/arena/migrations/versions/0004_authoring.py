"""Authoring: drafts beside the published version, numbered versions with their files and
validation, owners, and tracks described by the challenges' own metadata.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the columns; every version made before was published when it was synced."""
    with op.batch_alter_table("challenge_version") as batch:
        batch.add_column(sa.Column("number", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("files", sa.Text(), nullable=True))
        batch.add_column(sa.Column("author_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("published_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("validation_status", sa.String(16), nullable=True))
        batch.add_column(sa.Column("validation", sa.Text(), nullable=True))
        batch.add_column(sa.Column("publish_when_valid", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.create_foreign_key(op.f("fk_challenge_version_author_id_user_account"),
                                 "user_account", ["author_id"], ["id"], ondelete="SET NULL")
    connection = op.get_bind()
    numbers: dict[int, int] = {}
    rows = connection.execute(sa.text(
        "SELECT id, challenge_id FROM challenge_version ORDER BY id")).all()
    for version_id, challenge_id in rows:
        numbers[challenge_id] = numbers.get(challenge_id, 0) + 1
        connection.execute(sa.text("UPDATE challenge_version SET number = :n, "
                                   "published_at = created_at WHERE id = :id"),
                           {"n": numbers[challenge_id], "id": version_id})
    with op.batch_alter_table("challenge_version") as batch:
        batch.alter_column("number", existing_type=sa.Integer(), nullable=False)
        batch.create_unique_constraint(op.f("uq_challenge_version_challenge_id_number"),
                                       ["challenge_id", "number"])
    with op.batch_alter_table("challenge") as batch:
        batch.alter_column("track", existing_type=sa.String(32), type_=sa.String(64))
        batch.add_column(sa.Column("track_order", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("track_title", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("origin", sa.String(16), nullable=False,
                                   server_default="folder"))
        batch.add_column(sa.Column("owner_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("draft_version_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(op.f("fk_challenge_owner_id_user_account"), "user_account",
                                 ["owner_id"], ["id"], ondelete="SET NULL")
        batch.create_foreign_key(op.f("fk_challenge_draft_version_id_challenge_version"),
                                 "challenge_version", ["draft_version_id"], ["id"],
                                 ondelete="SET NULL")


def downgrade() -> None:
    """Drop the columns (drafts and authored challenges' owners are lost)."""
    with op.batch_alter_table("challenge") as batch:
        batch.drop_constraint(op.f("fk_challenge_draft_version_id_challenge_version"),
                              type_="foreignkey")
        batch.drop_constraint(op.f("fk_challenge_owner_id_user_account"), type_="foreignkey")
        for column in ("draft_version_id", "owner_id", "origin", "track_title", "track_order"):
            batch.drop_column(column)
        batch.alter_column("track", existing_type=sa.String(64), type_=sa.String(32))
    with op.batch_alter_table("challenge_version") as batch:
        batch.drop_constraint(op.f("uq_challenge_version_challenge_id_number"), type_="unique")
        batch.drop_constraint(op.f("fk_challenge_version_author_id_user_account"),
                              type_="foreignkey")
        for column in ("publish_when_valid", "validation", "validation_status", "published_at",
                       "author_id", "files", "number"):
            batch.drop_column(column)
