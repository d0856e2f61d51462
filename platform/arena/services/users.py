"""Users and their API tokens (stored as SHA-256 hashes only)."""

from __future__ import annotations

import hashlib
import secrets

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from arena.errors import NotFound
from arena.extensions import db
from arena.models import ApiToken, Role, User
from arena.models.types import utcnow

PREFIX_LENGTH = 8
# Checked when the username is unknown, so that a miss costs as long as a wrong password.
_DUMMY_HASH = generate_password_hash("not a password")


def _hash(raw: str) -> str:
    """Return the hex SHA-256 of a raw token."""
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def get_user(username: str) -> User:
    """Return the user called `username`, or raise NotFound."""
    user = db.session.scalar(select(User).where(User.username == username))
    if user is None:
        raise NotFound(f"no user called {username!r}")
    return user


def load_user(user_id: int) -> User | None:
    """Return the user with this id, or None."""
    return db.session.get(User, user_id)


def create_user(username: str, role: str = Role.STUDENT, password: str | None = None) -> User:
    """Create a user; raise ValueError for a taken name, a bad name or an unknown role."""
    if role not in tuple(Role):
        raise ValueError(f"role must be one of {', '.join(Role)}, not {role!r}")
    if not (0 < len(username) <= 64 and username.isprintable() and username == username.strip()):
        raise ValueError("a username has 1 to 64 printable characters, no outer spaces")
    user = User(username=username, role=str(role),
                password_hash=generate_password_hash(password) if password else None)
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise ValueError(f"the username {username!r} is taken") from None
    return user


def create_token(username: str) -> str:
    """Create an API token for `username`; return the raw token, which is never stored."""
    user = get_user(username)
    raw = secrets.token_urlsafe(32)
    db.session.add(ApiToken(user=user, token_hash=_hash(raw), prefix=raw[:PREFIX_LENGTH]))
    db.session.commit()
    return raw


def user_for_token(raw: str) -> User | None:
    """Return the user a live token belongs to, or None."""
    if not raw:
        return None
    token = db.session.scalar(
        select(ApiToken).where(ApiToken.token_hash == _hash(raw), ApiToken.revoked_at.is_(None))
    )
    return token.user if token else None


def authenticate(username: str, password: str) -> User | None:
    """Return the user whose password this is, or None (a wrong name or a wrong password)."""
    user = db.session.scalar(select(User).where(User.username == username))
    if user is None or user.password_hash is None:
        check_password_hash(_DUMMY_HASH, password)
        return None
    return user if check_password_hash(user.password_hash, password) else None


def list_tokens(user: User) -> list[ApiToken]:
    """Return a user's live tokens, newest first."""
    return list(db.session.scalars(
        select(ApiToken).where(ApiToken.user_id == user.id, ApiToken.revoked_at.is_(None))
        .order_by(ApiToken.id.desc())))


def revoke_token(user: User, token_id: int) -> None:
    """Revoke one of the user's tokens; raise NotFound for anyone else's or a revoked one."""
    token = db.session.get(ApiToken, token_id)
    if token is None or token.user_id != user.id or token.revoked_at is not None:
        raise NotFound(f"no live token {token_id}")
    token.revoked_at = utcnow()
    db.session.commit()
