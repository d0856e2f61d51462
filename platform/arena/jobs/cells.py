"""Lesson cell runs as jobs: claimed oldest first, one job of a user at a time (as their
submissions: a cell's box is a public box, and a box holding their hidden inputs never runs
beside it), run in the sandbox with the cell limits, recorded once, whatever happens.

A cell run holds no hidden input: it runs in the public pool (never `hidden`), and what it
printed is shown in full. Visitors' runs (no user) wait for no one.
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from flask import current_app
from sqlalchemy import ColumnElement, Select, func, select

from arena.extensions import db
from arena.jobs import finished
from arena.jobs.grading import UserJobs
from arena.models import CellRun
from graders.lessons.run import CellRun as Printed
from graders.lessons.run import cell_limits, run_cell
from graders.sandbox.base import Sandbox
from graders.verdicts import Status

log = logging.getLogger(__name__)
#: Stored as the run's stderr when the platform failed it (the log says why).
CRASHED = "The platform failed to run this cell. Try again."


class CellRuns(UserJobs):
    """Runs of lesson cells; a lapsed one that gave up ends with the platform's message."""

    name, model = "cell_run", CellRun

    def gave_up(self) -> dict[str, object]:
        return {"result": Printed(stdout="", stderr=CRASHED, failed=True).to_json()}

    def queued_since(self) -> ColumnElement[Any]:
        return CellRun.created_at

    def run(self, job_id: int, sandbox: Sandbox) -> None:
        run_cell_job(job_id, sandbox)


CELL_RUNS = CellRuns()


@cache
def cell_order() -> Select:
    """Return the queued cell runs that may start, oldest first (the first eight)."""
    return (select(CellRun.id).where(CellRun.status == Status.QUEUED, *CELL_RUNS.may_start())
            .order_by(CellRun.id).limit(8))


def claim_next_cell() -> int | None:
    """Claim the oldest queued cell run that may start; return its id."""
    candidates = db.session.scalars(cell_order()).all()
    db.session.commit()
    return CELL_RUNS.claim_first(candidates)


def queued_cells() -> int:
    """Count the cell runs waiting for a worker."""
    count = db.session.scalar(select(func.count()).select_from(CellRun)
                              .where(CellRun.status == Status.QUEUED))
    db.session.commit()
    return count


def run_cell_job(run_id: int, sandbox: Sandbox) -> None:
    """Run a claimed cell run and record what it printed; never leave it running."""
    run = db.session.get(CellRun, run_id)
    if run is None:
        return
    attempt, code = run.attempt, run.code
    config = current_app.config
    try:
        with CELL_RUNS.heartbeat(run_id, attempt):
            printed = run_cell(code, sandbox, cell_limits(config["CELL_TIME_LIMIT"],
                                                          config["CELL_MEMORY_MB"]))
    except Exception:
        log.exception("cell run %s failed", run_id)
        db.session.rollback()
        printed = Printed(stdout="", stderr=CRASHED, failed=True)
    record_cell(run_id, attempt, printed)


def record_cell(run_id: int, attempt: int, printed: Printed) -> bool:
    """Store what a cell run printed once, and wake the request waiting for it; a stale or
    repeated call changes nothing. Tell whether it was recorded."""
    done = CELL_RUNS.finish(run_id, attempt, result=printed.to_json())
    db.session.commit()
    if done:
        finished.announce(CellRun, run_id)
    return done


