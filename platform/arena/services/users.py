"""Users, their passwords, roles, sessions and API tokens (stored as SHA-256 hashes only).

Names are stored in NFKC and kept apart by their skeleton (arena.services.usernames). A
session is valid while it names the user's current session version and the user is active:
ending the sessions (logout, a new password, deactivation) bumps the version. The password
policy (`check_password`) is the one rule of every door: the CLI, the web forms and the API.
Only an admin changes another account (`by`; None is the operator at the command line), and
the last active admin can be neither demoted nor deactivated.
"""

from __future__ import annotations

import hashlib
import secrets

from sqlalchemy import delete, func, or_, select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from arena.bounds import is_id
from arena.errors import Conflict, Forbidden, NotFound, Unprocessable
from arena.extensions import db
from arena.models import ApiToken, PasswordReset, Role, User
from arena.models.types import utcnow
from arena.models.user import EMAIL_LENGTH
from arena.services.usernames import normalized, skeleton

PREFIX_LENGTH = 8
#: The password policy, in characters: the same for the CLI, the web forms and the API.
MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 256
#: Accounts on one page of the admins' list.
USERS_PAGE_SIZE = 50
#: The longest search of the admins' list, in characters.
MAX_USER_QUERY = 64
# Checked when the username is unknown, so that a miss costs as long as a wrong password.
_DUMMY_HASH = generate_password_hash("not a password")


class WeakPassword(Unprocessable, ValueError):
    """A new password outside the policy (check_password)."""

    code = "weak_password"


class BadAccount(Unprocessable, ValueError):
    """A new account's name, role or e-mail address that cannot be."""


class NameTaken(Conflict, ValueError):
    """A new account's name that is taken, or looks like a taken one."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="username_taken")


def check_password(password: str) -> None:
    """Raise WeakPassword unless `password` follows the policy: MIN_PASSWORD_LENGTH to
    MAX_PASSWORD_LENGTH characters."""
    if not MIN_PASSWORD_LENGTH <= len(password) <= MAX_PASSWORD_LENGTH:
        raise WeakPassword(f"a password has {MIN_PASSWORD_LENGTH} to {MAX_PASSWORD_LENGTH} "
                           f"characters, not {len(password)}")


def token_hash(raw: str) -> str:
    """Return the hex SHA-256 of a raw token (API tokens, reset links)."""
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def require_admin(by: User | None, what: str) -> None:
    """Raise Forbidden unless `by` is an admin or the operator (None)."""
    if by is not None and by.role != Role.ADMIN:
        raise Forbidden(f"only an admin {what}")


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


def create_user(username: str, role: str = Role.STUDENT, password: str | None = None,
                email: str = "") -> User:
    """Create a user under the NFKC form of `username`; raise NameTaken for a name taken or
    confusable with a taken one, BadAccount for a bad name, role or e-mail address, and
    WeakPassword for a password outside the policy (each a ValueError too). Without a
    password the account cannot log in until one is set (set_password, a reset link)."""
    if password is not None:
        check_password(password)
    address = email_address(email)
    if role not in tuple(Role):
        raise BadAccount(f"role must be one of {', '.join(Role)}, not {role[:32]!r}")
    username = normalized(username)
    if not (0 < len(username) <= 64 and username.isprintable() and username == username.strip()):
        raise BadAccount("a username has 1 to 64 printable characters, no outer spaces")
    user = User(username=username, username_key=skeleton(username), role=str(role),
                email=address, password_hash=generate_password_hash(password) if password else None)
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise NameTaken(f"the username {username!r} is taken, or looks like one that is"
                        ) from None
    return user


def end_sessions(user: User) -> None:
    """End every session of the user, wherever it was opened (committed)."""
    user.session_version += 1
    db.session.commit()


def set_password(user: User, new: str) -> None:
    """Give the user a new password within the policy (else WeakPassword): every session and
    reset link of theirs ends (committed)."""
    check_password(new)
    user.password_hash = generate_password_hash(new)
    db.session.execute(delete(PasswordReset).where(PasswordReset.user_id == user.id))
    end_sessions(user)


def change_password(user: User, current: str, new: str) -> bool:
    """Set a new password if `current` is the user's password, ending every session; return
    whether it was changed."""
    if user.password_hash is None or not check_password_hash(user.password_hash, current):
        return False
    set_password(user, new)
    return True


def email_address(address: str) -> str | None:
    """Return the address as stored (None when empty); raise BadAccount for what cannot be
    one."""
    address = address.strip()
    local, at, domain = address.rpartition("@")
    if address and not (at and local and "." in domain.strip(".") and len(address) <= EMAIL_LENGTH
                        and not any(c.isspace() for c in address)):
        raise BadAccount(f"not an e-mail address: {address[:EMAIL_LENGTH]!r}")
    return address or None


def set_email(user: User, address: str) -> None:
    """Set (or, empty, clear) the address a password reset is sent to (email_address)."""
    user.email = email_address(address)
    db.session.commit()


def _active_admins() -> int:
    return db.session.scalar(select(func.count(User.id)).where(
        User.role == Role.ADMIN, User.active.is_(True))) or 0


def _keep_an_admin(user: User) -> None:
    """Raise Conflict when `user` is the last active admin (no one could manage accounts)."""
    if user.role == Role.ADMIN and user.active and _active_admins() <= 1:
        raise Conflict(f"{user.username!r} is the last active admin", code="last_admin")


def set_role(username: str, role: str, by: User | None = None) -> User:
    """Give the user another role (admins only); their sessions go on with it."""
    require_admin(by, "changes roles")
    if role not in tuple(Role):
        raise Unprocessable(f"role must be one of {', '.join(Role)}, not {role[:32]!r}")
    user = get_user(username)
    if role != user.role:
        _keep_an_admin(user)
        user.role = role
        db.session.commit()
    return user


def deactivate_user(username: str, by: User | None = None) -> User:
    """Deactivate a user: no login, no session, no token works for them any more. Only an
    admin may (`by`; None is the operator at the command line)."""
    require_admin(by, "deactivates accounts")
    user = get_user(username)
    _keep_an_admin(user)
    user.active = False
    end_sessions(user)
    return user


def reactivate_user(username: str, by: User | None = None) -> User:
    """Let a deactivated user log in and use their tokens again (admins only)."""
    require_admin(by, "reactivates accounts")
    user = get_user(username)
    user.active = True
    db.session.commit()
    return user


def list_users(by: User | None, query: str = "", page: int = 1) -> tuple[list[User], bool]:
    """Return one page of the accounts whose name or e-mail holds `query` (admins only), by
    name, and whether another page follows."""
    require_admin(by, "lists accounts")
    if len(query) > MAX_USER_QUERY:
        raise Unprocessable(f"a search has at most {MAX_USER_QUERY} characters")
    if not is_id(page):
        raise Unprocessable(f"no page {page}")
    found = select(User).order_by(User.username)
    if query:
        pattern = "%" + query.lower().replace("\\", "\\\\").replace("%", "\\%").replace(
            "_", "\\_") + "%"
        found = found.where(or_(func.lower(User.username).like(pattern, escape="\\"),
                                func.lower(User.email).like(pattern, escape="\\")))
    rows = list(db.session.scalars(
        found.offset((page - 1) * USERS_PAGE_SIZE).limit(USERS_PAGE_SIZE + 1)))
    return rows[:USERS_PAGE_SIZE], len(rows) > USERS_PAGE_SIZE


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
    db.session.add(ApiToken(user=user, token_hash=token_hash(raw), prefix=raw[:PREFIX_LENGTH]))
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
    return db.session.scalar(select(User).join(ApiToken).where(  # one query a request
        ApiToken.token_hash == token_hash(raw), ApiToken.revoked_at.is_(None), User.active))


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
