"""People and the API tokens they authenticate with."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from flask_login import UserMixin
from sqlalchemy import CheckConstraint, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from arena.extensions import db
from arena.models.types import UTCDateTime, utcnow


class Role(StrEnum):
    """What a user may do: students see their own work, instructors everyone's."""

    STUDENT = "student"
    INSTRUCTOR = "instructor"
    ADMIN = "admin"


class User(UserMixin, db.Model):
    """A learner, instructor or administrator (a Flask-Login user for the web pages)."""

    __tablename__ = "user_account"
    __table_args__ = (CheckConstraint("role IN ('student', 'instructor', 'admin')", name="role"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(16), default=Role.STUDENT)
    password_hash: Mapped[str | None] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    tokens: Mapped[list[ApiToken]] = relationship(back_populates="user")


class ApiToken(db.Model):
    """A bearer token; only its SHA-256 hash is stored, its first characters shown."""

    __tablename__ = "api_token"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), index=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    user: Mapped[User] = relationship(back_populates="tokens")
