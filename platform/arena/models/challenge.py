"""Challenges and their immutable versions, one per content hash of the challenge folder."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Double, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from arena.extensions import db
from arena.models.types import JSONText, UTCDateTime, utcnow


class Challenge(db.Model):
    """A challenge of the catalog; what it asks lives in its current version."""

    __tablename__ = "challenge"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(64), unique=True)
    title: Mapped[dict[str, str]] = mapped_column(JSON)
    difficulty: Mapped[str] = mapped_column(String(16))
    track: Mapped[str] = mapped_column(String(32))
    order: Mapped[int] = mapped_column(default=0)
    tags: Mapped[list[str]] = mapped_column(JSON, default=list)
    entry_point: Mapped[str] = mapped_column(String(64))
    active: Mapped[bool] = mapped_column(default=True)
    current_version_id: Mapped[int | None] = mapped_column(
        ForeignKey("challenge_version.id", use_alter=True, ondelete="SET NULL")
    )

    current_version: Mapped[ChallengeVersion | None] = relationship(
        foreign_keys=[current_version_id], post_update=True
    )


class ChallengeVersion(db.Model):
    """One version of a challenge: the full spec as data, and its prepared cases once computed."""

    __tablename__ = "challenge_version"
    __table_args__ = (UniqueConstraint("challenge_id", "content_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    challenge_id: Mapped[int] = mapped_column(ForeignKey("challenge.id", ondelete="CASCADE"))
    content_hash: Mapped[str] = mapped_column(String(64))
    statement: Mapped[dict[str, str]] = mapped_column(JSON)
    starter: Mapped[str] = mapped_column(Text)
    hints: Mapped[dict[str, list[str]]] = mapped_column(JSON, default=dict)
    entry_point: Mapped[str] = mapped_column(String(64))
    time_limit: Mapped[float] = mapped_column(Double)
    memory_mb: Mapped[int]
    rtol: Mapped[float] = mapped_column(Double)
    atol: Mapped[float] = mapped_column(Double)
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    prepared: Mapped[Any | None] = mapped_column(JSONText)
    prepare_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    challenge: Mapped[Challenge] = relationship(foreign_keys=[challenge_id])
