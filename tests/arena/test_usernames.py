"""Usernames as people read them: NFKC, and none that looks like another (TR39 skeletons)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import text

from arena.db import downgrade, upgrade
from arena.extensions import db
from arena.models import User
from arena.services.usernames import skeleton
from arena.services.users import authenticate, create_user, get_user


@pytest.mark.parametrize(("taken", "confusable"), [
    ("alice", "\u0430lice"),  # Cyrillic а
    ("teach", "ｔｅａｃｈ"),  # fullwidth: stored as "teach" itself
    ("alice", "ALICE"),
    ("paypal", "p\u0430yp\u0430l"),
    ("rnoe", "moe"),  # r n read as m
    ("bill", "bi11"),
])
def test_a_name_that_looks_like_a_taken_one_is_refused(app, taken, confusable):
    with app.app_context():
        create_user(taken)
        with pytest.raises(ValueError, match="taken, or looks like one that is"):
            create_user(confusable)
        assert db.session.scalar(db.select(db.func.count()).select_from(User)) == 1


def test_names_are_stored_and_found_in_nfkc(app):
    with app.app_context():
        user = create_user("ｔｅａｃｈ", password="correct horse battery")
        assert user.username == "teach"
        assert get_user("ｔｅａｃｈ").id == user.id
        assert authenticate("ｔｅａｃｈ", "correct horse battery").id == user.id


def test_different_names_in_other_scripts_stay_apart(app):
    with app.app_context():
        for name in ("kim", "김", "키미", "ann", "anna", "ann_1", "tom", "rom", "ian", "lan"):
            create_user(name)


@given(st.text(min_size=1, max_size=12))
def test_the_skeleton_is_stable(name):
    """Once taken, a skeleton refuses itself: the key of a key is the key."""
    assert skeleton(skeleton(name)) == skeleton(name)


def test_the_migration_keeps_existing_look_alikes_working(app):
    """Two names registered before 0010 that look alike both keep working; the later one's
    key is set apart, and no third one like them can be made."""
    downgrade(app, "0009")
    with app.app_context(), db.engine.begin() as connection:
        for user_id, name in ((1, "alice"), (2, "\u0430lice")):
            connection.execute(text(
                "INSERT INTO user_account (id, username, role, created_at) "
                "VALUES (:id, :name, 'student', '2026-01-01 00:00:00')"),
                {"id": user_id, "name": name})
    upgrade(app)
    with app.app_context():
        keys = dict(db.session.execute(db.select(User.username, User.username_key)).all())
        assert keys == {"alice": skeleton("alice"), "\u0430lice": skeleton("alice") + "#2"}
        assert all(u.active and u.session_version == 1 for u in db.session.scalars(
            db.select(User)))
        with pytest.raises(ValueError):
            create_user("ALICE")
