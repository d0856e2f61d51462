"""Assignments: a course's challenges with an opening and a due time, stored in UTC.

Students see an assignment once it opens; its instructors always. The due time decides
lateness: a submission made at the due instant exactly is on time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from arena.errors import NotFound, Unprocessable
from arena.extensions import db
from arena.models import Assignment, AssignmentChallenge, LatePolicy, User
from arena.models.types import utcnow
from arena.services.catalog import get_challenge
from arena.services.courses import managed_course, teaches, visible_course
from arena.services.gradebook_cells import refresh_assignment

MAX_CHALLENGES = 50


@dataclass(frozen=True)
class AssignmentFields:
    """What an instructor sets on an assignment."""

    title: str
    slugs: list[str]
    opens_at: datetime
    due_at: datetime
    late_policy: str = LatePolicy.MARKED


def _check(fields: AssignmentFields) -> None:
    """Refuse an assignment that cannot be kept: no title, no time zone, due before opening."""
    if not fields.title.strip():
        raise Unprocessable("title: must not be empty")
    for name in ("opens_at", "due_at"):
        if getattr(fields, name).tzinfo is None:
            raise Unprocessable(f"{name}: give a time zone offset, e.g. 2026-12-01T23:59+09:00")
    if fields.due_at <= fields.opens_at:
        raise Unprocessable("due_at: must come after opens_at")
    if not 1 <= len(fields.slugs) <= MAX_CHALLENGES or len(set(fields.slugs)) < len(
            fields.slugs):
        raise Unprocessable(f"challenges: 1 to {MAX_CHALLENGES} different slugs")


def _fill(assignment: Assignment, fields: AssignmentFields) -> None:
    """Set an assignment's fields; its challenges must be published."""
    _check(fields)
    challenges = [get_challenge(slug) for slug in fields.slugs]
    assignment.title, assignment.late_policy = fields.title.strip(), fields.late_policy
    assignment.opens_at, assignment.due_at = fields.opens_at, fields.due_at
    assignment.items = [AssignmentChallenge(challenge=c, position=i)
                        for i, c in enumerate(challenges)]


def create_assignment(user: User, course_id: int, fields: AssignmentFields) -> Assignment:
    """Add an assignment to a course the user teaches."""
    assignment = Assignment(course=managed_course(user, course_id))
    _fill(assignment, fields)
    db.session.add(assignment)
    refresh_assignment(assignment)
    db.session.commit()
    return assignment


def update_assignment(user: User, course_id: int, assignment_id: int,
                      fields: AssignmentFields) -> Assignment:
    """Change an assignment of a course the user teaches."""
    course = managed_course(user, course_id)
    assignment = db.session.get(Assignment, assignment_id)
    if assignment is None or assignment.course_id != course.id:
        raise NotFound(f"no assignment {assignment_id} in this course")
    assignment.items.clear()
    db.session.flush()  # the old order goes before the new one takes its places
    _fill(assignment, fields)
    refresh_assignment(assignment)
    db.session.commit()
    return assignment


def assignments_of(course_id: int) -> list[Assignment]:
    """Return a course's assignments in the order they open, with their challenges loaded."""
    return list(db.session.scalars(
        select(Assignment).where(Assignment.course_id == course_id)
        .options(selectinload(Assignment.items).joinedload(AssignmentChallenge.challenge))
        .order_by(Assignment.opens_at, Assignment.id)))


def visible_assignments(user: User, course_id: int) -> list[Assignment]:
    """Return the assignments the user may see: all for its instructors, opened ones else."""
    course = visible_course(user, course_id)
    found = assignments_of(course.id)
    return found if teaches(user, course) else [a for a in found if a.opens_at <= utcnow()]
