"""Every kind of background work (arena.jobs.lifecycle.JobKind), for what concerns them all:
putting back the jobs whose worker stopped renewing its lease. A new kind is a module with its
JobKind and one more entry here."""

from __future__ import annotations

import logging

from arena.extensions import db
from arena.jobs.cells import CELL_RUNS
from arena.jobs.examples import EXAMPLES
from arena.jobs.grading import SUBMISSIONS
from arena.jobs.lifecycle import JobKind
from arena.jobs.preparation import PREPARATIONS
from arena.jobs.regrading import REGRADE_ITEMS
from arena.jobs.validation import VALIDATIONS
from arena.lti.scores import SCORE_SENDS
from arena.signals import signals

log = logging.getLogger(__name__)

KINDS: tuple[JobKind, ...] = (SUBMISSIONS, CELL_RUNS, REGRADE_ITEMS, VALIDATIONS, PREPARATIONS,
                              EXAMPLES, SCORE_SENDS)


def reap() -> int:
    """Put back every job whose lease lapsed (three lapses end it); return how many."""
    count = sum(kind.reap() for kind in KINDS)
    db.session.commit()
    if count:
        log.warning("requeued %d jobs whose worker stopped renewing its lease", count)
        signals().count("lease_requeues", count)
    return count
