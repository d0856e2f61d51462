"""Submissions: validated, queued pinned to a version, read back by who may see them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import ColumnElement, and_, func, or_, select, true
from sqlalchemy.orm import joinedload

from arena.bounds import unstorable
from arena.config import DEFAULTS
from arena.errors import NotFound, PayloadTooLarge, TooManyRequests, Unprocessable
from arena.extensions import db
from arena.models import (
    Assignment,
    AssignmentChallenge,
    Challenge,
    ChallengeVersion,
    CourseMember,
    CourseRole,
    Kind,
    Role,
    Submission,
    User,
)
from arena.services.catalog import get_challenge
from arena.services.courses import visible_course
from arena.services.versions import version_spec
from graders.verdicts import Status

MAX_CODE_BYTES = DEFAULTS["MAX_CODE_BYTES"]  # the app passes its configured value


class Page(NamedTuple):
    """Some submissions, newest first, and the cursor of the next page (None on the last)."""

    items: list[Submission]
    next_before: int | None


def validate_code(code: str, max_bytes: int = MAX_CODE_BYTES) -> None:
    """Refuse code that is empty, too large, or not text that UTF-8 can carry."""
    reason = unstorable(code)
    if reason:
        raise Unprocessable(f"code: {reason}")
    size = len(code.encode("utf-8"))
    if size > max_bytes:
        raise PayloadTooLarge(f"code: {size} bytes is over the limit of {max_bytes} bytes")
    if not code.strip():
        raise Unprocessable("code: is empty")


def create_submission(user: User, slug: str, code: str, kind: str = Kind.SUBMISSION,
                      max_bytes: int = MAX_CODE_BYTES,
                      version: ChallengeVersion | None = None,
                      max_pending: int | None = None,
                      call: dict | None = None) -> Submission:
    """Validate the code and queue it, pinned to the challenge's published version (or to
    `version`, whose challenge the caller found the user may use: a draft its author runs code
    on, or the published version already looked up); refuse it (429) if the user would have more
    than `max_pending` submissions and runs queued or running. `call`: a console run's
    arguments (arena.services.console), for a run only."""
    challenge = version.challenge if version else get_challenge(slug, user)
    validate_code(code, max_bytes)
    if max_pending is not None:
        # The user's row, locked (PostgreSQL), makes the count below and the insert one step:
        # two requests at once cannot both pass. SQLite has no row locks; the insert takes its
        # write lock first, and the count then includes every committed row and this one.
        db.session.execute(select(User.id).where(User.id == user.id).with_for_update())
    submission = Submission(user=user, challenge=challenge,
                            version=version or challenge.current_version,
                            kind=str(Kind(kind)), code=code, status=Status.QUEUED,
                            call=call if kind == Kind.RUN else None)
    db.session.add(submission)
    db.session.flush()
    if max_pending is not None:
        _refuse_past(max_pending, submission)
    db.session.commit()
    return submission


def _refuse_past(max_pending: int, submission: Submission) -> None:
    """Undo the new submission and raise TooManyRequests if its user now has more than
    `max_pending` submissions and runs queued or running (it included)."""
    pending = db.session.scalar(select(func.count()).select_from(Submission).where(
        Submission.user_id == submission.user_id, Submission.status != Status.DONE))
    if pending <= max_pending:
        return
    wait = max(1, math.ceil(version_spec(submission.version).time_limit))  # about one grading
    db.session.rollback()
    raise TooManyRequests(f"too much work in hand: {pending - 1} of your submissions and "
                          f"runs are queued or running, and an account may have at most "
                          f"{max_pending}; try again when one is graded", retry_after=wait)


def assigned_in(courses) -> ColumnElement[bool]:
    """Return the condition on submissions made to the assignments of `courses` (ids, or a
    subquery of them): by a student of the course, to a challenge of one of its assignments,
    from the instant that assignment counts work from on; never a run. What a course's
    instructors may read."""
    return and_(Submission.kind == Kind.SUBMISSION, (
        select(AssignmentChallenge.id)
        .join(Assignment, Assignment.id == AssignmentChallenge.assignment_id)
        .join(CourseMember, and_(CourseMember.course_id == Assignment.course_id,
                                 CourseMember.role == CourseRole.STUDENT,
                                 CourseMember.user_id == Submission.user_id))
        .where(Assignment.course_id.in_(courses),
               AssignmentChallenge.challenge_id == Submission.challenge_id,
               Submission.created_at >= Assignment.counts_since).exists()))


def readable_by(user: User) -> ColumnElement[bool]:
    """Return the condition on submissions `user` may read: their own (runs included), those
    made to the assignments of a course they teach (`assigned_in`), or any for an admin."""
    if user.role == Role.ADMIN:
        return true()
    taught = select(CourseMember.course_id).where(CourseMember.user_id == user.id,
                                                  CourseMember.role == CourseRole.INSTRUCTOR)
    return or_(Submission.user_id == user.id, assigned_in(taught))


#: What reading a submission shows beside it, in the same query (each was a query of its own,
#: on every read of a verdict): its challenge's slug, its author's name, its version's number.
READ_WITH = (joinedload(Submission.challenge), joinedload(Submission.user),
             joinedload(Submission.version).load_only(ChallengeVersion.number))


def get_submission(user: User, submission_id: int) -> Submission:
    """Return a submission the user may read (`readable_by`), else raise NotFound."""
    submission = db.session.scalar(
        select(Submission).where(Submission.id == submission_id, readable_by(user))
        .options(*READ_WITH).execution_options(populate_existing=True))
    if submission is None:
        raise NotFound(f"no submission {submission_id}")
    return submission


@dataclass(frozen=True)
class Filters:
    """What a list of submissions is narrowed to; None means any."""

    challenge: str | None = None
    course: int | None = None  # made to its assignments (its members may ask; others get 404)
    student: str | None = None  # a username
    verdict: str | None = None
    since: datetime | None = None  # made at or after
    until: datetime | None = None  # made before


def list_submissions(user: User, filters: Filters = Filters(), before: int | None = None,
                     limit: int | None = None) -> list[Submission]:
    """Return the recorded submissions the user may read (`readable_by`), newest first.

    `before` keeps those older than that id, `limit` at most that many.
    """
    query = select(Submission).where(Submission.kind == Kind.SUBMISSION, readable_by(user))
    if filters.challenge is not None:
        query = query.join(Challenge).where(Challenge.slug == filters.challenge)
    if filters.course is not None:
        query = query.where(assigned_in([visible_course(user, filters.course).id]))
    if filters.student is not None:
        query = query.where(Submission.user_id.in_(
            select(User.id).where(User.username == filters.student)))
    if filters.verdict is not None:
        query = query.where(Submission.verdict == filters.verdict)
    if filters.since is not None:
        query = query.where(Submission.created_at >= filters.since)
    if filters.until is not None:
        query = query.where(Submission.created_at < filters.until)
    if before is not None:
        query = query.where(Submission.id < before)
    return list(db.session.scalars(query.order_by(Submission.id.desc()).limit(limit)))


def submission_page(user: User, filters: Filters, before: int | None, limit: int) -> Page:
    """Return a page of `list_submissions` and the cursor of the next one (keyset by id)."""
    rows = list_submissions(user, filters, before, limit + 1)  # one more tells if there is more
    items = rows[:limit]
    return Page(items, items[-1].id if len(rows) > limit else None)
