"""Regrade items as jobs: each submission of a regrade (arena.services.regrades) graded again
against the regrade's version, claimed and recorded like a submission's own grading (its
user's jobs one at a time: arena.jobs.grading.UserJobs). Workers take items only when no
learner's submission is queued. A recorded regrade keeps the verdict it replaces in the
submission's history; a platform failure keeps the verdict it had.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import ColumnElement, select, update

from arena.extensions import db
from arena.jobs.grading import UserJobs
from arena.jobs.preparation import prepared_data, prepared_versions
from arena.jobs.records import report_values, test_row
from arena.models import Outcome, Regrade, RegradeItem, Submission, SubmissionGrade, TestResult
from arena.models.types import utcnow
from arena.services.gradebook_cells import refresh_submission
from arena.services.versions import version_spec
from graders.grading.grade import grade
from graders.report import GradeReport
from graders.sandbox.base import Sandbox
from graders.verdicts import Status, Verdict

log = logging.getLogger(__name__)


class RegradeItems(UserJobs):
    """Regrade items: one that gave up failed (the submission keeps its verdict)."""

    name, model = "regrade_item", RegradeItem

    def user(self) -> ColumnElement[int]:
        return (select(Submission.user_id).where(Submission.id == RegradeItem.submission_id)
                .correlate_except(Submission).scalar_subquery())

    def gave_up(self) -> dict[str, object]:
        return {"outcome": Outcome.FAILED}

    def queued_since(self) -> ColumnElement[Any]:
        return (select(Regrade.created_at).where(Regrade.id == RegradeItem.regrade_id)
                .correlate_except(Regrade).scalar_subquery())

    def verdict(self, values: dict[str, object]) -> str:
        return str(values.get("outcome") or super().verdict(values))

    def run(self, job_id: int, sandbox: Sandbox) -> None:
        regrade_item(job_id, sandbox)


REGRADE_ITEMS = RegradeItems()


def claim_next_item() -> int | None:
    """Claim the oldest queued item whose submission is graded, whose version is prepared
    (arena.jobs.preparation.prepared_versions) and whose learner has no job running
    (arena.jobs.grading.user_busy); return its id."""
    candidates = db.session.scalars(
        select(RegradeItem.id)
        .join(Submission, Submission.id == RegradeItem.submission_id)
        .join(Regrade, Regrade.id == RegradeItem.regrade_id)
        .where(RegradeItem.status == Status.QUEUED, Submission.status == Status.DONE,
               Regrade.version_id.in_(prepared_versions()))
        .order_by(RegradeItem.id).limit(8)).all()
    db.session.commit()
    return REGRADE_ITEMS.claim_first(candidates)


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
            with REGRADE_ITEMS.heartbeat(item_id, attempt):
                report = grade(version_spec(version), prepared, submission.code, sandbox)
    except Exception:
        log.exception("regrade item %s (submission %s) failed", item_id, submission.id)
    if report is None or report.verdict == Verdict.INTERNAL_ERROR:
        REGRADE_ITEMS.finish(item_id, attempt, outcome=Outcome.FAILED)
        db.session.commit()
    else:
        record_regrade(item_id, attempt, report)


def record_regrade(item_id: int, attempt: int, report: GradeReport) -> bool:
    """Replace the submission's verdict with the report, keeping the old one in its history,
    in one transaction; a stale or repeated call changes nothing."""
    item = db.session.get(RegradeItem, item_id)
    old = db.session.get(Submission, item.submission_id, populate_existing=True)
    outcome = Outcome.SAME if old.verdict == report.verdict else Outcome.CHANGED
    kept = SubmissionGrade(  # read before the update below refreshes `old`
        submission_id=old.id, version_id=old.version_id, verdict=old.verdict,
        passed=old.passed, total=old.total, message=old.message,
        message_data=old.message_data, graded_at=old.finished_at, regrade_id=item.regrade_id)
    if not REGRADE_ITEMS.finish(item_id, attempt, outcome=outcome):
        db.session.rollback()  # a stale attempt: another one owns the item now
        return False
    replaced = db.session.execute(
        update(Submission).where(Submission.id == old.id, Submission.status == Status.DONE,
                                 Submission.finished_at == old.finished_at)
        .values(version_id=item.regrade.version_id, finished_at=utcnow(),
                **report_values(report))).rowcount == 1
    if not replaced:  # another regrade recorded a verdict meanwhile: grade it again
        db.session.rollback()
        REGRADE_ITEMS.give_back(item_id, attempt)
        db.session.commit()
        return False
    db.session.add(kept)
    db.session.execute(TestResult.__table__.delete().where(
        TestResult.submission_id == old.id))
    db.session.add_all(test_row(old.id, i, t) for i, t in enumerate(report.tests))
    refresh_submission(old.id)
    db.session.commit()
    return True
