"""People and the API tokens they authenticate with."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from flask_login import UserMixin
from sqlalchemy import Boolean, ForeignKey, Integer, String, Text, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from arena.extensions import db
from arena.models.types import UTCDateTime, one_of, utcnow

#: The longest e-mail address there can be (RFC 5321's path limit, less its brackets).
EMAIL_LENGTH = 254


class Role(StrEnum):
    """What a user may do: students see their own work, instructors everyone's."""

    STUDENT = "student"
    INSTRUCTOR = "instructor"
    ADMIN = "admin"


class User(UserMixin, db.Model):
    """A learner, instructor or administrator (a Flask-Login user for the web pages).

    `username_key` is the name's confusable skeleton (arena.services.usernames), unique so
    that no two names look alike. A session names the user and their `session_version`;
    bumping it ends every session they have (logout, a new password, deactivation).
    `password_hash` is None for an account made without a password (it cannot log in until
    one is set); `email`, optional, is where a password reset is sent when mail is set up.
    """

    __tablename__ = "user_account"
    __table_args__ = (one_of("role", Role),)

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(64), unique=True)
    username_key: Mapped[str] = mapped_column(Text, unique=True)
    role: Mapped[str] = mapped_column(String(16), default=Role.STUDENT)
    password_hash: Mapped[str | None] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    session_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    email: Mapped[str | None] = mapped_column(String(EMAIL_LENGTH))

    tokens: Mapped[list[ApiToken]] = relationship(back_populates="user")

    @property
    def is_active(self) -> bool:
        """Flask-Login refuses to log in a deactivated user."""
        return self.active

    def get_id(self) -> str:
        """Name the user and their session version in the session (Flask-Login)."""
        return f"{self.id}:{self.session_version}"


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


class PasswordReset(db.Model):
    """A one-time link that sets a user's password: only the SHA-256 hash of its token is
    stored. A user has at most one (a new link replaces the old); it works until
    `expires_at`, once. `issued_by` is the admin or instructor who issued it (None: the user's
    own request by e-mail, or the operator's shell)."""

    __tablename__ = "password_reset"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), unique=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    issued_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)

    user: Mapped[User] = relationship(foreign_keys=[user_id])
