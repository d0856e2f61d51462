"""How a course's roster names its members, for the gradebook and its exports (Canvas and
Moodle match students by these): a display name, an e-mail address and a student number.

A member sets their own name and e-mail; the course's instructors (and admins) set any
member's, and the student number, which the institution gives and a student could mistype as
someone else's. An empty value clears the field.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from arena.errors import Forbidden, NotFound, Unprocessable
from arena.extensions import db
from arena.models import CourseMember, User
from arena.services.courses import membership, teaches, visible_course

#: The longest value of each field (the columns' lengths).
LIMITS = {"display_name": 200, "email": 254, "student_number": 64}
#: What an e-mail address looks like here: one @, a dot in the domain, no spaces.
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s.]+")


@dataclass(frozen=True)
class RosterFields:
    """The fields to change; None leaves a field as it is."""

    display_name: str | None = None
    email: str | None = None
    student_number: str | None = None

    def given(self) -> dict[str, str]:
        """Return the fields to change, by name."""
        return {name: value for name, value in vars(self).items() if value is not None}


def _cleaned(name: str, value: str) -> str | None:
    """Return a field's value trimmed (None when empty), or refuse it."""
    value = value.strip()
    if len(value) > LIMITS[name]:
        raise Unprocessable(f"{name}: at most {LIMITS[name]} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in value):
        raise Unprocessable(f"{name}: no control characters")
    if name == "email" and value and not EMAIL.fullmatch(value):
        raise Unprocessable("email: not an e-mail address (name@example.org)")
    return value or None


def update_roster(user: User, course_id: int, username: str,
                  fields: RosterFields) -> CourseMember:
    """Change how a course's roster names a member: their own name and e-mail, or, for those
    who teach the course, any member's fields."""
    course = visible_course(user, course_id)
    target = db.session.scalar(db.select(User).where(User.username == username))
    member = membership(target, course) if target else None
    if member is None:
        raise NotFound(f"{username!r} is not in this course")
    staff = teaches(user, course)
    if not staff and (member.user_id != user.id or fields.student_number is not None):
        raise Forbidden("a student sets their own name and e-mail; the course's instructors "
                        "set student numbers")
    for name, value in fields.given().items():
        setattr(member, name, _cleaned(name, value))
    db.session.commit()
    return member
