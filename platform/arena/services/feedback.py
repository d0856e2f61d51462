"""Feedback release: whether a reader may see a submission's named bug and test rows yet.

An assignment releases its feedback at once (`immediate`, the default) or at its due time
(`after_due`; a student with an extension, at their own due time). Until then, a student of its
course reads only the verdict of the submissions they made to its challenges from the instant
it counts work from (`Assignment.counts_since`: the ones the course counts,
services.submissions.assigned_in), and nothing else about them: not the named bug, the test
rows, the counts of tests passed, messages, printed output or a review. After the due time,
everything, as for an immediate assignment; its instructors and admins read everything always.
A run of the public examples is no submission and always shows all of it. Every surface asks
here: the presenters (the API's and the pages' submission, the lists), the review, and through
the API the challenge page's script and `arena submit`.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import and_, func, select

from arena.errors import Conflict
from arena.extensions import db
from arena.models import (
    Assignment,
    AssignmentChallenge,
    CourseMember,
    CourseRole,
    FeedbackRelease,
    Kind,
    Submission,
    User,
)
from arena.models.types import utcnow
from arena.services.gradebook_cells import student_due, with_extension


def release_times(reader: User, submissions: Iterable[Submission]) -> dict[int, datetime]:
    """Return, by submission id, when the feedback of each of these that `reader` may not see
    in full yet reaches them (the latest due time that holds it back); the others are absent."""
    ids = [s.id for s in submissions if s.user_id == reader.id and s.kind == Kind.SUBMISSION]
    if not ids:
        return {}
    due = student_due()
    rows = db.session.execute(with_extension(
        select(Submission.id, func.max(due))
        .join(AssignmentChallenge, AssignmentChallenge.challenge_id == Submission.challenge_id)
        .join(Assignment, Assignment.id == AssignmentChallenge.assignment_id)
        .join(CourseMember, and_(CourseMember.course_id == Assignment.course_id,
                                 CourseMember.user_id == Submission.user_id,
                                 CourseMember.role == CourseRole.STUDENT)), Submission.user_id)
        .where(Submission.id.in_(ids), Assignment.feedback == FeedbackRelease.AFTER_DUE,
               Assignment.counts_since <= Submission.created_at, due > utcnow())
        .group_by(Submission.id))
    return {submission_id: due for submission_id, due in rows}


def withheld_until(reader: User, submission: Submission) -> datetime | None:
    """Return when `reader` may see the submission in full, while they may not; else None."""
    return release_times(reader, [submission]).get(submission.id)


def check_released(reader: User, submission: Submission) -> None:
    """Refuse (409) what would tell `reader` more than a verdict before their feedback's time."""
    if withheld_until(reader, submission) is not None:
        raise Conflict("this assignment shows the named bug and the test results after its due "
                       "time", code="feedback_withheld")
