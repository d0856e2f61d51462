"""One unit of work for a worker, whichever queue feeds it, learners first.

`grade_next` grades the queued submission or run whose turn it is (arena.jobs.grading:
turns between users, then runs first); `regrade_next` regrades one item, when no submission
waits. The authoring lane's own threads, never these, run `author_next`: one validation or
preparation (many sandboxes: seconds), in turns between authors. Each tells whether there
was work.
"""

from __future__ import annotations

from sqlalchemy import func, select

from arena.extensions import db
from arena.jobs import lane
from arena.jobs.grading import SUBMISSIONS, claim_next
from arena.jobs.preparation import prepared_versions
from arena.jobs.regrading import REGRADE_ITEMS, claim_next_item
from arena.models import Submission
from graders import Status
from graders.sandbox import Sandbox


def grade_next(sandbox: Sandbox) -> bool:
    """Grade one queued submission."""
    submission_id = claim_next()
    if submission_id is None:
        return False
    SUBMISSIONS.run(submission_id, sandbox)
    return True


def regrade_next(sandbox: Sandbox) -> bool:
    """Regrade one item of a regrade."""
    item_id = claim_next_item()
    if item_id is None:
        return False
    REGRADE_ITEMS.run(item_id, sandbox)
    return True


def author_next(sandbox: Sandbox) -> bool:
    """Validate or prepare one version, whichever's turn it is."""
    return lane.run_next(sandbox)


def queued_submissions() -> int:
    """Count the submissions waiting for a worker (not those waiting for a preparation)."""
    count = db.session.scalar(select(func.count()).select_from(Submission)
                              .where(Submission.status == Status.QUEUED,
                                     Submission.version_id.in_(prepared_versions())))
    db.session.commit()
    return count

