"""AI reviews kept per code, challenge version, language and model (arena.services.review)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from arena.extensions import db
from arena.models.types import UTCDateTime, utcnow


class Review(db.Model):
    """One reviewer's answer, found again by the hash of what it was asked about."""

    __tablename__ = "review"

    id: Mapped[int] = mapped_column(primary_key=True)
    #: SHA-256 of the code, the version's content hash, the verdict, the language and model.
    key: Mapped[str] = mapped_column(String(64), unique=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
