"""Sessions that can be ended (a session version per user), deactivation, and usernames kept
apart by their confusable skeleton (arena.services.usernames).

Existing names are kept as they are. When two existing names share a skeleton, the older
account keeps it and each later one gets its skeleton followed by `#<id>`: both go on
working, and no new name like theirs can be registered.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from arena.services.usernames import skeleton

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("user_account") as batch:
        batch.add_column(sa.Column("username_key", sa.Text(), nullable=True))
        batch.add_column(sa.Column("session_version", sa.Integer(), nullable=False,
                                   server_default="1"))
        batch.add_column(sa.Column("active", sa.Boolean(), nullable=False,
                                   server_default=sa.true()))
    connection = op.get_bind()
    users = sa.table("user_account", sa.column("id", sa.Integer),
                     sa.column("username", sa.String), sa.column("username_key", sa.String))
    taken: set[str] = set()
    for user_id, username in connection.execute(
            sa.select(users.c.id, users.c.username).order_by(users.c.id)).all():
        key = skeleton(username)
        key = f"{key}#{user_id}" if key in taken else key
        taken.add(key)
        connection.execute(users.update().where(users.c.id == user_id)
                           .values(username_key=key))
    with op.batch_alter_table("user_account") as batch:
        batch.alter_column("username_key", existing_type=sa.Text(), nullable=False)
        batch.create_unique_constraint("uq_user_account_username_key", ["username_key"])


def downgrade() -> None:
    with op.batch_alter_table("user_account") as batch:
        batch.drop_constraint("uq_user_account_username_key", type_="unique")
        batch.drop_column("active")
        batch.drop_column("session_version")
        batch.drop_column("username_key")
