"""Users and API tokens (hashed at rest, shown once), the password policy, roles, deactivation
and the admins' search."""

import hashlib

import pytest
from sqlalchemy import select
from werkzeug.security import check_password_hash

from arena.errors import Conflict, Forbidden, NotFound, Unprocessable
from arena.extensions import db
from arena.models import ApiToken
from arena.models.types import utcnow
from arena.services.users import (
    MAX_PASSWORD_LENGTH,
    MIN_PASSWORD_LENGTH,
    USERS_PAGE_SIZE,
    BadAccount,
    WeakPassword,
    authenticate,
    change_password,
    check_password,
    create_token,
    create_user,
    deactivate_user,
    find_user,
    list_tokens,
    list_users,
    reactivate_user,
    revoke_token,
    set_email,
    set_password,
    set_role,
    user_for_token,
)


def test_create_user_with_role_and_password(app):
    with app.app_context():
        user = create_user("ines", "instructor", password="s3cret pass")
        assert user.role == "instructor"
        assert check_password_hash(user.password_hash, "s3cret pass")
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


# One password policy (services.users.check_password) for the CLI, the web forms and the API.
@pytest.mark.parametrize("password", ["", "short", "7 chars", "x" * 257])
def test_a_password_outside_the_policy_is_refused_everywhere_it_is_set(app, password):
    with app.app_context():
        with pytest.raises(WeakPassword, match="8 to 256 characters"):
            create_user("ann", "student", password=password)
        assert find_user("ann") is None  # nothing is created
        ann = create_user("ann", "student", password="long enough")
        with pytest.raises(WeakPassword):
            set_password(ann, password)
        with pytest.raises(WeakPassword):
            change_password(ann, "long enough", password)
        assert authenticate("ann", "long enough") is not None


def test_the_policys_edges_are_8_and_256_characters(app):
    with app.app_context():
        check_password("x" * MIN_PASSWORD_LENGTH)
        check_password("x" * MAX_PASSWORD_LENGTH)
        assert (MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH) == (8, 256)


def test_setting_a_password_lets_a_password_less_account_log_in_and_ends_its_sessions(app):
    with app.app_context():
        prof = create_user("prof", "instructor")
        assert authenticate("prof", "") is None
        version = prof.session_version
        set_password(prof, "a long password")
        assert authenticate("prof", "a long password").username == "prof"
        assert prof.session_version == version + 1


def test_roles_change_but_the_last_active_admin_stays_one(app):
    with app.app_context():
        root = create_user("root", "admin")
        create_user("ann", "student")
        assert set_role("ann", "instructor").role == "instructor"
        with pytest.raises(Unprocessable, match="role must be one of"):
            set_role("ann", "wizard")
        with pytest.raises(Forbidden):
            set_role("ann", "admin", by=find_user("ann"))
        with pytest.raises(Conflict, match="last active admin"):
            set_role("root", "student", by=root)
        with pytest.raises(Conflict, match="last active admin"):
            deactivate_user("root", by=root)
        set_role("ann", "admin", by=root)
        assert set_role("root", "student", by=find_user("ann")).role == "student"
        with pytest.raises(NotFound):
            set_role("nobody", "student")


def test_a_deactivated_account_neither_logs_in_nor_uses_its_tokens_until_reactivated(app):
    with app.app_context():
        create_user("ann", "student", password="long enough")
        raw = create_token("ann")
        deactivate_user("ann")
        assert authenticate("ann", "long enough") is None and user_for_token(raw) is None
        with pytest.raises(Forbidden):
            reactivate_user("ann", by=create_user("bob", "instructor"))
        reactivate_user("ann")
        assert authenticate("ann", "long enough") is not None
        assert user_for_token(raw).username == "ann"


def test_admins_search_accounts_by_name_or_address_a_page_at_a_time(app):
    with app.app_context():
        root = create_user("root", "admin")
        for number in range(USERS_PAGE_SIZE + 2):
            create_user(f"s{number:03d}", "student")
        create_user("kim", "student", email="Kim@Example.org")
        create_user("a_b", "student")
        create_user("axb", "student")
        first, more = list_users(root)
        assert len(first) == USERS_PAGE_SIZE and more
        second, more = list_users(root, page=2)
        assert not more and {u.username for u in first} & {u.username for u in second} == set()
        assert [u.username for u in list_users(root, "example.ORG")[0]] == ["kim"]
        assert [u.username for u in list_users(root, "a_")[0]] == ["a_b"]  # `_` is no wildcard
        assert list_users(root, "%")[0] == []
        with pytest.raises(Unprocessable):
            list_users(root, "x" * 65)
        with pytest.raises(Forbidden):
            list_users(find_user("kim"))


@pytest.mark.parametrize("address", ["no-at-sign", "a@b", "a b@example.org", "@example.org",
                                     "a@example.org\nBcc: x@y.z", "a" * 250 + "@b.co"])
def test_what_cannot_be_an_email_address_is_refused(app, address):
    with app.app_context():
        with pytest.raises(BadAccount):
            create_user("ann", "student", email=address)
        ann = create_user("ann", "student", email=" ann@example.org ")
        assert ann.email == "ann@example.org"
        with pytest.raises(BadAccount):
            set_email(ann, address)
        set_email(ann, "")
        assert ann.email is None
