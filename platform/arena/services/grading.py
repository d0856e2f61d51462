"""Grade one claimed submission with the engine and record the outcome, whatever happens."""

from __future__ import annotations

import logging

from arena.extensions import db
from arena.models import Kind, Submission
from arena.services.catalog import prepare_version, prepared_data
from arena.services.jobs import record_internal_error, record_report
from arena.services.leases import Heartbeat
from arena.services.versions import version_spec
from graders import PrepareError, Status, grade
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
        with Heartbeat(Submission, submission_id, Submission.status == Status.RUNNING,
                       Submission.attempt == attempt):
            prepared = prepared_data(version) or prepare_version(version, sandbox)
            report = grade(version_spec(version), prepared, submission.code, sandbox,
                           public_only=submission.kind == Kind.RUN)
        record_report(submission_id, attempt, report)
    except PrepareError:
        log.exception("submission %s: the challenge version cannot be prepared", submission_id)
        record_internal_error(submission_id, attempt, NOT_PREPARED)
    except Exception:
        log.exception("submission %s: grading failed", submission_id)
        record_internal_error(submission_id, attempt, CRASHED)  # the log names the exception
