"""One-time password reset links: stored as hashes, working once and until they expire, issued
by admins for anyone and by instructors for their own students only."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from sqlalchemy import select

from arena.errors import Forbidden, NotFound
from arena.extensions import db
from arena.models import PasswordReset
from arena.models.types import utcnow
from arena.services.courses import create_course, join_course
from arena.services.resets import (
    issue_reset,
    issue_reset_for,
    live_reset,
    request_by_mail,
    use_reset,
)
from arena.services.users import (
    WeakPassword,
    authenticate,
    create_user,
    deactivate_user,
    get_user,
)


@pytest.fixture
def term(app):
    """Ivy teaches sam; ian teaches no one; zed studies elsewhere; ada is an admin."""
    with app.app_context():
        ivy, ian = create_user("ivy", "instructor"), create_user("ian", "instructor")
        sam, zed = create_user("sam", "student"), create_user("zed", "student")
        create_user("ada", "admin")
        join_course(sam, create_course(ivy, "Attention").join_code)
        join_course(zed, create_course(create_user("other", "instructor"), "Other").join_code)
        join_course(ian, create_course(ivy, "Ian studies here").join_code)  # a student here


def test_a_link_is_stored_as_a_hash_and_works_once(app, term):
    with app.app_context():
        issued = issue_reset_for("sam")
        stored = db.session.scalar(select(PasswordReset))
        assert stored.token_hash == hashlib.sha256(issued.token.encode()).hexdigest()
        assert issued.token not in stored.token_hash and len(issued.token) >= 40
        assert live_reset(issued.token).user.username == "sam"
        assert use_reset(issued.token, "a new password").username == "sam"
        assert authenticate("sam", "a new password") is not None
        assert live_reset(issued.token) is None
        assert use_reset(issued.token, "another password") is None
        assert authenticate("sam", "another password") is None


def test_a_weak_password_leaves_the_link_as_it_was(app, term):
    with app.app_context():
        token = issue_reset_for("sam").token
        with pytest.raises(WeakPassword):
            use_reset(token, "short")
        assert live_reset(token) is not None


def test_a_link_expires(app, term):
    with app.app_context():
        token = issue_reset_for("sam").token
        db.session.scalar(select(PasswordReset)).expires_at = utcnow() - timedelta(seconds=1)
        db.session.commit()
        assert live_reset(token) is None and use_reset(token, "a new password") is None


@pytest.mark.parametrize("app_config", [{"PASSWORD_RESET_HOURS": 2}])
def test_a_link_lasts_as_long_as_the_setting_says(app, term):
    with app.app_context():
        issued = issue_reset_for("sam")
        assert timedelta(hours=2) - timedelta(minutes=1) < issued.expires_at - utcnow() <= \
            timedelta(hours=2)


def test_a_new_link_replaces_the_old_and_a_new_password_ends_both(app, term):
    with app.app_context():
        first = issue_reset_for("sam").token
        second = issue_reset_for("sam").token
        assert live_reset(first) is None and live_reset(second) is not None
        assert db.session.scalar(select(PasswordReset.id).where(
            PasswordReset.token_hash == hashlib.sha256(first.encode()).hexdigest())) is None
        third = issue_reset_for("sam").token
        assert live_reset(second) is None
        assert use_reset(third, "a new password").username == "sam"
        assert db.session.scalar(select(PasswordReset)) is None


def test_a_deactivated_account_cannot_use_its_link(app, term):
    with app.app_context():
        token = issue_reset_for("sam").token
        deactivate_user("sam")
        assert live_reset(token) is None and use_reset(token, "a new password") is None


@pytest.mark.parametrize(("issuer", "target", "allowed"), [
    ("ada", "sam", True), ("ada", "ivy", True), ("ada", "ada", True),
    ("ivy", "sam", True),     # her student
    ("ivy", "zed", False),    # a student of another course
    ("ivy", "ian", False),    # an instructor, even one who studies in her course
    ("ivy", "ada", False), ("ian", "sam", False),
    ("sam", "sam", False), ("sam", "zed", False),
])
def test_who_may_issue_a_link_for_whom(app, term, issuer, target, allowed):
    with app.app_context():
        if allowed:
            assert issue_reset_for(target, by=get_user(issuer)).user.username == target
        else:
            with pytest.raises(Forbidden):
                issue_reset_for(target, by=get_user(issuer))
            assert db.session.scalar(select(PasswordReset)) is None


def test_an_unknown_name_is_404_to_admins_and_403_to_instructors(app, term):
    with app.app_context():
        with pytest.raises(NotFound):
            issue_reset_for("nobody", by=get_user("ada"))
        with pytest.raises(NotFound):
            issue_reset_for("nobody")
        with pytest.raises(Forbidden):
            issue_reset_for("nobody", by=get_user("ivy"))


def test_mail_requests_issue_links_only_for_active_accounts_with_an_address(app):
    with app.app_context():
        create_user("ann", "student", email="ann@example.org")
        create_user("bob", "student")
        create_user("cy", "student", email="cy@example.org")
        deactivate_user("cy")
        issued = request_by_mail("ann")
        assert issued.user.email == "ann@example.org" and live_reset(issued.token) is not None
        assert request_by_mail("bob") is None and request_by_mail("cy") is None
        assert request_by_mail("nobody") is None and request_by_mail("x" * 10_000) is None
        assert issue_reset(issued.user).token != issued.token
