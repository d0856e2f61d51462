"""Submissions (and runs) as jobs: claimed in turns between users, one job of a user at a time,
graded with the engine, recorded once, whatever happens.

A user's jobs (submissions, runs, regrades of their code) run one at a time: a box holding
their hidden inputs never runs beside a box whose output they see (docs/security.md).
A grading worker never prepares: a submission is claimable only once its version's
preparation is over (arena.jobs.preparation), so its cases are here, or it failed. It is graded
against its own version and, in the same job, against each other version that an assignment it
counts in pins (arena.services.gradebook_cells.pinned_versions); a pinned version without
cases is asked of the authoring lane, and only that grade is internal_error.
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from sqlalchemy import ColumnElement, Select, case, exists, func, select
from sqlalchemy.orm import aliased

from arena.extensions import db
from arena.jobs import finished
from arena.jobs.lifecycle import JobKind
from arena.jobs.preparation import prepared_data, prepared_versions, request_preparation
from arena.jobs.records import clean_text, pinned_grade, report_values, test_row
from arena.models import CellRun, ChallengeVersion, Kind, RegradeItem, Submission, User
from arena.models.types import utcnow
from arena.services.gradebook_cells import pinned_versions, refresh_submission
from arena.services.versions import version_spec
from graders.challenge.prepared import Prepared
from graders.grading.console import call_once
from graders.grading.grade import grade
from graders.messages import N_
from graders.report import GradeReport
from graders.sandbox.base import Sandbox
from graders.verdicts import Status, Verdict

log = logging.getLogger(__name__)

# Stored as their English msgids; the presenters show them in the reader's language.
NOT_PREPARED = N_("This challenge's tests could not be prepared. This is the platform's fault, "
                  "not yours, and does not count against you.")
CRASHED = N_("The grader failed. This is the platform's fault, not yours, "
             "and does not count against you.")
GAVE_UP = N_("Grading was interrupted too many times; the platform gave up. This is the "
             "platform's fault, not yours, and does not count against you.")


def user_busy(user_id: ColumnElement[int]) -> ColumnElement[bool]:
    """The condition that the user `user_id` (a column or an expression) has a job running:
    a submission or run of theirs, a regrade item of one, or a run of a lesson's cell."""
    running, item, regraded = aliased(Submission), aliased(RegradeItem), aliased(Submission)
    cell = aliased(CellRun)
    return (exists().where(running.user_id == user_id, running.status == Status.RUNNING)
            | exists().where(item.status == Status.RUNNING, regraded.id == item.submission_id,
                             regraded.user_id == user_id)
            | exists().where(cell.user_id == user_id, cell.status == Status.RUNNING))


def lock_user(user_id: ColumnElement[int]) -> None:
    """On PostgreSQL, lock the user's row until the transaction ends, so that two workers
    never both find the user idle and claim two of their jobs. SQLite runs one writing
    statement at a time, so there the claim's own condition is enough."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(select(User.id).where(User.id == user_id).with_for_update())


class UserJobs(JobKind):
    """A kind of job done for one user, whose jobs run one at a time: a claim waits while
    any job of theirs runs (`user_busy`), under a lock of their row (`lock_user`)."""

    def user(self) -> ColumnElement[int]:
        """Return the id of the job's user, as an expression on the job's row."""
        return self.model.user_id

    def lock(self, job_id: int) -> None:
        lock_user(select(self.user()).where(self.model.id == job_id).scalar_subquery())

    def may_start(self) -> list[ColumnElement[bool]]:
        return [~user_busy(self.user())]


class Submissions(UserJobs):
    """Submissions and runs: a lapsed one that gave up ends as the platform's fault."""

    name, model = "submission", Submission

    def gave_up(self) -> dict[str, object]:
        return {"verdict": str(Verdict.INTERNAL_ERROR), "message": GAVE_UP}

    def queued_since(self) -> ColumnElement[Any]:
        return Submission.created_at

    def verdict(self, values: dict[str, object]) -> str:
        return str(values.get("verdict") or super().verdict(values))

    def run(self, job_id: int, sandbox: Sandbox) -> None:
        grade_submission(job_id, sandbox)


SUBMISSIONS = Submissions()


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
              .where(Submission.status == Status.QUEUED, *SUBMISSIONS.may_start(),
                     Submission.version_id.in_(prepared_versions())).subquery())
    return select(queued.c.id).order_by(queued.c.turn, queued.c.last.asc().nulls_first(),
                                        queued.c.runs_first, queued.c.id).limit(8)


def claim_next() -> int | None:
    """Claim the queued submission whose turn it is (`fair_order`); return its id."""
    candidates = db.session.scalars(fair_order()).all()
    db.session.commit()
    return SUBMISSIONS.claim_first(candidates)


def record_report(submission_id: int, attempt: int, report: GradeReport,
                  pinned: dict[int, GradeReport] | None = None) -> bool:
    """Store a grade report once, with the submission's grades against the versions that
    assignments pin (`pinned`, by version id), in one transaction; a stale or repeated call
    changes nothing."""
    finished_at = utcnow()
    if not SUBMISSIONS.finish(submission_id, attempt, finished_at=finished_at,
                              **report_values(report)):
        db.session.rollback()
        return False
    db.session.add_all(test_row(submission_id, i, t) for i, t in enumerate(report.tests))
    db.session.add_all(pinned_grade(submission_id, version_id, other, finished_at)
                       for version_id, other in (pinned or {}).items())
    if report.verdict != Verdict.INTERNAL_ERROR:  # the platform's faults count nowhere
        refresh_submission(submission_id)
    db.session.commit()
    finished.announce(Submission, submission_id)
    return True


def record_internal_error(submission_id: int, attempt: int, message: str) -> bool:
    """End a running submission with the platform's own fault; tell whether it was recorded."""
    db.session.rollback()
    done = SUBMISSIONS.finish(submission_id, attempt, verdict=str(Verdict.INTERNAL_ERROR),
                              message=clean_text(message))
    db.session.commit()
    if done:
        finished.announce(Submission, submission_id)
    return done


def _against(version: ChallengeVersion, prepared: Prepared, submission: Submission,
             sandbox: Sandbox) -> GradeReport:
    """Grade a submission against one prepared version (a run: its public examples only; a
    console run: one call on the arguments the learner typed)."""
    if submission.call is not None:
        return call_once(version_spec(version), submission.call, submission.code, sandbox)
    return grade(version_spec(version), prepared, submission.code, sandbox,
                 public_only=submission.kind == Kind.RUN)


def _against_pinned(version_id: int, submission: Submission, sandbox: Sandbox) -> GradeReport:
    """Grade a submission against a version an assignment pins; a failure is that grade's
    internal_error, never the submission's own verdict."""
    version = db.session.get(ChallengeVersion, version_id)
    prepared = prepared_data(version)
    if prepared is None:
        log.warning("submission %s: pinned version %s is not prepared: %s", submission.id,
                    version_id, version.prepare_error)
        request_preparation(version_id)  # committed with the report
        return GradeReport(Verdict.INTERNAL_ERROR, message=NOT_PREPARED)
    try:
        return _against(version, prepared, submission, sandbox)
    except Exception:
        log.exception("submission %s: grading against version %s failed", submission.id,
                      version_id)
        return GradeReport(Verdict.INTERNAL_ERROR, message=CRASHED)


def grade_submission(submission_id: int, sandbox: Sandbox) -> None:
    """Grade a running submission; any exception ends it as internal_error, never stuck."""
    submission = db.session.get(Submission, submission_id)
    if submission is None:
        return
    attempt = submission.attempt
    try:
        version = submission.version
        prepared = prepared_data(version)
        if prepared is None:
            log.warning("submission %s: its version cannot be prepared: %s", submission_id,
                        version.prepare_error)
            record_internal_error(submission_id, attempt, NOT_PREPARED)
            return
        with SUBMISSIONS.heartbeat(submission_id, attempt):
            report = _against(version, prepared, submission, sandbox)
            pinned = {} if report.verdict == Verdict.INTERNAL_ERROR else {
                version_id: _against_pinned(version_id, submission, sandbox)
                for version_id in pinned_versions(submission_id)}
        record_report(submission_id, attempt, report, pinned)
    except Exception:
        log.exception("submission %s: grading failed", submission_id)
        record_internal_error(submission_id, attempt, CRASHED)  # the log names the exception
