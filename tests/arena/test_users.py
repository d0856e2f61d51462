"""Users and API tokens: hashed at rest, shown once."""

import hashlib

import pytest
from sqlalchemy import select
from werkzeug.security import check_password_hash

from arena.errors import NotFound
from arena.extensions import db
from arena.models import ApiToken
from arena.models.types import utcnow
from arena.services.users import (
    authenticate,
    create_token,
    create_user,
    list_tokens,
    revoke_token,
    user_for_token,
)


def test_create_user_with_role_and_password(app):
    with app.app_context():
        user = create_user("ines", "instructor", password="s3cret")
        assert user.role == "instructor"
        assert check_password_hash(user.password_hash, "s3cret")
        assert create_user("stu", "student").password_hash is None


@pytest.mark.parametrize(("username", "role", "problem"), [
    ("ann", "wizard", "role"),
    ("", "student", "username"),
    (" ann", "student", "username"),
    ("a" * 65, "student", "username"),
    ("new\nline", "student", "username"),
])
def test_create_user_refuses_bad_input(app, username, role, problem):
    with app.app_context(), pytest.raises(ValueError, match=problem):
        create_user(username, role)


def test_create_user_refuses_a_taken_name(app):
    with app.app_context():
        create_user("ann", "student")
        with pytest.raises(ValueError, match="taken"):
            create_user("ann", "admin")


def test_token_is_returned_once_and_stored_hashed(app):
    with app.app_context():
        create_user("ann", "student")
        raw = create_token("ann")
        stored = db.session.scalar(select(ApiToken))
        assert len(raw) >= 40
        assert stored.token_hash == hashlib.sha256(raw.encode()).hexdigest()
        assert raw not in (stored.token_hash, stored.prefix) and raw.startswith(stored.prefix)
        assert user_for_token(raw).username == "ann"


def test_unknown_empty_and_revoked_tokens_find_nobody(app):
    with app.app_context():
        create_user("ann", "student")
        raw = create_token("ann")
        assert user_for_token("") is None
        assert user_for_token(raw + "x") is None
        db.session.scalar(select(ApiToken)).revoked_at = utcnow()
        db.session.commit()
        assert user_for_token(raw) is None


def test_token_for_unknown_user_is_not_found(app):
    with app.app_context(), pytest.raises(NotFound):
        create_token("ghost")


def test_each_token_is_different(app):
    with app.app_context():
        create_user("ann", "student")
        assert create_token("ann") != create_token("ann")


def test_authenticate_checks_the_password(app):
    with app.app_context():
        create_user("ann", "student", password="long enough")
        create_user("cli", "student")  # made by `arena users create` without a password
        assert authenticate("ann", "long enough").username == "ann"
        assert authenticate("ann", "long enougH") is None
        assert authenticate("nobody", "long enough") is None
        assert authenticate("cli", "") is None


def test_list_and_revoke_tokens(app):
    with app.app_context():
        ann = create_user("ann", "student")
        bob = create_user("bob", "student")
        first, second = create_token("ann"), create_token("ann")
        bobs = create_token("bob")
        live = list_tokens(ann)
        assert [t.prefix for t in live] == [second[:8], first[:8]]
        revoke_token(ann, live[1].id)
        assert user_for_token(first) is None and user_for_token(second).username == "ann"
        assert [t.prefix for t in list_tokens(ann)] == [second[:8]]
        with pytest.raises(NotFound):
            revoke_token(ann, live[1].id)  # already revoked
        with pytest.raises(NotFound):
            revoke_token(ann, list_tokens(bob)[0].id)  # someone else's
        assert user_for_token(bobs).username == "bob"
