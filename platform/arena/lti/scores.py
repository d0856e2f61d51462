"""Sending scores (Assignment and Grade Services) as jobs of the one lifecycle
(arena.jobs.lifecycle): a score row (arena.lti.score_requests queues it) is claimed by a
worker, the student's standing computed then (so the newest request wins), and POSTed to the
line item's scores with an access token of the platform (our client assertion). A platform
away or refusing is tried again after ARENA_LTI_RETRY_SECONDS, doubling each time, MAX_TRIES
times in all, then marked failed. Timestamps of one row's scores only grow, and a row is sent
by one attempt at a time, so a platform never receives them out of order."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, NamedTuple
from urllib.parse import urlsplit, urlunsplit

from flask import current_app
from sqlalchemy import ColumnElement, or_, select, update
from sqlalchemy.orm import joinedload

from arena.extensions import db
from arena.jobs.lifecycle import JobKind
from arena.lti.messages import SCORE_SCOPE, PlatformError, access_token, call
from arena.models import (
    GradebookCell,
    Kind,
    LtiAccount,
    LtiContext,
    LtiResourceLink,
    LtiScore,
    ScoreOutcome,
    Submission,
    User,
)
from arena.models.types import utcnow
from arena.services.courses import managed_course
from arena.services.gradebook import gradebook
from graders.sandbox.base import Sandbox
from graders.verdicts import Status, Verdict

log = logging.getLogger(__name__)

#: Tries of one score before it is marked failed.
MAX_TRIES = 8
#: The longest wait between two tries.
MAX_WAIT = timedelta(hours=1)
SCORE_TYPE = "application/vnd.ims.lis.v1.score+json"


class ScoreSends(JobKind):
    """Scores to send: one that gave up (its worker died three times) failed."""

    name, model = "lti_score", LtiScore

    def may_start(self) -> list[ColumnElement[bool]]:
        return [or_(LtiScore.next_try_at.is_(None), LtiScore.next_try_at <= utcnow())]

    def gave_up(self) -> dict[str, object]:
        return {"outcome": ScoreOutcome.FAILED}

    def queued_since(self) -> ColumnElement[Any]:
        return LtiScore.requested_at

    def verdict(self, values: dict[str, object]) -> str:
        return str(values.get("outcome") or super().verdict(values))

    def run(self, job_id: int, sandbox: Sandbox) -> None:
        send_score(job_id)


SCORE_SENDS = ScoreSends()


def claim_next_score() -> int | None:
    """Claim the score asked for longest ago whose next try is due; return its id."""
    candidates = db.session.scalars(
        select(LtiScore.id).where(LtiScore.status == Status.QUEUED, *SCORE_SENDS.may_start())
        .order_by(LtiScore.requested_at, LtiScore.id).limit(8)).all()
    db.session.commit()
    return SCORE_SENDS.claim_first(candidates)


class Standing(NamedTuple):
    """A student's score on a link, its maximum, and whether they have tried it at all."""

    given: float
    maximum: float
    tried: bool


def standing(link: LtiResourceLink, user_id: int) -> Standing:
    """Return a student's standing on a link: an assignment's score as the gradebook counts
    it (late penalties and extensions included), or 1 for an accepted challenge."""
    if link.assignment is not None:
        student = db.session.get(LtiAccount, _account_id(link, user_id)).user
        row = gradebook(student, link.context.course_id).rows
        tried = db.session.scalar(select(GradebookCell.user_id).where(
            GradebookCell.assignment_id == link.assignment_id,
            GradebookCell.user_id == user_id).limit(1)) is not None
        return Standing(row[0].scores.get(link.assignment_id, 0.0) if row else 0.0,
                        sum(item.points for item in link.assignment.items), tried)
    verdicts = set(db.session.scalars(select(Submission.verdict).distinct().where(
        Submission.user_id == user_id, Submission.challenge_id == link.challenge_id,
        Submission.kind == Kind.SUBMISSION, Submission.status == Status.DONE)))
    return Standing(1.0 if Verdict.ACCEPTED in verdicts else 0.0, 1.0, bool(verdicts))


def _account_id(link: LtiResourceLink, user_id: int) -> int:
    """Return the id of the student's account at the link's platform."""
    return db.session.scalar(select(LtiAccount.id).where(
        LtiAccount.user_id == user_id, LtiAccount.issuer == link.context.issuer).limit(1))


def scores_url(lineitem_url: str) -> str:
    """Return a line item's scores endpoint (its path and `/scores`, its query kept)."""
    parts = urlsplit(lineitem_url)
    return urlunsplit(parts._replace(path=parts.path.rstrip("/") + "/scores"))


def send_score(score_id: int) -> None:
    """Compute and send a claimed score; never leave it running."""
    score = db.session.get(LtiScore, score_id)
    attempt, started = score.attempt, score.started_at
    try:
        with SCORE_SENDS.heartbeat(score_id, attempt):
            sent = _send(score)
    except PlatformError as exc:
        db.session.rollback()
        _retry(score_id, attempt, str(exc))
        return
    except Exception:  # noqa: BLE001 - ours: tried again like an absent platform
        log.exception("sending LTI score %s failed", score_id)
        db.session.rollback()
        _retry(score_id, attempt, "the score could not be computed or sent")
        return
    again = db.session.scalar(select(LtiScore.requested_at > started)
                              .where(LtiScore.id == score_id))
    if again and SCORE_SENDS.give_back(score_id, attempt):
        db.session.execute(update(LtiScore).where(LtiScore.id == score_id).values(**sent))
    else:
        SCORE_SENDS.finish(score_id, attempt, outcome=ScoreOutcome.SENT, error=None, **sent)
    db.session.commit()


def _send(score: LtiScore) -> dict[str, object]:
    """POST the student's standing to the line item; return what the row records of it."""
    link = score.link
    given, maximum, tried = standing(link, score.user_id)
    now = utcnow()
    timestamp = max(now, score.sent_timestamp + timedelta(milliseconds=1)) \
        if score.sent_timestamp else now
    account = db.session.get(LtiAccount, _account_id(link, score.user_id))
    token = access_token(link.context.platform, SCORE_SCOPE)
    body = {"userId": account.sub, "timestamp": timestamp.isoformat(timespec="milliseconds"),
            "activityProgress": "Initialized", "gradingProgress": "NotReady"}
    if tried:  # else no grade yet: the LMS shows none rather than a zero
        body.update(scoreGiven=given, scoreMaximum=maximum, gradingProgress="FullyGraded",
                    activityProgress="Completed" if given > 0 else "Submitted")
    call("POST", scores_url(link.lineitem_url), token, headers={"Content-Type": SCORE_TYPE},
         json=body)
    return {"score_given": given if tried else None, "score_maximum": maximum,
            "sent_timestamp": timestamp,
            "tries": 0, "next_try_at": None}


def _retry(score_id: int, attempt: int, error: str) -> None:
    """Queue a score again after a wait that doubles per try, or mark it failed after
    MAX_TRIES."""
    tries = db.session.scalar(select(LtiScore.tries).where(LtiScore.id == score_id)) + 1
    if tries >= MAX_TRIES:
        SCORE_SENDS.finish(score_id, attempt, outcome=ScoreOutcome.FAILED, tries=tries,
                           error=error[:500])
    elif SCORE_SENDS.give_back(score_id, attempt):
        wait = timedelta(seconds=current_app.config["LTI_RETRY_SECONDS"] * 2 ** (tries - 1))
        db.session.execute(update(LtiScore).where(LtiScore.id == score_id).values(
            tries=tries, next_try_at=utcnow() + min(wait, MAX_WAIT), error=error[:500]))
    db.session.commit()
    log.warning("LTI score %s not sent (try %d of %d): %s", score_id, tries, MAX_TRIES, error)


def score_status(score: LtiScore) -> str:
    """Say where a score is: `pending` (queued or being sent), `sent` or `failed`."""
    if score.status != Status.DONE:
        return "pending"
    return str(score.outcome or ScoreOutcome.FAILED)


def course_scores(user: User, course_id: int) -> list[LtiScore]:
    """Return the scores of a course's links, for its instructors (and admins): each
    student's on each link, by link and username."""
    managed_course(user, course_id)
    return list(db.session.scalars(
        select(LtiScore).join(LtiResourceLink, LtiResourceLink.id == LtiScore.link_id)
        .join(LtiContext, LtiContext.id == LtiResourceLink.context_id)
        .join(User, User.id == LtiScore.user_id)
        .where(LtiContext.course_id == course_id)
        .options(joinedload(LtiScore.link), joinedload(LtiScore.user))
        .order_by(LtiResourceLink.id, User.username)))


def score_counts(scores: list[LtiScore]) -> dict[str, int]:
    """Count scores by status (`score_status`): what a course's page says in one line."""
    counts = {"sent": 0, "pending": 0, "failed": 0}
    for score in scores:
        counts[score_status(score)] += 1
    return counts


def lms_summary(user: User, course_id: int) -> dict[str, int] | None:
    """Return the course's scores counted by status for its instructors, or None when no
    LMS course is bound to it."""
    if db.session.scalar(select(LtiContext.id).where(LtiContext.course_id == course_id)
                         .limit(1)) is None:
        return None
    return score_counts(course_scores(user, course_id))
