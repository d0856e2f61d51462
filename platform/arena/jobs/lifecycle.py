"""One lifecycle for every kind of background work: claim, heartbeat, finish, reap.

A job is a row whose lifecycle columns (arena.models.lifecycle) say where it is: queued,
running (owned by one attempt, under a lease), done. Every write checks the row's status and
attempt in its WHERE clause, so that several worker threads or processes, on SQLite or
PostgreSQL, never run or record the same attempt twice. A claim takes a lease that a
`Heartbeat` renews while the job runs; `JobKind.reap` (run by every queue, in any number of
processes) puts back the jobs whose lease lapsed (their worker died or hangs), and gives up on
one after MAX_ATTEMPTS lapses. A running job without a lease counts as lapsed. Nothing is
requeued for merely running, so a second process sharing the database never takes live work.

A kind of work is a `JobKind`: its table (and the prefix of its columns), what may hold a
claim back, what giving up records, and how it runs.
"""

from __future__ import annotations

import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any, ClassVar

from flask import Flask, current_app
from sqlalchemy import ColumnElement, null, or_, select, update

from arena.extensions import db
from arena.models.types import utcnow
from graders.sandbox.base import Sandbox
from graders.verdicts import Status

log = logging.getLogger(__name__)

#: A job that took its worker down this many times is not tried again.
MAX_ATTEMPTS = 3


def lease_end() -> datetime:
    """Return when a lease taken or renewed now ends (ARENA_LEASE_SECONDS from now)."""
    return utcnow() + timedelta(seconds=float(current_app.config["LEASE_SECONDS"]))


def idle(status: ColumnElement[Any]) -> ColumnElement[bool]:
    """The condition that a job (its status column) is not running."""
    return or_(status.is_(None), status != Status.RUNNING)


class JobKind(ABC):
    """A kind of background work on a table carrying `lifecycle(prefix)`: the lifecycle is
    this class's, the kind says what differs (overriding `lock`, `may_start`, `gave_up`)."""

    #: Its name, in logs and in the lane's order.
    name: ClassVar[str]
    model: ClassVar[type]
    prefix: ClassVar[str] = ""

    def column(self, name: str) -> Any:
        """Return one of the kind's lifecycle columns (`status`, `attempt`, ...)."""
        return getattr(self.model, self.prefix + name)

    @property
    def status(self) -> Any:
        """The kind's status column."""
        return self.column("status")

    def _values(self, **lifecycle: object) -> dict[str, object]:
        """Name lifecycle values by the kind's columns."""
        return {self.prefix + name: value for name, value in lifecycle.items()}

    def lock(self, job_id: int) -> None:  # noqa: B027 - most kinds need no lock
        """Serialise the claims that `may_start` alone cannot (nothing, unless a kind says)."""

    def may_start(self) -> list[ColumnElement[bool]]:
        """Return what else a queued row must meet to be claimed, besides being queued."""
        return []

    def gave_up(self) -> dict[str, object]:
        """Return the values a job records when it lapsed MAX_ATTEMPTS times."""
        return {}

    def queued_since(self) -> ColumnElement[Any] | None:
        """Return when a job was asked for (its queue wait starts there), as an expression on
        its row; None when its table does not record it."""
        return None

    def verdict(self, values: dict[str, object]) -> str:
        """Name how a job ended, from the values its `finish` records (its log line): `done`
        unless a kind says more."""
        return "done"

    @abstractmethod
    def run(self, job_id: int, sandbox: Sandbox) -> None:
        """Do a claimed job and finish it, whatever happens: never leave it running."""

    def claim(self, job_id: int) -> bool:
        """Mark one queued job running under a new attempt and a lease, if it may start; tell
        whether this caller won it."""
        self.lock(job_id)
        won = db.session.execute(
            update(self.model)
            .where(self.model.id == job_id, self.status == Status.QUEUED, *self.may_start())
            .values(self._values(status=Status.RUNNING, attempt=self.column("attempt") + 1,
                                 started_at=utcnow(), lease_expires_at=lease_end()))
        ).rowcount
        db.session.commit()
        return won == 1

    def claim_first(self, candidates: Iterable[int]) -> int | None:
        """Claim the first of these jobs that this caller wins; return its id."""
        return next((job_id for job_id in candidates if self.claim(job_id)), None)

    def owned(self, job_id: int, attempt: int) -> tuple[ColumnElement[bool], ...]:
        """The condition that the job still runs under this attempt."""
        return (self.model.id == job_id, self.status == Status.RUNNING,
                self.column("attempt") == attempt)

    def finish(self, job_id: int, attempt: int, **values: object) -> bool:
        """Mark a running job done with `values` (columns by name; they may set its
        `finished_at`) if this attempt still owns it, and log it (`log_finished`); tell whether
        it did. The caller commits (with what else the job records)."""
        done = db.session.execute(
            update(self.model).where(*self.owned(job_id, attempt))
            .values({**self._values(status=Status.DONE, finished_at=utcnow(),
                                    lease_expires_at=None), **values})
        ).rowcount == 1
        if done:
            self.log_finished(job_id, values)
        return done

    def log_finished(self, job_id: int, values: dict[str, object]) -> None:
        """Log one line for a finished job: its kind, id, verdict, and how long it waited
        in the queue (when its table records since when) and ran, in seconds; the same
        fields are the record's `job` attribute, for a structured handler."""
        queued = self.queued_since()
        started, ended, since = db.session.execute(
            select(self.column("started_at"), self.column("finished_at"),
                   null() if queued is None else queued)
            .where(self.model.id == job_id)).one()
        fields = {"kind": self.name, "id": job_id, "verdict": self.verdict(values),
                  "wait_s": _seconds(since, started), "run_s": _seconds(started, ended)}
        log.info("job finished %s", " ".join(f"{key}={value}" for key, value in fields.items()),
                 extra={"job": fields})

    def give_back(self, job_id: int, attempt: int) -> bool:
        """Queue a running job again if this attempt still owns it; the caller commits."""
        return db.session.execute(
            update(self.model).where(*self.owned(job_id, attempt))
            .values(self._values(status=Status.QUEUED, started_at=None, lease_expires_at=None))
        ).rowcount == 1

    def heartbeat(self, job_id: int, attempt: int) -> Heartbeat:
        """Return a context that renews this attempt's lease while its block runs."""
        return Heartbeat(self, job_id, attempt)

    def renew(self, job_id: int, attempt: int) -> None:
        """Push this attempt's lease forward, if it still owns the job."""
        db.session.execute(update(self.model).where(*self.owned(job_id, attempt))
                           .values(self._values(lease_expires_at=lease_end())))
        db.session.commit()

    def reap(self) -> int:
        """Put back the running jobs whose lease lapsed, ending those that lapsed
        MAX_ATTEMPTS times (`gave_up`); return how many were put back. The caller commits."""
        lease = self.column("lease_expires_at")
        lapsed = (self.status == Status.RUNNING) & or_(lease.is_(None), lease < utcnow())
        db.session.execute(
            update(self.model).where(lapsed, self.column("attempt") >= MAX_ATTEMPTS)
            .values({**self._values(status=Status.DONE, finished_at=utcnow(),
                                    lease_expires_at=None), **self.gave_up()}))
        return db.session.execute(update(self.model).where(lapsed).values(self._values(
            status=Status.QUEUED, started_at=None, lease_expires_at=None))).rowcount


def _seconds(start: datetime | None, end: datetime | None) -> float | None:
    """Return the seconds from `start` to `end`, rounded to milliseconds; None if either is."""
    if start is None or end is None:
        return None
    return round((end - start).total_seconds(), 3)


class Heartbeat:
    """Renew one attempt's lease every third of its length while the block runs; a renewal
    never revives a job that was reaped and claimed by another attempt."""

    def __init__(self, kind: JobKind, job_id: int, attempt: int) -> None:
        self.app: Flask = current_app._get_current_object()
        self.kind, self.job_id, self.attempt = kind, job_id, attempt
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
                    self.kind.renew(self.job_id, self.attempt)
            except Exception:  # the database may be away for a moment: try again next beat
                log.exception("renewing the lease of %s %s failed", self.kind.name, self.job_id)
