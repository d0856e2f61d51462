"""A learner's unsubmitted code for a challenge, kept on the server so that it follows them
from device to device and never reaches another account on a shared computer."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from arena.extensions import db
from arena.models.types import UTCDateTime, utcnow


class Draft(db.Model):
    """The editor's code of one user on one challenge (at most one row per pair)."""

    __tablename__ = "draft"
    __table_args__ = (UniqueConstraint("user_id", "challenge_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    challenge_id: Mapped[int] = mapped_column(ForeignKey("challenge.id", ondelete="CASCADE"))
    code: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
