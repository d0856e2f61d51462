"""Grade one claimed submission with the engine and record the outcome, whatever happens.

A grading worker never prepares: a submission is claimable only once its version's
preparation is over (arena.services.jobs), so its cases are here, or it failed."""

from __future__ import annotations

import logging

from arena.extensions import db
from arena.models import Kind, Submission
from arena.services.jobs import record_internal_error, record_report
from arena.services.leases import Heartbeat
from arena.services.preparation import prepared_data
from arena.services.versions import version_spec
from graders import Status, grade
from graders.messages import N_
from graders.sandbox import Sandbox

log = logging.getLogger(__name__)

# Stored as their English msgids; the presenters show them in the reader's language.
NOT_PREPARED = N_("This challenge's tests could not be prepared. This is the platform's fault, "
                  "not yours, and does not count against you.")
CRASHED = N_("The grader failed. This is the platform's fault, not yours, "
             "and does not count against you.")


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
            report = grade(version_spec(version), prepared, submission.code, sandbox,
                           public_only=submission.kind == Kind.RUN)
        record_report(submission_id, attempt, report)
    except Exception:
        log.exception("submission %s: grading failed", submission_id)
        record_internal_error(submission_id, attempt, CRASHED)  # the log names the exception
