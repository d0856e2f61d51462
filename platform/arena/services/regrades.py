"""Regrades: a challenge's submissions graded again: every one against its published version
(its owner, an admin), or those made to a course's assignments against the version the course
pins (its instructors). Either way a course's gradebook counts only grades against its own
pinned version (arena.services.gradebook_cells), so no regrade changes another course's.

A regrade has one item per submission in its scope (every submission of the challenge, those
made to a course's assignments, one student's), each claimed and recorded like a submission's
own grading: the item's status and attempt in every WHERE clause, so that one attempt records
once, and a lease (arena.services.leases) that a dead worker loses. Workers take items only
when no learner's submission is queued. A recorded regrade keeps the verdict it replaces in
the submission's history; a platform failure keeps the verdict it had.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, literal, select, update

from arena.errors import Forbidden, NotFound
from arena.extensions import db
from arena.models import (
    Challenge,
    CourseMember,
    CourseRole,
    Kind,
    Regrade,
    RegradeItem,
    Role,
    Submission,
    SubmissionGrade,
    TestResult,
    User,
)
from arena.models.types import utcnow
from arena.services.assignments import course_version
from arena.services.catalog import get_challenge
from arena.services.courses import managed_course, teaches
from arena.services.gradebook_cells import refresh_submission
from arena.services.jobs import (
    lock_user,
    prepared_versions,
    report_values,
    test_row,
    user_busy,
)
from arena.services.leases import Heartbeat, lease_end
from arena.services.preparation import prepared_data
from arena.services.submissions import assigned_in
from arena.services.versions import version_spec
from graders.grading.grade import grade
from graders.report import GradeReport
from graders.sandbox.base import Sandbox
from graders.verdicts import Status, Verdict

log = logging.getLogger(__name__)


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
    challenge = get_challenge(slug)
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
               func.count().filter(RegradeItem.outcome == "changed"),
               func.count().filter(RegradeItem.outcome == "failed"),
               func.max(RegradeItem.finished_at))
        .where(RegradeItem.regrade_id == regrade.id)).one()
    finished_at = (last or regrade.created_at) if total == finished else None
    return Progress(total, queued, finished, changed, failed, finished_at)


def claim_next_item() -> int | None:
    """Claim the oldest queued item whose submission is graded, whose version is prepared
    (arena.services.jobs.prepared_versions) and whose learner has no job running
    (arena.services.jobs.user_busy); return its id."""
    candidates = db.session.execute(
        select(RegradeItem.id, Submission.user_id)
        .join(Submission, Submission.id == RegradeItem.submission_id)
        .join(Regrade, Regrade.id == RegradeItem.regrade_id)
        .where(RegradeItem.status == Status.QUEUED, Submission.status == Status.DONE,
               Regrade.version_id.in_(prepared_versions()))
        .order_by(RegradeItem.id).limit(8)).all()
    db.session.commit()
    for item_id, user_id in candidates:
        lock_user(literal(user_id))
        claimed = db.session.execute(
            update(RegradeItem).where(RegradeItem.id == item_id,
                                      RegradeItem.status == Status.QUEUED,
                                      ~user_busy(literal(user_id)))
            .values(status=Status.RUNNING, attempt=RegradeItem.attempt + 1,
                    lease_expires_at=lease_end()))
        db.session.commit()
        if claimed.rowcount == 1:
            return item_id
    return None


def regrade_item(item_id: int, sandbox: Sandbox) -> None:
    """Grade a claimed item's submission against the regrade's version and record it."""
    item = db.session.get(RegradeItem, item_id)
    if item is None:
        return  # its submission was deleted meanwhile
    attempt, submission = item.attempt, db.session.get(Submission, item.submission_id)
    version = item.regrade.version
    report = None  # stays None when its version could not be prepared: the item fails
    try:
        prepared = prepared_data(version)
        if prepared is not None:
            with Heartbeat(RegradeItem, item_id, RegradeItem.status == Status.RUNNING,
                           RegradeItem.attempt == attempt):
                report = grade(version_spec(version), prepared, submission.code, sandbox)
    except Exception:
        log.exception("regrade item %s (submission %s) failed", item_id, submission.id)
    if report is None or report.verdict == Verdict.INTERNAL_ERROR:
        _finish_item(item_id, attempt, "failed")
        db.session.commit()
    else:
        record_regrade(item_id, attempt, report)


def _finish_item(item_id: int, attempt: int, outcome: str) -> bool:
    """Mark a running item done if this attempt still owns it; do not commit."""
    return db.session.execute(
        update(RegradeItem).where(RegradeItem.id == item_id, RegradeItem.status == Status.RUNNING,
                                  RegradeItem.attempt == attempt)
        .values(status=Status.DONE, outcome=outcome, finished_at=utcnow(),
                lease_expires_at=None)).rowcount == 1


def record_regrade(item_id: int, attempt: int, report: GradeReport) -> bool:
    """Replace the submission's verdict with the report, keeping the old one in its history,
    in one transaction; a stale or repeated call changes nothing."""
    item = db.session.get(RegradeItem, item_id)
    old = db.session.get(Submission, item.submission_id, populate_existing=True)
    outcome = "same" if old.verdict == str(report.verdict) else "changed"
    kept = SubmissionGrade(  # read before the update below refreshes `old`
        submission_id=old.id, version_id=old.version_id, verdict=old.verdict,
        passed=old.passed, total=old.total, message=old.message,
        message_data=old.message_data, graded_at=old.finished_at, regrade_id=item.regrade_id)
    if not _finish_item(item_id, attempt, outcome):
        db.session.rollback()  # a stale attempt: another one owns the item now
        return False
    replaced = db.session.execute(
        update(Submission).where(Submission.id == old.id, Submission.status == Status.DONE,
                                 Submission.finished_at == old.finished_at)
        .values(version_id=item.regrade.version_id, finished_at=utcnow(),
                **report_values(report))).rowcount == 1
    if not replaced:  # another regrade recorded a verdict meanwhile: grade it again
        db.session.rollback()
        db.session.execute(update(RegradeItem).where(
            RegradeItem.id == item_id, RegradeItem.status == Status.RUNNING,
            RegradeItem.attempt == attempt).values(status=Status.QUEUED, lease_expires_at=None))
        db.session.commit()
        return False
    db.session.add(kept)
    db.session.execute(TestResult.__table__.delete().where(
        TestResult.submission_id == old.id))
    db.session.add_all(test_row(old.id, i, t) for i, t in enumerate(report.tests))
    refresh_submission(old.id)
    db.session.commit()
    return True
