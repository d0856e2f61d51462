"""The embedded queue: worker threads inside the web process, fed from the submission table.

The submission row is the job, so nothing is lost on a restart: `start()` first puts back what
a crash left running, and workers poll the table (woken early by `notify()`). A worker takes a
regrade's item only when no learner's submission is queued, so that a learner waits at most
one grading behind a regrade.
"""

from __future__ import annotations

import logging
import threading

from flask import Flask

from arena.sandbox import get_sandbox
from arena.services.catalog import prepare_pending
from arena.services.grading import grade_submission
from arena.services.jobs import claim_next, requeue_unfinished
from arena.services.regrades import claim_next_item, regrade_item, requeue_regrade_items
from arena.services.validation import requeue_validations, validate_next
from graders.sandbox import Sandbox

log = logging.getLogger(__name__)
POLL_SECONDS = 1.0


class EmbeddedQueue:
    """Worker threads that claim queued submissions and grade them."""

    def __init__(self, app: Flask, sandbox: Sandbox | None = None, workers: int = 2) -> None:
        self.app = app
        self.sandbox = sandbox
        self.workers = workers
        self._wake = threading.Event()
        self._authoring = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    @property
    def running(self) -> bool:
        """Tell whether worker threads are running."""
        return bool(self._threads)

    def start(self) -> None:
        """Requeue unfinished work, then start the worker threads."""
        if self.running:
            return
        self.sandbox = self.sandbox or get_sandbox(self.app)
        with self.app.app_context():
            requeued = requeue_unfinished() + requeue_regrade_items()
            revalidated = requeue_validations()
        if requeued or revalidated:
            log.info("requeued %d submissions or regrades and %d validations left running by "
                     "a previous process", requeued, revalidated)
        self._stop.clear()
        self._threads = [threading.Thread(target=self._work, name=f"arena-worker-{i}",
                                          daemon=True) for i in range(self.workers)]
        self._threads.append(threading.Thread(target=self._author, name="arena-author",
                                              daemon=True))
        for thread in self._threads:
            thread.start()

    def stop(self, timeout: float | None = None) -> None:
        """Ask the workers to finish their current job and wait for them."""
        self._stop.set()
        self._wake.set()
        self._authoring.set()
        for thread in self._threads:
            thread.join(timeout)
        self._threads = []

    def notify(self) -> None:
        """Wake the workers: a submission or a validation was queued."""
        self._wake.set()
        self._authoring.set()

    def _work(self) -> None:
        """Claim and grade submissions until stopped."""
        while not self._stop.is_set():
            try:
                busy = self._step()
            except Exception:  # a broken database must not kill the worker for good
                log.exception("worker step failed")
                busy = False
            if not busy:
                # Clear only after waiting: a notify that came while this worker was busy must
                # wake it at once, not be erased and leave the submission for the next poll.
                self._wake.wait(POLL_SECONDS)
                self._wake.clear()

    def _step(self) -> bool:
        """Grade one queued submission, else one regrade item; tell whether there was one."""
        with self.app.app_context():
            submission_id = claim_next()
            if submission_id is not None:
                grade_submission(submission_id, self.sandbox)
                return True
            item_id = claim_next_item()
            if item_id is not None:
                regrade_item(item_id, self.sandbox)
                return True
            return False

    def _author(self) -> None:
        """Validate queued challenge versions, then prepare published ones, never holding a
        worker: each runs many sandboxes (seconds), and learners' submissions come first."""
        while not self._stop.is_set():
            try:
                with self.app.app_context():
                    busy = validate_next(self.sandbox) or prepare_pending(self.sandbox)
            except Exception:
                log.exception("validating or preparing a challenge version failed")
                busy = False
            if not busy:
                self._authoring.wait(POLL_SECONDS * 10)
                self._authoring.clear()


def init_app(app: Flask) -> None:
    """Attach a (stopped) embedded queue to the app."""
    app.extensions["arena.queue"] = EmbeddedQueue(app, workers=app.config["WORKERS"])


def get_queue(app: Flask) -> EmbeddedQueue:
    """Return the app's queue."""
    return app.extensions["arena.queue"]
