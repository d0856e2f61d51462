"""Assignments: a course's challenges with an opening and a due time, stored in UTC, each
challenge pinned to a version.

Students see an assignment once it opens; its instructors always. The due time decides
lateness: a submission made at the due instant exactly is on time; a student with an
extension has their own due time. Each challenge is worth its points, and late work loses a
share of them per started day late, up to a cap (arena.services.grades). A challenge pins the
version published when it joins the assignment; only the course's instructors move it to
another one (one that was published), and its gradebook counts grades against the pinned
version (arena.services.gradebook_cells). An assignment opens when its instructor says, else
when it is created. Deleting one deletes its gradebook cells, never a submission; an archived
course's assignments stay as they are (arena.services.courses.writable).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import joinedload, selectinload

from arena.errors import NotFound, Unprocessable
from arena.extensions import db
from arena.models import (
    Assignment,
    AssignmentChallenge,
    Challenge,
    ChallengeVersion,
    CourseMember,
    CourseRole,
    DueExtension,
    FeedbackRelease,
    GradebookCell,
    LatePolicy,
    User,
)
from arena.models.types import utcnow
from arena.services.catalog import get_challenge
from arena.services.courses import managed_course, teaches, visible_course, writable
from arena.services.gradebook_cells import refresh_assignment
from arena.services.grades import MAX_POINTS, LatePenalty
from arena.services.visibility import open_to_course

MAX_CHALLENGES = 50
#: The most students one assignment extends the due time of.
MAX_EXTENSIONS = 2000
#: Leave a field as it is (an edit that does not name it).
UNCHANGED: Literal["unchanged"] = "unchanged"


@dataclass(frozen=True)
class AssignmentFields:
    """What an instructor sets on an assignment."""

    title: str
    slugs: list[str]
    #: None: a new assignment opens now, a changed one keeps its opening.
    opens_at: datetime | None
    due_at: datetime
    late_policy: str = LatePolicy.MARKED
    #: Version numbers to pin, by slug; any other challenge keeps its pin (a new one: the
    #: published version).
    versions: dict[str, int] = field(default_factory=dict)
    feedback: str = FeedbackRelease.IMMEDIATE
    #: Points by slug; any other challenge keeps its points (a new one: 1).
    points: dict[str, float] = field(default_factory=dict)
    #: None keeps the penalty (a new assignment: none).
    late_penalty: LatePenalty | None = None
    #: Each student's own due time, by username; None keeps the extensions (a new one: none).
    extensions: dict[str, datetime] | None = None
    #: Work counts from this instant (None: from the opening).
    counts_from: datetime | None | Literal["unchanged"] = UNCHANGED


def _check(fields: AssignmentFields, opens_at: datetime) -> None:
    """Refuse an assignment that cannot be kept: no title, no time zone, due before opening."""
    if not fields.title.strip():
        raise Unprocessable("title: must not be empty")
    for name, moment in (("opens_at", opens_at), ("due_at", fields.due_at)):
        if moment.tzinfo is None:
            raise Unprocessable(f"{name}: give a time zone offset, e.g. 2026-12-01T23:59+09:00")
    if fields.due_at <= opens_at:
        raise Unprocessable("due_at: must come after opens_at")
    if fields.feedback not in set(FeedbackRelease):
        raise Unprocessable("feedback: immediate or after_due")
    if not 1 <= len(fields.slugs) <= MAX_CHALLENGES or len(set(fields.slugs)) < len(
            fields.slugs):
        raise Unprocessable(f"challenges: 1 to {MAX_CHALLENGES} different slugs")
    if not set(fields.versions) <= set(fields.slugs):
        raise Unprocessable("versions: name only challenges of the assignment")
    _check_grading(fields)


def _check_grading(fields: AssignmentFields) -> None:
    """Refuse points, a penalty or a time work counts from that cannot be graded."""
    unknown = sorted(set(fields.points) - set(fields.slugs))
    if unknown:
        raise Unprocessable(f"points: {', '.join(map(repr, unknown))} is not a challenge of "
                            "the assignment")
    for slug, worth in fields.points.items():
        if not (math.isfinite(worth) and 0 <= worth <= MAX_POINTS):
            raise Unprocessable(f"points: {slug!r} must be worth 0 to {MAX_POINTS} points")
    penalty = fields.late_penalty
    if penalty is not None:
        for name in ("percent_per_day", "max_percent"):
            if not (math.isfinite(value := getattr(penalty, name)) and 0 <= value <= 100):
                raise Unprocessable(f"late_penalty: {name} must be from 0 to 100")
    counts_from = fields.counts_from
    if isinstance(counts_from, datetime) and (
            counts_from.tzinfo is None or counts_from >= fields.due_at):
        raise Unprocessable("counts_from: give a time zone offset, and a time before due_at")
    for username, due in (fields.extensions or {}).items():
        if due.tzinfo is None:
            raise Unprocessable(f"extensions: give {username!r}'s due time a time zone offset")


def _published_version(challenge: Challenge, number: int) -> ChallengeVersion:
    """Return a challenge's version `number`, which must have been published (a draft was
    never proven, so no course counts it)."""
    version = db.session.scalar(select(ChallengeVersion).where(
        ChallengeVersion.challenge_id == challenge.id, ChallengeVersion.number == number))
    if version is None or version.published_at is None:
        raise Unprocessable(f"versions: {challenge.slug!r} has no version {number} that was "
                            "published")
    return version


def _pin(item: AssignmentChallenge, version: ChallengeVersion) -> None:
    """Pin a challenge of an assignment to `version`, from now on if that is a change."""
    if item.version_id != version.id:
        item.version, item.pinned_at = version, utcnow()


#: A challenge's pin in an assignment: its version's id, and since when; and its points.
Pin = tuple[int, datetime, float]


def _assignable(user: User, course_id: int, slug: str) -> Challenge:
    """Return the published challenge `slug` if `user` may see it (else NotFound) and every
    member of the course may (else 422)."""
    challenge = get_challenge(slug, user)
    if not open_to_course(challenge, course_id):
        raise Unprocessable(f"challenges: {slug!r} is private to its author's courses, and its "
                            "author does not teach this one: its students could not open it")
    return challenge


def _fill(user: User, assignment: Assignment, fields: AssignmentFields,
          kept: dict[int, Pin] | None = None) -> None:
    """Set an assignment's fields; its challenges must be published, and seen by the user and
    the course's members. A challenge pins the
    version `fields.versions` names, else the one it pinned before (`kept`, by challenge id),
    else the published one."""
    opens_at = fields.opens_at or assignment.opens_at or utcnow()
    _check(fields, opens_at)
    challenges = [_assignable(user, assignment.course.id, slug) for slug in fields.slugs]
    assignment.title, assignment.late_policy = fields.title.strip(), fields.late_policy
    assignment.opens_at, assignment.due_at = opens_at, fields.due_at
    assignment.feedback = fields.feedback
    _grading(assignment, fields)
    assignment.items = [AssignmentChallenge(challenge=c, position=i) for i, c in
                        enumerate(challenges)]
    for item in assignment.items:
        item.version_id, item.pinned_at, item.points = (kept or {}).get(
            item.challenge.id, (None, None, 1.0))
        item.points = fields.points.get(item.challenge.slug, item.points)
        number = fields.versions.get(item.challenge.slug)
        if number is not None:
            _pin(item, _published_version(item.challenge, number))
        elif item.version_id is None:
            _pin(item, item.challenge.current_version)


def _grading(assignment: Assignment, fields: AssignmentFields) -> None:
    """Set the penalty, the time work counts from and the extensions the fields name."""
    penalty = fields.late_penalty or (None if assignment.id else LatePenalty())
    if penalty is not None:
        assignment.late_percent_per_day = penalty.percent_per_day
        assignment.late_max_percent = penalty.max_percent
    if fields.counts_from != UNCHANGED:
        assignment.counts_from = fields.counts_from
    if fields.extensions is not None:
        students = _students_named(assignment.course.id, set(fields.extensions))
        if assignment.id is not None:
            assignment.extensions.clear()
            db.session.flush()  # the old rows go before new ones take their keys
        assignment.extensions = [DueExtension(user_id=students[name], due_at=due)
                                 for name, due in fields.extensions.items()]


def _students_named(course_id: int, names: set[str]) -> dict[str, int]:
    """Return the ids of the course's students with these usernames, or refuse the names
    that are none of its students."""
    found = dict(db.session.execute(
        select(User.username, User.id).join(CourseMember, CourseMember.user_id == User.id)
        .where(CourseMember.course_id == course_id, CourseMember.role == CourseRole.STUDENT,
               User.username.in_(names))).all())
    unknown = sorted(names - set(found))
    if unknown:
        raise Unprocessable(f"extensions: {', '.join(map(repr, unknown))} is not a student "
                            "of this course")
    return found


def create_assignment(user: User, course_id: int, fields: AssignmentFields) -> Assignment:
    """Add an assignment to a course the user teaches."""
    assignment = Assignment(course=writable(managed_course(user, course_id)))
    _fill(user, assignment, fields)
    db.session.add(assignment)
    refresh_assignment(assignment)
    db.session.commit()
    return assignment


def managed_assignment(user: User, course_id: int, assignment_id: int) -> Assignment:
    """Return an assignment of a course the user teaches, or raise NotFound."""
    course = managed_course(user, course_id)
    assignment = db.session.get(Assignment, assignment_id)
    if assignment is None or assignment.course_id != course.id:
        raise NotFound(f"no assignment {assignment_id} in this course")
    return assignment


def _changeable(user: User, course_id: int, assignment_id: int) -> Assignment:
    """Return an assignment the user may change: theirs to manage, in a course not archived."""
    assignment = managed_assignment(user, course_id, assignment_id)
    writable(assignment.course)
    return assignment


def graded_students(user: User, course_id: int, assignment_id: int) -> list[str]:
    """Return, by username, the students with grades in an assignment the user manages: those
    whose grades for it leave the gradebook if it is deleted."""
    assignment = managed_assignment(user, course_id, assignment_id)
    return list(db.session.scalars(
        select(User.username).where(User.id.in_(
            select(GradebookCell.user_id).where(GradebookCell.assignment_id == assignment.id)))
        .order_by(User.username)))


def delete_assignment(user: User, course_id: int, assignment_id: int) -> None:
    """Delete an assignment of a course the user teaches, with its gradebook cells; the
    submissions made to it stay with their authors."""
    db.session.delete(_changeable(user, course_id, assignment_id))
    db.session.commit()


def update_assignment(user: User, course_id: int, assignment_id: int,
                      fields: AssignmentFields) -> Assignment:
    """Change an assignment of a course the user teaches; its challenges keep their pins
    unless `fields.versions` moves them."""
    assignment = _changeable(user, course_id, assignment_id)
    kept = {item.challenge_id: (item.version_id, item.pinned_at, item.points)
            for item in assignment.items}
    assignment.items.clear()
    db.session.flush()  # the old order goes before the new one takes its places
    _fill(user, assignment, fields, kept)
    refresh_assignment(assignment)
    db.session.commit()
    return assignment


def extend(user: User, course_id: int, assignment_id: int, username: str,
           due_at: datetime) -> DueExtension:
    """Give one student of the course their own due time for an assignment the user teaches
    (replacing the one they had); their grades follow at once."""
    assignment = _changeable(user, course_id, assignment_id)
    if due_at.tzinfo is None or due_at <= assignment.opens_at:
        raise Unprocessable("extensions: give a time zone offset, and a time after the opening")
    student = _students_named(assignment.course.id, {username})[username]
    extension = db.session.get(DueExtension, (assignment.id, student))
    if extension is None:
        extension = DueExtension(user_id=student)
        assignment.extensions.append(extension)
    extension.due_at = due_at
    refresh_assignment(assignment)
    db.session.commit()
    return extension


def drop_extension(user: User, course_id: int, assignment_id: int, username: str) -> None:
    """Take a student's own due time away: the assignment's is theirs again."""
    assignment = _changeable(user, course_id, assignment_id)
    kept = [e for e in assignment.extensions if e.user.username != username]
    if len(kept) == len(assignment.extensions):
        raise NotFound(f"{username!r} has no extension of this assignment")
    assignment.extensions = kept
    refresh_assignment(assignment)
    db.session.commit()


def move_to_published(user: User, course_id: int, assignment_id: int,
                      slug: str) -> AssignmentChallenge:
    """Pin a challenge of an assignment the user teaches to its published version."""
    assignment = _changeable(user, course_id, assignment_id)
    item = next((i for i in assignment.items if i.challenge.slug == slug), None)
    if item is None:
        raise NotFound(f"no challenge {slug!r} in this assignment")
    _pin(item, get_challenge(slug, user).current_version)
    refresh_assignment(assignment)
    db.session.commit()
    return item


def course_version(course_id: int, challenge_id: int) -> ChallengeVersion | None:
    """Return the version a course counts a challenge against: the pin of its first
    assignment holding it (the gradebook's column), or None when none holds it."""
    return next((item.version for a in assignments_of(course_id) for item in a.items
                 if item.challenge_id == challenge_id), None)


def assignments_of(course_id: int) -> list[Assignment]:
    """Return a course's assignments in the order they open, with their challenges loaded."""
    return list(db.session.scalars(
        select(Assignment).where(Assignment.course_id == course_id)
        .options(selectinload(Assignment.items).options(
            joinedload(AssignmentChallenge.challenge).joinedload(Challenge.current_version)
            .load_only(ChallengeVersion.number),
            joinedload(AssignmentChallenge.version).load_only(ChallengeVersion.number)))
        .order_by(Assignment.opens_at, Assignment.id)))


def visible_assignments(user: User, course_id: int) -> list[Assignment]:
    """Return the assignments the user may see: all for its instructors, opened ones else."""
    course = visible_course(user, course_id)
    found = assignments_of(course.id)
    return found if teaches(user, course) else [a for a in found if a.opens_at <= utcnow()]
