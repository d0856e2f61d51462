"""An `Idempotency-Key` a user sent on a creating POST, and the first answer it got."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from arena.extensions import db
from arena.models.types import UTCDateTime, utcnow

#: The longest key accepted (arena.services.idempotency checks it before storing).
MAX_KEY_LENGTH = 128


class IdempotencyKey(db.Model):
    """One key of one user: the request it came with (`fingerprint`, SHA-256 hex) and, once
    answered, the answer (`status`, `body`, `location`); `status` None while in progress.

    The row is stored in the same transaction as the work the request stores, so a key in the
    table always means its work is stored, exactly once: (user, key) is unique."""

    __tablename__ = "idempotency_key"
    __table_args__ = (UniqueConstraint("user_id", "key"),
                      Index("ix_idempotency_key_created_at", "created_at"))

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(MAX_KEY_LENGTH))
    fingerprint: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    status: Mapped[int | None] = mapped_column()
    body: Mapped[str | None] = mapped_column(Text)
    location: Mapped[str | None] = mapped_column(Text)
