"""Asking for scores: whenever a student's standing may have changed (their cells rewritten:
arena.services.gradebook_cells), their score on every resource link with a line item that
it touches is queued for sending (arena.lti.scores). One row per link and student: a request
for a row that is pending anyway supersedes it (the score is computed when it is sent), one
for a row being sent has it sent again after."""

from __future__ import annotations

from sqlalchemy import ColumnElement, and_, case, select, update
from sqlalchemy.exc import IntegrityError

from arena.extensions import db
from arena.models import (
    AssignmentChallenge,
    CourseMember,
    CourseRole,
    LtiAccount,
    LtiContext,
    LtiResourceLink,
    LtiScore,
)
from arena.models.types import utcnow
from graders.verdicts import Status


def request_scores(*where: ColumnElement[bool]) -> None:
    """Queue the scores of the students (with an LMS account of the link's issuer) on the
    resource links with a line item that match `where` (over links, contexts and members).
    The caller commits."""
    pairs = db.session.execute(
        select(LtiResourceLink.id, CourseMember.user_id)
        .join(LtiContext, LtiContext.id == LtiResourceLink.context_id)
        .join(CourseMember, and_(CourseMember.course_id == LtiContext.course_id,
                                 CourseMember.role == CourseRole.STUDENT))
        .join(LtiAccount, and_(LtiAccount.user_id == CourseMember.user_id,
                               LtiAccount.issuer == LtiContext.issuer))
        .where(LtiResourceLink.lineitem_url.is_not(None), *where)).all()
    for link_id, user_id in pairs:
        if not _renew(link_id, user_id):
            try:
                with db.session.begin_nested():
                    db.session.add(LtiScore(link_id=link_id, user_id=user_id,
                                            requested_at=utcnow()))
            except IntegrityError:  # asked for at the same instant by another transaction
                _renew(link_id, user_id)


def _renew(link_id: int, user_id: int) -> bool:
    """Ask again for an existing score: queued again when done, its tries reset; tell whether
    there was one."""
    return db.session.execute(
        update(LtiScore).where(LtiScore.link_id == link_id, LtiScore.user_id == user_id)
        .values(requested_at=utcnow(), tries=0, next_try_at=None,
                status=case((LtiScore.status == Status.DONE, Status.QUEUED),
                            else_=LtiScore.status))
        .execution_options(synchronize_session=False)).rowcount == 1


def challenge_changed(user_id: int, challenge_id: int) -> None:
    """Ask for a student's scores on the links to a challenge or to an assignment holding it."""
    holding = select(AssignmentChallenge.assignment_id).where(
        AssignmentChallenge.challenge_id == challenge_id)
    request_scores(CourseMember.user_id == user_id,
                   (LtiResourceLink.challenge_id == challenge_id)
                   | LtiResourceLink.assignment_id.in_(holding))


def member_changed(user_id: int, course_id: int) -> None:
    """Ask for a member's scores on every link of a course."""
    request_scores(CourseMember.user_id == user_id, LtiContext.course_id == course_id)


def assignment_changed(assignment_id: int) -> None:
    """Ask for every student's score on the links to an assignment."""
    request_scores(LtiResourceLink.assignment_id == assignment_id)
