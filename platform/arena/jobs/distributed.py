"""The distributed queue: Celery on Redis. `arena serve` sends, `arena worker` processes grade.

A message carries no job: it says "work may be waiting" on one of two Redis lists, `grading`
(learners' submissions and runs) and `background` (regrades, validations, preparations). A
worker thread that takes one claims jobs in the database under a lease (learners first, even
on a background message, in turns between users as in the embedded queue:
arena.jobs.grading.fair_order) until none is left, and only then is the message acknowledged
(`task_acks_late`): every verdict it led to is stored by then. Lists are read in priority
order, so a grading message never waits behind background ones. Validations and preparations
run in each worker's authoring lane (arena.jobs.queue.AuthorLane), a thread beside Celery's: a
background message only wakes it, so a grading thread never holds authoring work.

Ends are pushed back: a worker publishes the word naming the job (a submission's verdict, a
lesson cell's output: arena.jobs.finished) on the FINISHED channel after each it records, and a
web process, on its first wait, subscribes and wakes the requests waiting for that one; they
still look at the database now and then (arena.jobs.finished), so a lost word only delays an
answer.

Messages can be lost (Redis restarted empty, a send while it was down): the row is the job,
so nothing is. Each worker's keeper thread reaps lapsed leases and, when jobs wait in the
database while a list is empty, sends messages for them. A send that fails is logged, never
raised: the web answers 202 whether or not Redis is up.
"""

from __future__ import annotations

import logging
import threading
import time
import warnings
from pathlib import Path

import redis
from celery import Celery
from celery.exceptions import CPendingDeprecationWarning
from celery.signals import setup_logging, worker_shutting_down
from flask import Flask

from arena import logs
from arena.jobs import finished
from arena.jobs.kinds import reap
from arena.jobs.queue import AuthorLane
from arena.jobs.sandbox import get_author_sandbox
from arena.jobs.work import grade_next, queued_submissions, work_next
from arena.jobs.workers import worker_state
from graders.sandbox.base import Sandbox

log = logging.getLogger(__name__)
GRADING, BACKGROUND = "grading", "background"
FINISHED = "arena:finished"  # the publish/subscribe channel of ended jobs (verdicts, cells)
RESUBSCRIBE_SECONDS = 1.0
CANCEL_WARNING = r"\s*In Celery 5\.1 we introduced an optional breaking change"


def make_celery(app: Flask) -> Celery:
    """Return a Celery app on the Flask app's Redis, with at-least-once settings."""
    celery = Celery("arena", broker=app.config["REDIS_URL"], set_as_current=False)
    celery.conf.update(
        task_acks_late=True,  # acknowledged after the task returns: its verdicts are stored
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,  # a busy thread holds no message another could take
        task_ignore_result=True,
        task_default_queue=GRADING,
        broker_connection_retry_on_startup=True,
        # Read the lists in this order (BRPOP), not round robin: learners first. A message
        # a dead worker held comes back after the visibility timeout; leases act sooner.
        broker_transport_options={"queue_order_strategy": "priority",
                                  "visibility_timeout": 3600,
                                  "socket_connect_timeout": 2, "socket_timeout": 5},
        task_publish_retry=False,
        worker_hijack_root_logger=False,
    )
    return celery


class DistributedQueue:
    """The web side: sends messages; the worker side (`work`) runs Celery's threads."""

    running = False

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.celery = make_celery(app)
        self.redis = redis.Redis.from_url(app.config["REDIS_URL"], socket_connect_timeout=2,
                                          socket_timeout=5)
        finished.listen(app.config["REDIS_URL"], self._start_listening)

    def _publish(self, said: str) -> None:
        """Tell every web process which job ended (arena.jobs.finished's word); a failure only
        delays them."""
        try:
            self.redis.publish(FINISHED, said)
        except redis.RedisError as exc:
            log.warning("could not publish a verdict (%s); waiting requests poll", exc)

    def _start_listening(self) -> None:
        threading.Thread(target=self._listen, name="arena-verdicts", daemon=True).start()

    def _listen(self) -> None:
        """Wake this process's waiting requests at each published verdict, for ever."""
        said = False  # one warning per outage, not one a second
        while True:
            try:
                subscriber = redis.Redis.from_url(self.app.config["REDIS_URL"],
                                                  socket_connect_timeout=2).pubsub()
                subscriber.subscribe(FINISHED)
                said = False
                for message in subscriber.listen():
                    if message["type"] == "message":
                        finished.wake(message["data"].decode(errors="replace"))
            except redis.RedisError as exc:
                if not said:
                    log.warning("verdicts are not pushed (%s); waiting requests poll", exc)
                said = True
            time.sleep(RESUBSCRIBE_SECONDS)

    def start(self) -> None:
        """Nothing runs in the web process: `arena worker` grades."""

    def stop(self, timeout: float | None = None) -> None:
        """Nothing to stop in the web process."""

    def notify(self, background: bool = False, count: int = 1) -> None:
        """Send `count` messages (grading, or background); log, never raise, when Redis is
        away: the rows wait in the database and a worker's keeper sends for them later."""
        queue = BACKGROUND if background else GRADING
        try:
            for _ in range(count):
                self.celery.send_task(f"arena.{queue}", queue=queue)
        except Exception as exc:  # noqa: BLE001 - any broker failure: the row is the job
            log.warning("could not send a %s message (%s); a worker's keeper will", queue, exc)

    def work(self, sandbox: Sandbox, concurrency: int, alive_file: Path | None = None) -> None:
        """Run this process as a worker: Celery's threads, the authoring lane and the keeper,
        until stopped.

        Asked to stop (SIGTERM, Ctrl-C), each thread finishes the job it holds and takes no
        other: the rest wait in the database for the other workers (their keepers send the
        messages), instead of holding this one past its grace period."""
        stopping = threading.Event()
        worker_shutting_down.connect(lambda **_: stopping.set(), weak=False)
        setup_logging.connect(lambda **_: logs.setup(), weak=False)  # ours, not Celery's
        # On each reconnection to Redis, Celery 5 warns (many lines) that a later version
        # will cancel the tasks running when the connection was lost. The setting that
        # silences it (worker_cancel_long_running_tasks_on_connection_loss) would try to kill
        # grading threads, which the threads pool cannot (a traceback per task instead); the
        # messages are only wake-ups and the rows the jobs: keep the default, without words.
        warnings.filterwarnings("ignore", message=CANCEL_WARNING,
                                category=CPendingDeprecationWarning)
        finished.relay(self.app.config["REDIS_URL"], self._publish)
        lane = AuthorLane(self.app, get_author_sandbox(self.app, sandbox), self._wake_graders)
        self._tasks(sandbox, stopping, lane)
        keeper = threading.Thread(target=self._keep, args=(alive_file, sandbox, concurrency),
                                  name="arena-keeper", daemon=True)
        keeper.start()
        lane.start()
        try:
            self.celery.worker_main(argv=[
                "worker", "--pool=threads", f"--concurrency={concurrency}",
                f"--queues={GRADING},{BACKGROUND}", "--loglevel=INFO", "--without-gossip",
                "--without-mingle", "--without-heartbeat"])
        finally:
            lane.stop(timeout=5)  # a job it leaves is put back when its lease lapses

    def _tasks(self, sandbox: Sandbox, stopping: threading.Event, lane: AuthorLane) -> None:
        """Register the two tasks: drain the database's jobs, learners first, until none is
        left or the worker is stopping; a background message also wakes the lane."""
        app = self.app

        @self.celery.task(name=f"arena.{GRADING}")
        def grading() -> None:
            with app.app_context():
                while not stopping.is_set() and grade_next(sandbox):
                    pass

        @self.celery.task(name=f"arena.{BACKGROUND}")
        def background() -> None:
            lane.wake.set()
            with app.app_context():
                while not stopping.is_set() and work_next(sandbox):
                    pass

    def _wake_graders(self) -> None:
        """Send grading messages for the submissions a finished preparation let through."""
        waiting = queued_submissions()
        if waiting:
            self.notify(count=min(waiting, 32))

    def _keep(self, alive_file: Path | None, sandbox: Sandbox, concurrency: int) -> None:
        """Every third of a lease: reap lapsed leases, and send messages for jobs that wait
        while their list is empty (lost messages), plus one background message; describe
        this worker and its pools to its registration (arena.jobs.workers); then touch
        `alive_file`, if given, since the database and Redis answered."""
        interval = self.app.config["LEASE_SECONDS"] / 3
        while True:
            try:
                with self.app.app_context():
                    reap()
                    waiting = queued_submissions()
                with self.celery.connection_for_write() as connection:
                    lists = connection.default_channel.client
                    if waiting and not lists.llen(GRADING):
                        self.notify(count=min(waiting, 32))
                    if not lists.llen(BACKGROUND):
                        self.notify(background=True)
                registration = self.app.extensions.get("arena.worker")
                if registration is not None:
                    registration.describe(worker_state(concurrency, sandbox))
                if alive_file:
                    alive_file.touch()
            except Exception:  # the database or Redis is away: try again next time
                log.exception("the keeper's round failed")
            threading.Event().wait(interval)
