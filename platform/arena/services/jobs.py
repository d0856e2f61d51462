"""Submissions as jobs: claimed atomically with a lease, recorded once, one per user at a time.

Every write checks the row's status (and attempt) in its WHERE clause, so that several worker
threads or processes, on SQLite or PostgreSQL, never grade or record the same attempt twice.
A worker that dies loses its lease, and `arena.services.leases.reap` puts the job back.
A user's jobs (submissions, runs, regrades of their code) run one at a time: a box holding
their hidden inputs never runs beside a box whose output they see (docs/security.md).
"""

from __future__ import annotations

from datetime import datetime
from functools import cache

from sqlalchemy import ColumnElement, Select, case, exists, func, select, update
from sqlalchemy.orm import aliased

from arena.extensions import db
from arena.models import (
    ChallengeVersion,
    Kind,
    RegradeItem,
    Submission,
    SubmissionGrade,
    TestResult,
    User,
)
from arena.models.challenge import PREPARE_FAILED
from arena.models.types import utcnow
from arena.services import finished
from arena.services.gradebook_cells import refresh_submission
from arena.services.leases import lease_end
from graders.messages import text_of
from graders.report import GradeReport, TestReport
from graders.verdicts import Status, Verdict


def user_busy(user_id: ColumnElement[int]) -> ColumnElement[bool]:
    """The condition that the user `user_id` (a column or an expression) has a job running:
    a submission or run of theirs, or a regrade item of one."""
    running, item, regraded = aliased(Submission), aliased(RegradeItem), aliased(Submission)
    return (exists().where(running.user_id == user_id, running.status == Status.RUNNING)
            | exists().where(item.status == Status.RUNNING, regraded.id == item.submission_id,
                             regraded.user_id == user_id))


def lock_user(user_id: ColumnElement[int]) -> None:
    """On PostgreSQL, lock the user's row until the transaction ends, so that two workers
    never both find the user idle and claim two of their jobs. SQLite runs one writing
    statement at a time, so there the claim's own condition is enough."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(select(User.id).where(User.id == user_id).with_for_update())


def claim(submission_id: int) -> bool:
    """Mark one queued submission running, unless its user has a job running; tell whether
    this caller won it."""
    lock_user(select(Submission.user_id).where(Submission.id == submission_id)
              .scalar_subquery())
    result = db.session.execute(
        update(Submission)
        .where(Submission.id == submission_id, Submission.status == Status.QUEUED,
               ~user_busy(Submission.user_id))
        .values(status=Status.RUNNING, attempt=Submission.attempt + 1, started_at=utcnow(),
                lease_expires_at=lease_end())
    )
    db.session.commit()
    return result.rowcount == 1


def prepared_versions() -> Select:
    """Select the versions whose preparation is over (stored, or failed): work on them may be
    claimed. Work on the others waits for the authoring lane, which no grading worker runs."""
    return select(ChallengeVersion.id).where(
        ChallengeVersion.prepare_status.in_((Status.DONE, PREPARE_FAILED)))


@cache
def fair_order() -> Select:
    """Return the queued submissions' ids in the order workers should take them (the first
    eight: a worker tries those). Built once: it has no parameters, and SQLAlchemy keeps a
    statement's cache key on the statement, so every claim reuses both.

    Only users with no job running have a job to take (one job per user at a time). Round
    robin between them: a job's turn is its place among its user's queued ones (their runs
    first: someone waits at the page). Lower turns go first; among equal turns, the user
    whose last job started longest ago (or never), then runs, then age. So one account's
    flood delays another user's next job by at most the jobs running when it came, even when
    the flood's own job has just finished. Claiming a job leaves every other job's turn
    unchanged, so workers that race on one list still take it in a fair order.
    """
    runs_first = case((Submission.kind == Kind.RUN, 0), else_=1)
    waiting = select(Submission.user_id).where(Submission.status == Status.QUEUED)
    served = (select(Submission.user_id, func.max(Submission.started_at).label("last"))
              .where(Submission.user_id.in_(waiting))
              .group_by(Submission.user_id).subquery())
    place = func.row_number().over(partition_by=Submission.user_id,
                                   order_by=(runs_first, Submission.id))
    queued = (select(Submission.id, runs_first.label("runs_first"), served.c.last,
                     place.label("turn"))
              .join(served, served.c.user_id == Submission.user_id)
              .where(Submission.status == Status.QUEUED, ~user_busy(Submission.user_id),
                     Submission.version_id.in_(prepared_versions())).subquery())
    return select(queued.c.id).order_by(queued.c.turn, queued.c.last.asc().nulls_first(),
                                        queued.c.runs_first, queued.c.id).limit(8)


def claim_next() -> int | None:
    """Claim the queued submission whose turn it is (`fair_order`); return its id."""
    candidates = db.session.scalars(fair_order()).all()
    db.session.commit()
    return next((sid for sid in candidates if claim(sid)), None)


def _finish(submission_id: int, attempt: int, finished_at: datetime | None = None,
            **values: object) -> bool:
    """Mark a running submission done if this attempt still owns it; do not commit."""
    result = db.session.execute(
        update(Submission)
        .where(Submission.id == submission_id, Submission.status == Status.RUNNING,
               Submission.attempt == attempt)
        .values(status=Status.DONE, finished_at=finished_at or utcnow(),
                lease_expires_at=None, **values)
    )
    return result.rowcount == 1


def clean_text(text: str | None, limit: int | None = None) -> str:
    """Make learner-influenced text storable everywhere: no NUL, no lone surrogates."""
    text = (text or "").replace("\x00", "\ufffd")
    text = text.encode("utf-8", "replace").decode("utf-8")
    return text[:limit] if limit else text


def clean_data(data: object) -> object:
    """Clean every text inside JSON-ready data (a message's values may quote learner text)."""
    if isinstance(data, str):
        return clean_text(data)
    if isinstance(data, list):
        return [clean_data(item) for item in data]
    if isinstance(data, dict):
        return {key: clean_data(value) for key, value in data.items()}
    return data


def test_row(submission_id: int, position: int, test: TestReport) -> TestResult:
    """Build the stored row of one test; public tests keep input, expected, got and weights."""
    detail = None if test.hidden else {"input": test.input, "expected": test.expected,
                                        "got": test.got, "weights": test.weights}
    return TestResult(submission_id=submission_id, position=position,
                      name=clean_text(test.name, 128), hidden=test.hidden, passed=test.passed,
                      message=clean_text(test.message),
                      message_data=clean_data(text_of(test.message).to_data()),
                      names=test.names or None,
                      error_type=clean_text(test.error_type, 128) or None,
                      mutant=test.mutant, explanation=test.explanation, detail=detail,
                      seconds=test.seconds)


def report_values(report: GradeReport) -> dict[str, object]:
    """Return a submission's columns that a grade report sets, cleaned for storage."""
    return {"verdict": str(report.verdict), "passed": report.passed, "total": report.total,
            "message": clean_text(report.message), "output": clean_text(report.output),
            "message_data": clean_data(text_of(report.message).to_data())}


def pinned_grade(submission_id: int, version_id: int, report: GradeReport,
                 graded_at: datetime) -> SubmissionGrade:
    """Build a submission's stored grade against a version an assignment pins (its tests are
    not kept: the submission shows its own)."""
    return SubmissionGrade(submission_id=submission_id, version_id=version_id,
                           verdict=str(report.verdict), passed=report.passed, total=report.total,
                           message=clean_text(report.message),
                           message_data=clean_data(text_of(report.message).to_data()),
                           graded_at=graded_at, pinned=True)


def record_report(submission_id: int, attempt: int, report: GradeReport,
                  pinned: dict[int, GradeReport] | None = None) -> bool:
    """Store a grade report once, with the submission's grades against the versions that
    assignments pin (`pinned`, by version id), in one transaction; a stale or repeated call
    changes nothing."""
    finished_at = utcnow()
    if not _finish(submission_id, attempt, finished_at, **report_values(report)):
        db.session.rollback()
        return False
    db.session.add_all(test_row(submission_id, i, t) for i, t in enumerate(report.tests))
    db.session.add_all(pinned_grade(submission_id, version_id, other, finished_at)
                       for version_id, other in (pinned or {}).items())
    if report.verdict != Verdict.INTERNAL_ERROR:  # the platform's faults count nowhere
        refresh_submission(submission_id)
    db.session.commit()
    finished.announce(submission_id)
    return True


def record_internal_error(submission_id: int, attempt: int, message: str) -> bool:
    """End a running submission with the platform's own fault; tell whether it was recorded."""
    db.session.rollback()
    done = _finish(submission_id, attempt, verdict=str(Verdict.INTERNAL_ERROR),
                   message=clean_text(message))
    db.session.commit()
    if done:
        finished.announce(submission_id)
    return done
