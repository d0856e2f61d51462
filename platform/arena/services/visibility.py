"""Who may see a published challenge, by its visibility (arena.models.Visibility).

Public and unlisted challenges are seen by everyone (an unlisted one is never listed); a
course challenge by its author, admins, and the members (students and instructors) of every
running course its author teaches. An archived course shows its members only the challenges its
assignments use (their past work), not what its authors write for later terms. Callers who may
not see a challenge are told it does not exist.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, Select, or_, select, true

from arena.extensions import db
from arena.models import (
    Assignment,
    AssignmentChallenge,
    Challenge,
    Course,
    CourseMember,
    CourseRole,
    Role,
    User,
    Visibility,
)

#: What a challenge authored through the API or the pages is, unless its author says.
AUTHORED_DEFAULT = Visibility.COURSE


def _teachers_of(courses: Select | list[int]) -> Select:
    """Select the instructors of the courses given (ids, or a select of them)."""
    return select(CourseMember.user_id).where(CourseMember.course_id.in_(courses),
                                              CourseMember.role == CourseRole.INSTRUCTOR)


def seen_by(viewer: User | None) -> ColumnElement[bool]:
    """Return the condition on Challenge that `viewer` (None: a visitor) may see it."""
    if viewer is not None and viewer.role == Role.ADMIN:
        return true()
    open_to_all = Challenge.visibility != Visibility.COURSE
    if viewer is None:
        return open_to_all
    their_courses = select(CourseMember.course_id).where(CourseMember.user_id == viewer.id)
    running = their_courses.join(Course, Course.id == CourseMember.course_id).where(
        Course.archived_at.is_(None))
    return or_(open_to_all, Challenge.owner_id == viewer.id,
               Challenge.owner_id.in_(_teachers_of(running)),
               Challenge.id.in_(_used_in(their_courses)))


def _used_in(courses: Select) -> Select:
    """Select the challenges the assignments of these courses use."""
    return select(AssignmentChallenge.challenge_id).join(
        Assignment, Assignment.id == AssignmentChallenge.assignment_id).where(
        Assignment.course_id.in_(courses))


def listed_for(viewer: User | None) -> ColumnElement[bool]:
    """Return the condition on Challenge that the catalog lists it to `viewer`."""
    return seen_by(viewer) & (Challenge.visibility != Visibility.UNLISTED)


def may_see(viewer: User | None, challenge: Challenge) -> bool:
    """Tell whether `viewer` may see `challenge` (whether or not it is published)."""
    return bool(db.session.scalar(select(Challenge.id).where(
        Challenge.id == challenge.id, seen_by(viewer))))


def open_to_course(challenge: Challenge, course_id: int) -> bool:
    """Tell whether every member of a course may see `challenge`."""
    return challenge.visibility != Visibility.COURSE or challenge.owner_id in db.session.scalars(
        _teachers_of([course_id])).all()


def course_challenges(course_id: int) -> list[Challenge]:
    """Return the published course challenges of a course's instructors, by slug (of an
    archived course, those its assignments use)."""
    archived = db.session.scalar(select(Course.archived_at.is_not(None)).where(
        Course.id == course_id))
    mine = (Challenge.id.in_(_used_in(select(Course.id).where(Course.id == course_id)))
            if archived else Challenge.owner_id.in_(_teachers_of([course_id])))
    return list(db.session.scalars(select(Challenge).where(
        Challenge.visibility == Visibility.COURSE, mine, Challenge.active,
        Challenge.current_version_id.is_not(None)).order_by(Challenge.slug)))
