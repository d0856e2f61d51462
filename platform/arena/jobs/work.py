"""One unit of work for a worker, whichever queue feeds it, learners first.

`grade_next` runs the oldest queued lesson cell run (arena.jobs.cells: someone waits at the
page, and it takes a second), else grades the queued submission or run whose turn it is
(arena.jobs.grading: turns between users, then runs first); `work_next` does that, else the
next job of the kinds behind learners' (a regrade item, a score for a learning platform), in
GRADING_ORDER. The authoring
lane's own threads, never these, run `author_next`: one validation or preparation (many
sandboxes: seconds), in turns between authors. Each tells whether there was work.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import func, select

from arena.extensions import db
from arena.jobs import lane
from arena.jobs.cells import CELL_RUNS, claim_next_cell, queued_cells
from arena.jobs.grading import SUBMISSIONS, claim_next
from arena.jobs.lifecycle import JobKind
from arena.jobs.preparation import prepared_versions
from arena.jobs.regrading import REGRADE_ITEMS, claim_next_item
from arena.lti.scores import SCORE_SENDS, claim_next_score
from arena.models import Submission
from graders.sandbox.base import Sandbox
from graders.verdicts import Status


def _run_next(claim_next: Callable[[], int | None], kind: JobKind, sandbox: Sandbox) -> bool:
    """Claim the job of `kind` whose turn it is and run it."""
    job_id = claim_next()
    if job_id is None:
        return False
    kind.run(job_id, sandbox)
    return True


#: Learners' work, first kind first: how each claims its next job, and the kind.
LEARNER_ORDER: tuple[tuple[Callable[[], int | None], JobKind], ...] = (
    (claim_next_cell, CELL_RUNS), (claim_next, SUBMISSIONS))
#: What a grading worker takes, first kind first: learners' work, then regrade items, then
#: scores for learning platforms (arena.lti.scores: no sandbox, a few HTTP calls).
GRADING_ORDER: tuple[tuple[Callable[[], int | None], JobKind], ...] = (
    *LEARNER_ORDER, (claim_next_item, REGRADE_ITEMS), (claim_next_score, SCORE_SENDS))


def grade_next(sandbox: Sandbox) -> bool:
    """Run one queued cell run, else grade one queued submission."""
    return any(_run_next(claim, kind, sandbox) for claim, kind in LEARNER_ORDER)


def work_next(sandbox: Sandbox) -> bool:
    """Do one job of the first kind in GRADING_ORDER that has one queued."""
    return any(_run_next(claim, kind, sandbox) for claim, kind in GRADING_ORDER)


def author_next(sandbox: Sandbox) -> bool:
    """Validate or prepare one version, whichever's turn it is."""
    return lane.run_next(sandbox)


def queued_submissions() -> int:
    """Count the submissions and cell runs waiting for a worker (not the submissions waiting
    for a preparation)."""
    count = db.session.scalar(select(func.count()).select_from(Submission)
                              .where(Submission.status == Status.QUEUED,
                                     Submission.version_id.in_(prepared_versions())))
    db.session.commit()
    return count + queued_cells()

