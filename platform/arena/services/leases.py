"""Leases: a claimed job belongs to its worker only while the worker heartbeats.

Each job table (submissions, regrade items, a version's validation or preparation) keeps
`lease_expires_at` beside its status. A claim sets it, a `Heartbeat` pushes it forward while
the job runs, and `reap()` (run by every queue, in any number of processes) puts back the jobs
whose lease lapsed: their worker died or hangs. A job without a lease that is running comes
from before leases: it counts as lapsed. Nothing is requeued for being running at start-up, so
a second process sharing the database never takes live work from the first.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta

from flask import Flask, current_app
from sqlalchemy import or_, update

from arena.extensions import db
from arena.models import ChallengeVersion, RegradeItem, Submission
from arena.models.types import utcnow
from graders.messages import N_
from graders.verdicts import Status, Verdict

log = logging.getLogger(__name__)

#: A job that took its worker down this many times is not tried again.
MAX_ATTEMPTS = 3
GAVE_UP = N_("Grading was interrupted too many times; the platform gave up. This is the "
             "platform's fault, not yours, and does not count against you.")


def lease_seconds() -> float:
    """Return how long a claim lasts without a heartbeat (ARENA_LEASE_SECONDS)."""
    return float(current_app.config["LEASE_SECONDS"])


def lease_end() -> datetime:
    """Return when a lease taken or renewed now ends."""
    return utcnow() + timedelta(seconds=lease_seconds())


def _lapsed(model, status_column) -> object:
    """The condition of a running job whose lease has lapsed (or that never had one)."""
    return (status_column == Status.RUNNING) & or_(model.lease_expires_at.is_(None),
                                                   model.lease_expires_at < utcnow())


def reap() -> int:
    """Put back every job whose lease lapsed (three lapses end it); return how many."""
    lapsed = _lapsed(Submission, Submission.status)
    db.session.execute(update(Submission).where(lapsed, Submission.attempt >= MAX_ATTEMPTS)
                       .values(status=Status.DONE, verdict=str(Verdict.INTERNAL_ERROR),
                               finished_at=utcnow(), message=GAVE_UP, lease_expires_at=None))
    count = db.session.execute(update(Submission).where(lapsed).values(
        status=Status.QUEUED, started_at=None, lease_expires_at=None)).rowcount
    lapsed = _lapsed(RegradeItem, RegradeItem.status)
    db.session.execute(update(RegradeItem).where(lapsed, RegradeItem.attempt >= MAX_ATTEMPTS)
                       .values(status=Status.DONE, outcome="failed", finished_at=utcnow(),
                               lease_expires_at=None))
    count += db.session.execute(update(RegradeItem).where(lapsed).values(
        status=Status.QUEUED, lease_expires_at=None)).rowcount
    for status in (ChallengeVersion.validation_status, ChallengeVersion.prepare_status):
        count += db.session.execute(update(ChallengeVersion).where(
            _lapsed(ChallengeVersion, status))
            .values({status: Status.QUEUED, ChallengeVersion.lease_expires_at: None})).rowcount
    db.session.commit()
    if count:
        log.warning("requeued %d jobs whose worker stopped renewing its lease", count)
    return count


class Heartbeat:
    """Renew one job's lease every third of its length while the block runs.

    `owned` is the WHERE clause that says the job is still this attempt's: a renewal never
    revives a job that was reaped and claimed by another worker.
    """

    def __init__(self, model, job_id: int, *owned: object) -> None:
        self.app: Flask = current_app._get_current_object()
        self.model, self.job_id, self.owned = model, job_id, owned
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, name=f"lease-{job_id}", daemon=True)

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def _beat(self) -> None:
        interval = float(self.app.config["LEASE_SECONDS"]) / 3
        while not self._stop.wait(interval):
            try:
                with self.app.app_context():
                    db.session.execute(update(self.model).where(
                        self.model.id == self.job_id, *self.owned)
                        .values(lease_expires_at=lease_end()))
                    db.session.commit()
            except Exception:  # the database may be away for a moment: try again next beat
                log.exception("renewing the lease of %s %s failed", self.model.__name__,
                              self.job_id)
