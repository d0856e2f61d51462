"""One-time password reset links: a random token in the link, only its SHA-256 hash stored.

A user has at most one live link (a new one replaces the old); it works once, until it
expires, and not for a deactivated account. An admin may issue one for anyone, an instructor
for a student of theirs (a student of a course they teach), the operator for anyone at the
command line, and a user for themselves by e-mail (`request_by_mail`, which tells nobody
whether the account exists).
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import NamedTuple

from flask import current_app
from sqlalchemy import delete, select

from arena.errors import Forbidden, NotFound
from arena.extensions import db
from arena.models import PasswordReset, Role, User
from arena.models.types import utcnow
from arena.services.courses import instructs
from arena.services.users import check_password, find_user, set_password, token_hash


class Issued(NamedTuple):
    """A reset link just issued: its account, its raw token (never stored), its expiry."""

    user: User
    token: str
    expires_at: datetime


NOT_YOURS = "only an admin, or an instructor of the student's course, issues a reset link"


def may_issue(by: User, user: User) -> bool:
    """Tell whether `by` may issue a reset link for `user`: an admin for anyone, an
    instructor for a student of a course they teach."""
    return by.role == Role.ADMIN or (
        by.role == Role.INSTRUCTOR and user.role == Role.STUDENT and instructs(by, user))


def issue_reset(user: User, by: User | None = None) -> Issued:
    """Issue a reset link for `user`, replacing any earlier one, for ARENA_PASSWORD_RESET_HOURS.
    Raise Forbidden unless `by` may (None: the operator, or the user's own request by
    e-mail)."""
    if by is not None and not may_issue(by, user):
        raise Forbidden(NOT_YOURS)
    lifetime = timedelta(hours=current_app.config["PASSWORD_RESET_HOURS"])
    raw, expires_at = secrets.token_urlsafe(32), utcnow() + lifetime
    db.session.execute(delete(PasswordReset).where(PasswordReset.user_id == user.id))
    db.session.add(PasswordReset(user_id=user.id, token_hash=token_hash(raw),
                                 issued_by_id=by.id if by else None, expires_at=expires_at))
    db.session.commit()
    return Issued(user, raw, expires_at)


def issue_reset_for(username: str, by: User | None = None) -> Issued:
    """Issue a reset link for the account called `username` (issue_reset). To anyone but an
    admin or the operator an unknown name is refused like a name they may not reset (403), so
    that an instructor learns nothing of accounts beyond their own."""
    user = find_user(username)
    if user is None and (by is None or by.role == Role.ADMIN):
        raise NotFound(f"no user called {username!r}")
    if user is None or (by is not None and not may_issue(by, user)):
        raise Forbidden(NOT_YOURS)
    return issue_reset(user, by)


def live_reset(raw: str) -> PasswordReset | None:
    """Return the live link of this token (not expired, not used, its account active), or
    None."""
    if not raw:
        return None
    found = db.session.scalar(select(PasswordReset).where(
        PasswordReset.token_hash == token_hash(raw), PasswordReset.expires_at > utcnow()))
    return found if found is not None and found.user.active else None


def use_reset(raw: str, password: str) -> User | None:
    """Set the password of the link's user and spend the link; return the user, or None when
    the link is not live. A password outside the policy raises WeakPassword and leaves the
    link as it was. Of two requests at once with one link, only one sets the password."""
    check_password(password)
    reset = live_reset(raw)
    if reset is None:
        return None
    user = reset.user
    spent = db.session.execute(delete(PasswordReset).where(
        PasswordReset.id == reset.id, PasswordReset.expires_at > utcnow()))
    if spent.rowcount != 1:
        db.session.rollback()
        return None
    set_password(user, password)
    return user


def request_by_mail(username: str) -> Issued | None:
    """Issue a link for the active account called `username` that has an e-mail address, or
    return None (the caller says the same thing either way)."""
    user = find_user(username[:64])
    if user is None or not user.active or not user.email:
        return None
    return issue_reset(user)
