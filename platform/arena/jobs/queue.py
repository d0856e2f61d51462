"""The queues that feed the workers: embedded (threads in the web process) or distributed
(Celery on Redis, `arena worker` processes on any number of hosts; arena.jobs.distributed),
both behind one protocol (`Queue`).

Either way the database row is the job: a message or a wake-up only says that work may be
waiting, a worker claims the job in the database (learners' submissions first, in turns
between users: arena.jobs.grading.fair_order) under a lease, and
`arena.jobs.kinds.reap` puts back what a dead worker held. A worker takes a regrade
item only when no submission is queued, so a learner waits at most one grading behind it.
Validations and preparations run in an authoring lane of their own (AuthorLane), never on a
grading worker: a submission whose version is not prepared waits, unclaimable, for it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Protocol

from flask import Flask

from arena.jobs.kinds import reap
from arena.jobs.sandbox import get_author_sandbox, get_sandbox
from arena.jobs.work import author_next, work_next
from graders.sandbox.base import Sandbox

log = logging.getLogger(__name__)
POLL_SECONDS = 1.0


class Queue(Protocol):
    """What the app asks of its queue, embedded or distributed."""

    @property
    def running(self) -> bool:
        """Tell whether this process does the queue's work now."""

    def start(self) -> None:
        """Start what the queue runs in this process."""

    def stop(self, timeout: float | None = None) -> None:
        """Stop it after the jobs in hand, waiting up to `timeout`."""

    def notify(self, background: bool = False) -> None:
        """Say that a job was queued: a learner's (a submission, a run), or (background) a
        regrade, a validation or a preparation."""


class AuthorLane:
    """The authoring lane: a thread that validates and prepares versions, one at a time, in
    turns between authors (arena.jobs.lane), never a grading worker. After each
    job it calls `done` (submissions may have waited for that version); `reaps` puts back
    lapsed leases too (the embedded queue's; the distributed keeper reaps). Its sandbox has
    no warm pool (arena.jobs.sandbox.get_author_sandbox)."""

    def __init__(self, app: Flask, sandbox: Sandbox, done: Callable[[], None],
                 reaps: bool = False) -> None:
        self.app, self.sandbox, self.done, self.reaps = app, sandbox, done, reaps
        self.wake = threading.Event()  # set: look for work now
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start the lane's thread."""
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="arena-author", daemon=True)
        self._thread.start()

    def stop(self, timeout: float | None = None) -> None:
        """Ask the lane to stop after its job and wait for it up to `timeout`."""
        self._stop.set()
        self.wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _run(self) -> None:
        """Run the lane's jobs until stopped; when none waits, wait for a wake-up or a few
        seconds."""
        while not self._stop.is_set():
            try:
                with self.app.app_context():
                    if self.reaps and reap():
                        self.done()
                    busy = author_next(self.sandbox)
                    if busy:
                        self.done()
            except Exception:
                log.exception("validating or preparing a challenge version failed")
                busy = False
            if not busy:
                self.wake.wait(min(POLL_SECONDS * 10, self.app.config["LEASE_SECONDS"] / 3))
                self.wake.clear()


class EmbeddedQueue:
    """Worker threads in this process that claim queued work and do it."""

    def __init__(self, app: Flask, sandbox: Sandbox | None = None, workers: int = 2,
                 lane: bool = True) -> None:
        self.app = app
        self.sandbox = sandbox
        self.workers = workers
        self.with_lane = lane  # False: another process runs the lane (arena.jobs.processes)
        # One wake-up per queued job, for one idle worker: waking them all made every idle
        # worker race for the same job and queue on SQLite's write lock in the winner's way.
        self._wake = threading.Condition()
        self._wakeups = 0  # not taken yet by an idle worker; at most one per worker
        self._lane: AuthorLane | None = None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    @property
    def running(self) -> bool:
        """Tell whether worker threads are running."""
        return bool(self._threads)

    def start(self) -> None:
        """Start the worker threads, and (unless another process runs it) the authoring lane,
        which also reaps lapsed leases."""
        if self.running:
            return
        self.sandbox = self.sandbox or get_sandbox(self.app)
        self._stop.clear()
        self._threads = [threading.Thread(target=self._work, name=f"arena-worker-{i}",
                                          daemon=True) for i in range(self.workers)]
        for thread in self._threads:
            thread.start()
        if not self.with_lane:
            return
        self._lane = AuthorLane(self.app, get_author_sandbox(self.app, self.sandbox),
                                self.notify, reaps=True)
        self._lane.start()

    def stop(self, timeout: float | None = None) -> None:
        """Ask the workers and the lane to finish their current job and wait for them."""
        self._stop.set()
        with self._wake:
            self._wake.notify_all()
        if self._lane is not None:
            self._lane.stop(timeout)
        for thread in self._threads:
            thread.join(timeout)
        self._threads = []

    def notify(self, background: bool = False) -> None:
        """Wake one idle worker: a submission or a run was queued, or (background) a regrade,
        a validation or a preparation, which also wakes the lane (else it looks every few
        seconds). A busy worker looks for more work before it waits, so it needs no wake-up."""
        with self._wake:
            self._wakeups = min(self._wakeups + 1, self.workers)
            self._wake.notify()
        if background and self._lane is not None:
            self._lane.wake.set()

    def _work(self) -> None:
        """Claim and grade submissions (else regrade items) until stopped."""
        while not self._stop.is_set():
            try:
                with self.app.app_context():
                    busy = work_next(self.sandbox)
            except Exception:  # a broken database must not kill the worker for good
                log.exception("worker step failed")
                busy = False
            if not busy:
                self._idle()

    def _idle(self) -> None:
        """Wait for a wake-up, or POLL_SECONDS; one that came while this worker looked for
        work is taken at once, never lost."""
        with self._wake:
            if not self._wakeups and not self._stop.is_set():
                self._wake.wait(POLL_SECONDS)
            self._wakeups = max(0, self._wakeups - 1)


def init_app(app: Flask) -> None:
    """Attach a (stopped) queue to the app: embedded, or the distributed queue's sender."""
    if app.config["QUEUE"] == "distributed":
        from arena.jobs.distributed import DistributedQueue

        app.extensions["arena.queue"] = DistributedQueue(app)
    else:
        app.extensions["arena.queue"] = EmbeddedQueue(app, workers=app.config["WORKERS"])


def get_queue(app: Flask) -> Queue:
    """Return the app's queue."""
    return app.extensions["arena.queue"]
