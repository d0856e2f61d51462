"""Users, their sessions and their API tokens (stored as SHA-256 hashes only).

Names are stored in NFKC and kept apart by their skeleton (arena.services.usernames). A
session is valid while it names the user's current session version and the user is active:
ending the sessions (logout, a new password, deactivation) bumps the version.
"""

from __future__ import annotations

import hashlib
import secrets

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from arena.errors import Conflict, Forbidden, NotFound
from arena.extensions import db
from arena.models import ApiToken, Role, User
from arena.models.types import utcnow
from arena.services.usernames import normalized, skeleton

PREFIX_LENGTH = 8
# Checked when the username is unknown, so that a miss costs as long as a wrong password.
_DUMMY_HASH = generate_password_hash("not a password")


def _hash(raw: str) -> str:
    """Return the hex SHA-256 of a raw token."""
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def find_user(username: str) -> User | None:
    """Return the user called `username` (as typed, else in NFKC), or None."""
    users = db.session.scalars(select(User).where(
        User.username.in_({username, normalized(username)}))).all()
    return next((u for u in users if u.username == username), users[0] if users else None)


def get_user(username: str) -> User:
    """Return the user called `username`, or raise NotFound."""
    user = find_user(username)
    if user is None:
        raise NotFound(f"no user called {username!r}")
    return user


def session_user(session_id: str) -> User | None:
    """Return the active user a session's id ("<user id>:<session version>") names while
    that version is current, else None (the session has been ended)."""
    user_id, _, version = session_id.partition(":")
    if not (user_id.isdigit() and version.isdigit()):
        return None
    user = db.session.get(User, int(user_id))
    return user if user and user.active and user.session_version == int(version) else None


def create_user(username: str, role: str = Role.STUDENT, password: str | None = None) -> User:
    """Create a user under the NFKC form of `username`; raise ValueError for a name taken or
    confusable with a taken one, a bad name or an unknown role."""
    if role not in tuple(Role):
        raise ValueError(f"role must be one of {', '.join(Role)}, not {role!r}")
    username = normalized(username)
    if not (0 < len(username) <= 64 and username.isprintable() and username == username.strip()):
        raise ValueError("a username has 1 to 64 printable characters, no outer spaces")
    user = User(username=username, username_key=skeleton(username), role=str(role),
                password_hash=generate_password_hash(password) if password else None)
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise ValueError(f"the username {username!r} is taken, or looks like one that is"
                         ) from None
    return user


def end_sessions(user: User) -> None:
    """End every session of the user, wherever it was opened (committed)."""
    user.session_version += 1
    db.session.commit()


def change_password(user: User, current: str, new: str) -> bool:
    """Set a new password if `current` is the user's password, ending every session; return
    whether it was changed."""
    if user.password_hash is None or not check_password_hash(user.password_hash, current):
        return False
    user.password_hash = generate_password_hash(new)
    end_sessions(user)
    return True


def deactivate_user(username: str, by: User | None = None) -> User:
    """Deactivate a user: no login, no session, no token works for them any more. Only an
    admin may (`by`; None is the operator at the command line)."""
    if by is not None and by.role != Role.ADMIN:
        raise Forbidden("only an admin deactivates accounts")
    user = get_user(username)
    user.active = False
    end_sessions(user)
    return user


def create_token(username: str, max_live: int | None = None) -> str:
    """Create an API token for `username`; return the raw token, which is never stored.

    Refuse it (409 `too_many_tokens`) if the user would hold more than `max_live` live tokens.
    """
    user = get_user(username)
    if max_live is not None:
        # As for pending work (services.submissions): the user's row locked on PostgreSQL,
        # SQLite's write lock taken by the insert, so that requests at once cannot all pass.
        db.session.execute(select(User.id).where(User.id == user.id).with_for_update())
    raw = secrets.token_urlsafe(32)
    db.session.add(ApiToken(user=user, token_hash=_hash(raw), prefix=raw[:PREFIX_LENGTH]))
    db.session.flush()
    if max_live is not None and len(list_tokens(user)) > max_live:
        refusal = Conflict(f"{user.username!r} has {max_live} live API tokens, the most an "
                           "account may hold: revoke one first", code="too_many_tokens")
        db.session.rollback()
        raise refusal
    db.session.commit()
    return raw


def user_for_token(raw: str) -> User | None:
    """Return the user a live token belongs to, or None."""
    if not raw:
        return None
    token = db.session.scalar(
        select(ApiToken).where(ApiToken.token_hash == _hash(raw), ApiToken.revoked_at.is_(None))
    )
    return token.user if token and token.user.active else None


def authenticate(username: str, password: str) -> User | None:
    """Return the active user whose password this is, or None (a wrong name or password, or
    a deactivated account)."""
    user = find_user(username)
    if user is None or user.password_hash is None:
        check_password_hash(_DUMMY_HASH, password)
        return None
    return user if check_password_hash(user.password_hash, password) and user.active else None


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
