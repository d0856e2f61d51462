"""LTI 1.3: registered platforms, our signing keys, login initiations (state and nonce), LMS
accounts, contexts bound to courses, resource links, and the scores sent back as jobs.

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

URL = sa.String(2000)
ID = sa.String(255)


def _id() -> sa.Column:
    return sa.Column("id", sa.Integer(), nullable=False)


def _fk(table: str, column: str, target: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], ondelete=ondelete,
                                   name=op.f(f"fk_{table}_{column}_{target}"))


def upgrade() -> None:
    """Create the LTI tables."""
    op.create_table(
        "lti_key", _id(),
        sa.Column("kid", sa.String(64), nullable=False),
        sa.Column("private_pem", sa.Text(), nullable=False),
        sa.Column("public_jwk", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("retired_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_key")),
        sa.UniqueConstraint("kid", name=op.f("uq_lti_key_kid")))
    op.create_table(
        "lti_platform", _id(),
        sa.Column("issuer", ID, nullable=False),
        sa.Column("client_id", ID, nullable=False),
        sa.Column("name", sa.String(200), nullable=True),
        sa.Column("deployment_ids", sa.JSON(), nullable=False),
        sa.Column("key_set_url", URL, nullable=False),
        sa.Column("auth_login_url", URL, nullable=False),
        sa.Column("access_token_url", URL, nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_platform")),
        sa.UniqueConstraint("issuer", "client_id", name=op.f("uq_lti_platform_issuer_client_id")))
    op.create_table(
        "lti_account", _id(),
        sa.Column("issuer", ID, nullable=False),
        sa.Column("sub", ID, nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        _fk("lti_account", "user_id", "user_account", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_account")),
        sa.UniqueConstraint("issuer", "sub", name=op.f("uq_lti_account_issuer_sub")))
    op.create_index("ix_lti_account_user_id", "lti_account", ["user_id"])
    op.create_table(
        "lti_context", _id(),
        sa.Column("platform_id", sa.Integer(), nullable=False),
        sa.Column("issuer", ID, nullable=False),
        sa.Column("deployment_id", ID, nullable=False),
        sa.Column("context_id", ID, nullable=False),
        sa.Column("course_id", sa.Integer(), nullable=False),
        sa.Column("memberships_url", URL, nullable=True),
        _fk("lti_context", "course_id", "course", "CASCADE"),
        _fk("lti_context", "platform_id", "lti_platform", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_context")),
        sa.UniqueConstraint("issuer", "deployment_id", "context_id",
                            name=op.f("uq_lti_context_issuer_deployment_id_context_id")))
    op.create_index("ix_lti_context_course_id", "lti_context", ["course_id"])
    op.create_table(
        "lti_login", _id(),
        sa.Column("platform_id", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(64), nullable=False),
        sa.Column("nonce", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("used_at", sa.DateTime(), nullable=True),
        _fk("lti_login", "platform_id", "lti_platform", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_login")),
        sa.UniqueConstraint("nonce", name=op.f("uq_lti_login_nonce")),
        sa.UniqueConstraint("state", name=op.f("uq_lti_login_state")))
    op.create_index("ix_lti_login_created_at", "lti_login", ["created_at"])
    op.create_table(
        "lti_resource_link", _id(),
        sa.Column("context_id", sa.Integer(), nullable=False),
        sa.Column("resource_link_id", ID, nullable=False),
        sa.Column("challenge_id", sa.Integer(), nullable=True),
        sa.Column("assignment_id", sa.Integer(), nullable=True),
        sa.Column("lineitem_url", URL, nullable=True),
        _fk("lti_resource_link", "assignment_id", "assignment", "SET NULL"),
        _fk("lti_resource_link", "challenge_id", "challenge", "SET NULL"),
        _fk("lti_resource_link", "context_id", "lti_context", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_resource_link")),
        sa.UniqueConstraint("context_id", "resource_link_id",
                            name=op.f("uq_lti_resource_link_context_id_resource_link_id")))
    op.create_table(
        "lti_score", _id(),
        sa.Column("link_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("requested_at", sa.DateTime(), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("next_try_at", sa.DateTime(), nullable=True),
        sa.Column("outcome", sa.String(16), nullable=True),
        sa.Column("score_given", sa.Float(), nullable=True),
        sa.Column("score_maximum", sa.Float(), nullable=True),
        sa.Column("sent_timestamp", sa.DateTime(), nullable=True),
        sa.Column("error", sa.String(500), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("lease_expires_at", sa.DateTime(), nullable=True),
        sa.CheckConstraint("outcome IN ('sent', 'failed')", name=op.f("ck_lti_score_outcome")),
        sa.CheckConstraint("status IN ('queued', 'running', 'done')",
                           name=op.f("ck_lti_score_status")),
        _fk("lti_score", "link_id", "lti_resource_link", "CASCADE"),
        _fk("lti_score", "user_id", "user_account", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lti_score")),
        sa.UniqueConstraint("link_id", "user_id", name=op.f("uq_lti_score_link_id_user_id")))
    op.create_index("ix_lti_score_user_id", "lti_score", ["user_id"])
    op.create_index("ix_lti_score_status_requested_at", "lti_score", ["status", "requested_at"])


def downgrade() -> None:
    """Drop them."""
    for table in ("lti_score", "lti_resource_link", "lti_login", "lti_context", "lti_account",
                  "lti_platform", "lti_key"):
        op.drop_table(table)
