"""One unit of work for a worker, whichever queue feeds it, learners first.

`grade_next` grades the queued submission or run whose turn it is (arena.services.jobs:
turns between users, then runs first); `regrade_next` regrades one item, when no submission
waits. The authoring lane's own threads, never these, run `author_next`: one validation or
preparation (many sandboxes: seconds), in turns between authors. Each tells whether there
was work.
"""

from __future__ import annotations

from sqlalchemy import func, select

from arena.extensions import db
from arena.models import Submission
from arena.services import version_jobs
from arena.services.grading import grade_submission
from arena.services.jobs import claim_next, prepared_versions
from arena.services.regrades import claim_next_item, regrade_item
from graders.sandbox.base import Sandbox
from graders.verdicts import Status


def grade_next(sandbox: Sandbox) -> bool:
    """Grade one queued submission."""
    submission_id = claim_next()
    if submission_id is None:
        return False
    grade_submission(submission_id, sandbox)
    return True


def regrade_next(sandbox: Sandbox) -> bool:
    """Regrade one item of a regrade."""
    item_id = claim_next_item()
    if item_id is None:
        return False
    regrade_item(item_id, sandbox)
    return True


def author_next(sandbox: Sandbox) -> bool:
    """Validate or prepare one version, whichever's turn it is."""
    return version_jobs.run_next(sandbox)


def queued_submissions() -> int:
    """Count the submissions waiting for a worker (not those waiting for a preparation)."""
    count = db.session.scalar(select(func.count()).select_from(Submission)
                              .where(Submission.status == Status.QUEUED,
                                     Submission.version_id.in_(prepared_versions())))
    db.session.commit()
    return count

