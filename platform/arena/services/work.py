"""One unit of work for a worker, whichever queue feeds it, learners first.

`grade_next` grades the queued submission or run whose turn it is (arena.services.jobs:
turns between users, then runs first). Lower-priority work: `regrade_next` regrades one
item, `author_next` validates one version or prepares one published version (many
sandboxes: seconds). Each tells whether there was work.
"""

from __future__ import annotations

from sqlalchemy import func, select

from arena.extensions import db
from arena.models import Submission
from arena.services.catalog import prepare_pending
from arena.services.grading import grade_submission
from arena.services.jobs import claim_next
from arena.services.regrades import claim_next_item, regrade_item
from arena.services.validation import validate_next
from graders import Status
from graders.sandbox import Sandbox


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
    """Validate one queued version, else prepare one published version."""
    return validate_next(sandbox) or prepare_pending(sandbox)


def queued_submissions() -> int:
    """Count the submissions waiting for a worker."""
    count = db.session.scalar(select(func.count()).select_from(Submission)
                              .where(Submission.status == Status.QUEUED))
    db.session.commit()
    return count

