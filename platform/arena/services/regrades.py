"""Regrades: a challenge's submissions graded again: every one against its published version
(its owner, an admin), or those made to a course's assignments against the version the course
pins (its instructors). Either way a course's gradebook counts only grades against its own
pinned version (arena.services.gradebook_cells), so no regrade changes another course's.

A regrade has one item per submission in its scope (every submission of the challenge, those
made to a course's assignments, one student's), each a job (arena.jobs.regrading).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, literal, select

from arena.errors import Forbidden, NotFound
from arena.extensions import db
from arena.models import (
    Challenge,
    CourseMember,
    CourseRole,
    Kind,
    Outcome,
    Regrade,
    RegradeItem,
    Role,
    Submission,
    User,
)
from arena.services.assignments import course_version
from arena.services.catalog import get_challenge
from arena.services.courses import managed_course, teaches
from arena.services.submissions import assigned_in
from graders.verdicts import Status


@dataclass(frozen=True)
class Progress:
    """How far a regrade has come: items done, and how many changed a verdict or failed."""

    total: int
    queued: int
    done: int
    changed: int
    failed: int
    finished_at: datetime | None

    @property
    def status(self) -> str:
        """queued (nothing taken yet), running, or done."""
        if self.done == self.total:
            return Status.DONE
        return Status.QUEUED if self.queued == self.total else Status.RUNNING


def _student(course_id: int | None, username: str) -> User:
    """Return the student named, who must be in the course when one is given."""
    found = db.session.scalar(select(User).where(User.username == username))
    in_course = course_id is None or (found is not None and db.session.scalar(
        select(CourseMember.id).where(CourseMember.course_id == course_id,
                                      CourseMember.user_id == found.id,
                                      CourseMember.role == CourseRole.STUDENT)))
    if found is None or not in_course:
        raise NotFound(f"no student called {username!r}" + (" in this course" if course_id
                                                              else ""))
    return found


def _version(user: User, challenge: Challenge, course_id: int | None) -> int:
    """Return the id of the version a regrade grades against: the one the course pins (its
    instructors), else the published one (an admin, or the challenge's owner)."""
    if course_id is None:
        if user.role != Role.ADMIN and challenge.owner_id != user.id:
            raise Forbidden("only admins and the challenge's owner regrade every submission; "
                            "give a course you teach")
        return challenge.current_version_id
    pinned = course_version(managed_course(user, course_id).id, challenge.id)
    if pinned is None:
        raise NotFound(f"no assignment of this course holds {challenge.slug!r}")
    return pinned.id


def request_regrade(user: User, slug: str, course_id: int | None = None,
                    student: str | None = None) -> Regrade:
    """Queue a regrade of a published challenge's submissions: those made to a course's
    assignments, against the version it pins (its instructors), or every one, against the
    published version (an admin, or the challenge's owner); `student` narrows it to one
    person."""
    challenge = get_challenge(slug, user)
    version_id = _version(user, challenge, course_id)
    target = _student(course_id, student) if student is not None else None
    regrade = Regrade(challenge=challenge, version_id=version_id, course_id=course_id,
                      student=target, requested_by=user.id)
    db.session.add(regrade)
    db.session.flush()
    scope = select(literal(regrade.id), Submission.id, literal(str(Status.QUEUED)),
                   literal(0)).where(Submission.challenge_id == challenge.id,
                                     Submission.kind == Kind.SUBMISSION)
    if course_id is not None:
        scope = scope.where(assigned_in([course_id]))
    if target is not None:
        scope = scope.where(Submission.user_id == target.id)
    db.session.execute(RegradeItem.__table__.insert().from_select(
        ["regrade_id", "submission_id", "status", "attempt"], scope))
    db.session.commit()
    return regrade


def visible_regrade(user: User, regrade_id: int) -> Regrade:
    """Return a regrade its requester, an admin or its course's instructors may follow."""
    regrade = db.session.get(Regrade, regrade_id)
    if regrade is None or not (
            user.role == Role.ADMIN or regrade.requested_by == user.id
            or (regrade.course is not None and teaches(user, regrade.course))):
        raise NotFound(f"no regrade {regrade_id}")
    return regrade


def progress(regrade: Regrade) -> Progress:
    """Count a regrade's items in one query."""
    total, queued, finished, changed, failed, last = db.session.execute(
        select(func.count(), func.count().filter(RegradeItem.status == Status.QUEUED),
               func.count().filter(RegradeItem.status == Status.DONE),
               func.count().filter(RegradeItem.outcome == Outcome.CHANGED),
               func.count().filter(RegradeItem.outcome == Outcome.FAILED),
               func.max(RegradeItem.finished_at))
        .where(RegradeItem.regrade_id == regrade.id)).one()
    finished_at = (last or regrade.created_at) if total == finished else None
    return Progress(total, queued, finished, changed, failed, finished_at)
