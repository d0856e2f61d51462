"""Grade one claimed submission with the engine and record the outcome, whatever happens:
against its own version and, in the same job, against each other version that an assignment
it counts in pins (arena.services.gradebook_cells.pinned_versions).

A grading worker never prepares: a submission is claimable only once its version's
preparation is over (arena.services.jobs), so its cases are here, or it failed. A pinned
version without cases is asked of the authoring lane, and only that grade is internal_error.
"""

from __future__ import annotations

import logging

from arena.extensions import db
from arena.models import ChallengeVersion, Kind, Submission
from arena.services.gradebook_cells import pinned_versions
from arena.services.jobs import record_internal_error, record_report
from arena.services.leases import Heartbeat
from arena.services.preparation import prepared_data, request_preparation
from arena.services.versions import version_spec
from graders.challenge.prepared import Prepared
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


def _against(version: ChallengeVersion, prepared: Prepared, submission: Submission,
             sandbox: Sandbox) -> GradeReport:
    """Grade a submission against one prepared version (a run: its public examples only)."""
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
        with Heartbeat(Submission, submission_id, Submission.status == Status.RUNNING,
                       Submission.attempt == attempt):
            report = _against(version, prepared, submission, sandbox)
            pinned = {} if report.verdict == Verdict.INTERNAL_ERROR else {
                version_id: _against_pinned(version_id, submission, sandbox)
                for version_id in pinned_versions(submission_id)}
        record_report(submission_id, attempt, report, pinned)
    except Exception:
        log.exception("submission %s: grading failed", submission_id)
        record_internal_error(submission_id, attempt, CRASHED)  # the log names the exception
