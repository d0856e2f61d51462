"""Create the first tables: users, API tokens, challenges, versions, submissions, test results.

Revision ID: 0001
Revises:
Create Date: 2025-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _users() -> None:
    """Create the users and their API tokens."""
    op.create_table(
        "user_account",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(64), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("password_hash", sa.String(256), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("role IN ('student', 'instructor', 'admin')",
                           name=op.f("ck_user_account_role")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_account")),
        sa.UniqueConstraint("username", name=op.f("uq_user_account_username")),
    )
    op.create_table(
        "api_token",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("prefix", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("revoked_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["user_account.id"], ondelete="CASCADE",
                                name=op.f("fk_api_token_user_id_user_account")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_api_token")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_api_token_token_hash")),
    )
    op.create_index(op.f("ix_api_token_user_id"), "api_token", ["user_id"])


def _challenges() -> None:
    """Create the challenges and their versions, which point at each other."""
    op.create_table(
        "challenge",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(64), nullable=False),
        sa.Column("title", sa.JSON(), nullable=False),
        sa.Column("difficulty", sa.String(16), nullable=False),
        sa.Column("track", sa.String(32), nullable=False),
        sa.Column("order", sa.Integer(), nullable=False),
        sa.Column("tags", sa.JSON(), nullable=False),
        sa.Column("entry_point", sa.String(64), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("current_version_id", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_challenge")),
        sa.UniqueConstraint("slug", name=op.f("uq_challenge_slug")),
    )
    op.create_table(
        "challenge_version",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("challenge_id", sa.Integer(), nullable=False),
        sa.Column("content_hash", sa.String(64), nullable=False),
        sa.Column("statement", sa.JSON(), nullable=False),
        sa.Column("starter", sa.Text(), nullable=False),
        sa.Column("hints", sa.JSON(), nullable=False),
        sa.Column("entry_point", sa.String(64), nullable=False),
        sa.Column("time_limit", sa.Double(), nullable=False),
        sa.Column("memory_mb", sa.Integer(), nullable=False),
        sa.Column("rtol", sa.Double(), nullable=False),
        sa.Column("atol", sa.Double(), nullable=False),
        sa.Column("spec", sa.JSON(), nullable=False),
        sa.Column("prepared", sa.Text(), nullable=True),
        sa.Column("prepare_error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["challenge_id"], ["challenge.id"], ondelete="CASCADE",
                                name=op.f("fk_challenge_version_challenge_id_challenge")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_challenge_version")),
        sa.UniqueConstraint("challenge_id", "content_hash",
                            name=op.f("uq_challenge_version_challenge_id_content_hash")),
    )
    # The two tables point at each other: add the second foreign key once both exist.
    with op.batch_alter_table("challenge") as batch:
        batch.create_foreign_key(op.f("fk_challenge_current_version_id_challenge_version"),
                                 "challenge_version", ["current_version_id"], ["id"],
                                 ondelete="SET NULL")


def _submissions() -> None:
    """Create the submissions and their per-test results."""
    op.create_table(
        "submission",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("challenge_id", sa.Integer(), nullable=False),
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("code", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("verdict", sa.String(32), nullable=True),
        sa.Column("passed", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("output", sa.Text(), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.CheckConstraint("kind IN ('submission', 'run')", name=op.f("ck_submission_kind")),
        sa.CheckConstraint("status IN ('queued', 'running', 'done')",
                           name=op.f("ck_submission_status")),
        sa.ForeignKeyConstraint(["user_id"], ["user_account.id"], ondelete="CASCADE",
                                name=op.f("fk_submission_user_id_user_account")),
        sa.ForeignKeyConstraint(["challenge_id"], ["challenge.id"], ondelete="CASCADE",
                                name=op.f("fk_submission_challenge_id_challenge")),
        sa.ForeignKeyConstraint(["version_id"], ["challenge_version.id"],
                                name=op.f("fk_submission_version_id_challenge_version")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_submission")),
    )
    op.create_index("ix_submission_status_id", "submission", ["status", "id"])
    op.create_index("ix_submission_user_id_challenge_id", "submission",
                    ["user_id", "challenge_id"])
    op.create_table(
        "test_result",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("submission_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(128), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
        sa.Column("passed", sa.Boolean(), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("error_type", sa.String(128), nullable=True),
        sa.Column("mutant", sa.String(64), nullable=True),
        sa.Column("diagnosis", sa.JSON(), nullable=True),
        sa.Column("detail", sa.Text(), nullable=True),
        sa.Column("seconds", sa.Double(), nullable=True),
        sa.ForeignKeyConstraint(["submission_id"], ["submission.id"], ondelete="CASCADE",
                                name=op.f("fk_test_result_submission_id_submission")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_test_result")),
    )
    op.create_index(op.f("ix_test_result_submission_id"), "test_result", ["submission_id"])


def upgrade() -> None:
    """Create every table of the first schema."""
    _users()
    _challenges()
    _submissions()


def downgrade() -> None:
    """Drop every table of the first schema."""
    op.drop_table("test_result")
    op.drop_table("submission")
    with op.batch_alter_table("challenge") as batch:
        batch.drop_constraint(op.f("fk_challenge_current_version_id_challenge_version"),
                              type_="foreignkey")
    op.drop_table("challenge_version")
    op.drop_table("challenge")
    op.drop_table("api_token")
    op.drop_table("user_account")
