"""Fixtures shared by the API's course, gradebook, regrade and authoring tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pytest

from arena.extensions import db
from arena.models import Challenge, CourseMember, User
from arena.services.gradebook_cells import refresh_member
from arena.services.versions import publish


@pytest.fixture
def people(make_token) -> dict[str, dict[str, str]]:
    """Each person's Authorization header: instructors ivy and ian, students sam, sue and zed,
    and ada, an admin."""
    roles = {"ivy": "instructor", "ian": "instructor", "sam": "student", "sue": "student",
             "zed": "student", "ada": "admin"}
    return {name: {"Authorization": f"Bearer {make_token(name, role)}"}
            for name, role in roles.items()}


@pytest.fixture
def publish_draft(app) -> Callable[[str], None]:
    """Return a function that publishes a challenge's draft as a finished, valid validation
    would let its owner (who may publish is for the tests to check)."""

    def publish_as_validated(slug: str) -> None:
        with app.app_context():
            challenge = db.session.scalar(db.select(Challenge).where(Challenge.slug == slug))
            challenge.draft_version.validation_status = "done"
            challenge.draft_version.validation = {"valid": True}
            publish(challenge, challenge.draft_version)
            db.session.commit()

    return publish_as_validated


@pytest.fixture
def joined_on(app) -> Callable[..., None]:
    """Return a function that says students joined a course at an earlier instant (work made
    before a student joined does not count), their cells recomputed."""
    def backdate(course_id: int, when: datetime, *usernames: str) -> None:
        with app.app_context():
            db.session.execute(db.update(CourseMember).where(
                CourseMember.course_id == course_id, CourseMember.user_id.in_(
                    db.select(User.id).where(User.username.in_(usernames))))
                .values(joined_at=when))
            for user_id in db.session.scalars(db.select(CourseMember.user_id).where(
                    CourseMember.course_id == course_id)).all():
                refresh_member(user_id, course_id)
            db.session.commit()
    return backdate
