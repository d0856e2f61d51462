"""Prometheus metrics at GET /metrics (prometheus-client's text format), names led by `arena_`.

Most values are read from the shared database at scrape time (`DatabaseCollector`), so any
web replica answers the same: queue depth and oldest age per kind of job, verdicts, jobs that
failed internally, grading and queue-wait histograms. What no table records comes from
arena.signals: requests answered 500 and lease requeues (in Redis when the app has one, else
this process's own), and the live `arena worker` processes with their sandbox pools (plus this
process's embedded workers or grading processes); and the reads this process holds waiting.
Nothing names a user or shows their code: only counts and durations.

Who may read it: anyone who reaches it, unless ARENA_METRICS_TOKEN is set; then only a
request with `Authorization: Bearer <token>` (docs/deploy.md, "Signals").
"""

from __future__ import annotations

import hmac
import logging
from collections import Counter
from collections.abc import Iterator
from datetime import datetime

import redis
from flask import Flask, Response, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from sqlalchemy import ColumnElement, case, func, null, select

from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS
from arena.jobs.kinds import KINDS
from arena.jobs.lifecycle import JobKind
from arena.jobs.processes import GradingProcesses
from arena.jobs.queue import EmbeddedQueue, get_queue
from arena.jobs.waiters import waiters_of
from arena.jobs.workers import live_workers, worker_state
from arena.models import Kind, Outcome, RegradeItem, Submission
from arena.models.types import utcnow
from arena.signals import COUNTERS, Signals, signals
from graders.verdicts import Status, Verdict

log = logging.getLogger(__name__)

METRICS_PATH = "/metrics"
#: Upper bounds (seconds) of the histograms' buckets: grading takes about a second, a queue
#: under load a minute.
BUCKETS = (0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600)


def _seconds(start: ColumnElement, end: ColumnElement) -> ColumnElement[float]:
    """The seconds from one timestamp column to another, in this database's dialect."""
    if db.session.get_bind().dialect.name == "postgresql":
        return func.extract("epoch", end - start)
    return (func.julianday(end) - func.julianday(start)) * 86400.0


def _age(since: datetime | None, now: datetime) -> float:
    return max(0.0, (now - since).total_seconds()) if since is not None else 0.0


class DatabaseCollector:
    """The metrics read from the shared database (and Redis) at each scrape."""

    def __init__(self, app: Flask) -> None:
        self.app = app

    def collect(self) -> Iterator[Metric]:
        up = GaugeMetricFamily("arena_database_up",
                               "1 when the database answered this scrape's queries")
        with self.app.app_context():
            try:
                metrics = [*self._queue(), *self._verdicts(), *self._durations()]
                db.session.commit()
            except Exception as exc:  # noqa: BLE001 - any failure: say so, never a 500
                db.session.rollback()
                log.warning("metrics: the database did not answer (%s)", type(exc).__name__)
                metrics = []
            up.add_metric([], 1 if metrics else 0)
            yield up
            yield from metrics
            yield from self._shared()

    def _queue(self) -> Iterator[Metric]:
        depth = GaugeMetricFamily("arena_queue_depth", "Jobs queued (waiting for a worker), "
                                  "by kind", labels=["kind"])
        oldest = GaugeMetricFamily("arena_queue_oldest_seconds", "Age of the oldest queued job, "
                                   "by kind (0 when none is queued; not recorded for the "
                                   "authoring lane's kinds)", labels=["kind"])
        running = GaugeMetricFamily("arena_jobs_running", "Jobs running now, by kind",
                                    labels=["kind"])
        now = utcnow()
        for kind in KINDS:
            for label, queued, since, busy in self._kind_counts(kind):
                depth.add_metric([label], queued)
                running.add_metric([label], busy)
                if kind.queued_since() is not None:
                    oldest.add_metric([label], _age(since, now))
        yield from (depth, oldest, running)

    @staticmethod
    def _kind_counts(kind: JobKind) -> list[tuple[str, int, datetime | None, int]]:
        """Return (label, queued, oldest queued since, running) for a kind; submissions and
        runs (one table) apart."""
        queued_since = kind.queued_since()
        queued = kind.status == Status.QUEUED
        columns = [func.count().filter(queued), func.count().filter(kind.status == Status.RUNNING),
                   null() if queued_since is None else func.min(queued_since).filter(queued)]
        if kind is SUBMISSIONS:
            rows = db.session.execute(select(Submission.kind, *columns)
                                      .where(Submission.status != Status.DONE)
                                      .group_by(Submission.kind)).all()
            found = {str(row[0]): row[1:] for row in rows}
            return [(str(label), *_counts(found.get(str(label)))) for label in Kind]
        row = db.session.execute(select(*columns).select_from(kind.model)
                                 .where(kind.status.in_((Status.QUEUED, Status.RUNNING)))).one()
        return [(kind.name, *_counts(row))]

    def _verdicts(self) -> Iterator[Metric]:
        verdicts = CounterMetricFamily("arena_verdicts", "Graded submissions (not runs), by "
                                       "their verdict now (a regrade moves one)",
                                       labels=["verdict"])
        found = dict(db.session.execute(
            select(Submission.verdict, func.count())
            .where(Submission.status == Status.DONE, Submission.kind == Kind.SUBMISSION)
            .group_by(Submission.verdict)).all())
        for verdict in Verdict:
            verdicts.add_metric([str(verdict)], found.get(str(verdict), 0))
        failed = CounterMetricFamily("arena_job_internal_errors", "Jobs that ended as the "
                                     "platform's fault, by kind", labels=["kind"])
        failed.add_metric(["submission"], db.session.scalar(
            select(func.count()).where(Submission.status == Status.DONE,
                                       Submission.verdict == str(Verdict.INTERNAL_ERROR))))
        failed.add_metric(["regrade_item"], db.session.scalar(
            select(func.count()).where(RegradeItem.status == Status.DONE,
                                       RegradeItem.outcome == Outcome.FAILED)))
        yield from (verdicts, failed)

    def _durations(self) -> Iterator[Metric]:
        """Histograms of how long graded submissions and runs ran and waited."""
        ran = _seconds(Submission.started_at, Submission.finished_at)
        waited = _seconds(Submission.created_at, Submission.started_at)
        for name, help_, value in (
                ("arena_grading_seconds", "How long a finished submission or run took to "
                 "grade, by kind", ran),
                ("arena_queue_wait_seconds", "How long a finished submission or run waited "
                 "for a worker, by kind", waited)):
            family = HistogramMetricFamily(name, help_, labels=["kind"])
            columns = [func.count(), func.coalesce(func.sum(value), 0.0),
                       *(func.count(case((value <= bound, 1))) for bound in BUCKETS)]
            rows = {str(row[0]): row[1:] for row in db.session.execute(
                select(Submission.kind, *columns)
                .where(Submission.status == Status.DONE, Submission.started_at.is_not(None),
                       Submission.finished_at.is_not(None))
                .group_by(Submission.kind)).all()}
            for label in map(str, Kind):
                total, summed, *within = rows.get(label, (0, 0.0, *(0,) * len(BUCKETS)))
                family.add_metric([label], [*((str(b), n) for b, n in zip(BUCKETS, within,
                                                                           strict=True)),
                                            ("+Inf", total)], float(summed))
            yield family

    def _shared(self) -> Iterator[Metric]:
        """The counters and workers kept in Redis (or in this process without it)."""
        shared = signals(self.app)
        try:
            counts = shared.counts()
            workers = live_workers(shared.redis) if shared.redis is not None else []
        except redis.RedisError as exc:
            log.warning("metrics: Redis did not answer (%s)", type(exc).__name__)
            return
        queue = get_queue(self.app)
        if isinstance(queue, EmbeddedQueue) and queue.running:  # this process's threads
            workers.append(worker_state(queue.workers, queue.sandbox))
        elif isinstance(queue, GradingProcesses):  # `arena serve`'s grading processes
            workers += queue.states()
            counts = {**counts, **{name: counts.get(name, 0) + amount
                                   for name, amount in queue.counts().items()}}
        for name, help_ in COUNTERS.items():
            family = CounterMetricFamily(f"arena_{name}", help_)
            family.add_metric([], counts.get(name, 0))
            yield family
        alive = GaugeMetricFamily("arena_workers", "Live grading worker processes")
        alive.add_metric([], len(workers))
        threads = GaugeMetricFamily("arena_worker_threads", "Grading threads of the live workers")
        threads.add_metric([], sum(w["threads"] for w in workers))
        boxes = GaugeMetricFamily("arena_sandbox_pool_boxes", "Warm sandbox boxes of the live "
                                  "workers' pools, by pool and state", labels=["pool", "state"])
        pooled: Counter[tuple[str, str]] = Counter()
        for worker in workers:
            for pool, state in worker["pools"].items():
                for key, value in state.items():
                    pooled[pool, key] += value
        for (pool, state), value in sorted(pooled.items()):
            boxes.add_metric([pool, state], value)
        waiting = GaugeMetricFamily("arena_waiting_reads", "Reads waiting for a result in "
                                    "this web process now (of ARENA_RUN_WAITERS)")
        waiting.add_metric([], waiters_of(self.app).waiting())
        yield from (alive, threads, boxes, waiting)


def _counts(row: tuple | None) -> tuple[int, datetime | None, int]:
    """(queued, oldest queued since, running) from a row (queued, running, since)."""
    if row is None:
        return 0, None, 0
    queued, running, since = row
    return queued, since if isinstance(since, datetime) else None, running


def authorized(token: str | None) -> bool:
    """Tell whether this request may read the metrics: any, unless a token is set."""
    if not token:
        return True
    given = request.headers.get("Authorization", "")
    return hmac.compare_digest(given.encode(), f"Bearer {token}".encode())


def init_app(app: Flask) -> None:
    """Give the app its Signals, GET /metrics, and a count of the requests answered 500."""
    app.extensions["arena.signals"] = Signals(app.config["REDIS_URL"],
                                              float(app.config["LEASE_SECONDS"]))
    registry = CollectorRegistry(auto_describe=False)
    registry.register(DatabaseCollector(app))

    @app.get(METRICS_PATH)
    @app.doc(hide=True)
    def metrics() -> Response:
        if not authorized(app.config["METRICS_TOKEN"]):
            return Response("a bearer token is needed\n", 401, mimetype="text/plain",
                            headers={"WWW-Authenticate": "Bearer"})
        return Response(generate_latest(registry), mimetype=CONTENT_TYPE_LATEST)

    @app.after_request
    def count_internal_errors(response: Response) -> Response:
        if response.status_code == 500:
            signals(app).count("http_internal_errors")
        return response
