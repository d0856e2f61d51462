"""Assignments: a course's challenges with an opening and a due time, stored in UTC, each
challenge pinned to a version.

Students see an assignment once it opens; its instructors always. The due time decides
lateness: a submission made at the due instant exactly is on time. A challenge pins the
version published when it joins the assignment; only the course's instructors move it to
another one (one that was published), and its gradebook counts grades against the pinned
version (arena.services.gradebook_cells).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import joinedload, selectinload

from arena.errors import NotFound, Unprocessable
from arena.extensions import db
from arena.models import (
    Assignment,
    AssignmentChallenge,
    Challenge,
    ChallengeVersion,
    LatePolicy,
    User,
)
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
    #: Version numbers to pin, by slug; any other challenge keeps its pin (a new one: the
    #: published version).
    versions: dict[str, int] = field(default_factory=dict)


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
    if not set(fields.versions) <= set(fields.slugs):
        raise Unprocessable("versions: name only challenges of the assignment")


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


#: A challenge's pin in an assignment: its version's id, and since when.
Pin = tuple[int, datetime]


def _fill(assignment: Assignment, fields: AssignmentFields,
          kept: dict[int, Pin] | None = None) -> None:
    """Set an assignment's fields; its challenges must be published. A challenge pins the
    version `fields.versions` names, else the one it pinned before (`kept`, by challenge id),
    else the published one."""
    _check(fields)
    challenges = [get_challenge(slug) for slug in fields.slugs]
    assignment.title, assignment.late_policy = fields.title.strip(), fields.late_policy
    assignment.opens_at, assignment.due_at = fields.opens_at, fields.due_at
    assignment.items = [AssignmentChallenge(challenge=c, position=i) for i, c in
                        enumerate(challenges)]
    for item in assignment.items:
        item.version_id, item.pinned_at = (kept or {}).get(item.challenge.id, (None, None))
        number = fields.versions.get(item.challenge.slug)
        if number is not None:
            _pin(item, _published_version(item.challenge, number))
        elif item.version_id is None:
            _pin(item, item.challenge.current_version)


def create_assignment(user: User, course_id: int, fields: AssignmentFields) -> Assignment:
    """Add an assignment to a course the user teaches."""
    assignment = Assignment(course=managed_course(user, course_id))
    _fill(assignment, fields)
    db.session.add(assignment)
    refresh_assignment(assignment)
    db.session.commit()
    return assignment


def _managed_assignment(user: User, course_id: int, assignment_id: int) -> Assignment:
    """Return an assignment of a course the user teaches, or raise NotFound."""
    course = managed_course(user, course_id)
    assignment = db.session.get(Assignment, assignment_id)
    if assignment is None or assignment.course_id != course.id:
        raise NotFound(f"no assignment {assignment_id} in this course")
    return assignment


def update_assignment(user: User, course_id: int, assignment_id: int,
                      fields: AssignmentFields) -> Assignment:
    """Change an assignment of a course the user teaches; its challenges keep their pins
    unless `fields.versions` moves them."""
    assignment = _managed_assignment(user, course_id, assignment_id)
    kept = {item.challenge_id: (item.version_id, item.pinned_at) for item in assignment.items}
    assignment.items.clear()
    db.session.flush()  # the old order goes before the new one takes its places
    _fill(assignment, fields, kept)
    refresh_assignment(assignment)
    db.session.commit()
    return assignment


def move_to_published(user: User, course_id: int, assignment_id: int,
                      slug: str) -> AssignmentChallenge:
    """Pin a challenge of an assignment the user teaches to its published version."""
    assignment = _managed_assignment(user, course_id, assignment_id)
    item = next((i for i in assignment.items if i.challenge.slug == slug), None)
    if item is None:
        raise NotFound(f"no challenge {slug!r} in this assignment")
    _pin(item, get_challenge(slug).current_version)
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
