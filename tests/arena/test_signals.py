"""Signals: liveness, readiness, /metrics (read with prometheus_client's parser) and the log
line of a finished job, on the database the run names (SQLite, or ARENA_DATABASE_URL)."""

import logging
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import update

from arena import create_app
from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS
from arena.jobs.kinds import reap
from arena.jobs.workers import KEY, WorkerRegistry, worker_state
from arena.models import Submission
from arena.models.types import utcnow
from arena.signals import COUNTERS_KEY, signals

SDPA = "scaled-dot-product-attention"
CLOSED = "127.0.0.1:1"  # nothing listens on port 1
REDIS_DB = "redis://127.0.0.1:6379/13"  # this module's own


def scrape(client, **headers) -> dict[tuple[str, tuple], float]:
    """Return every sample of /metrics by (name, sorted labels)."""
    response = client.get("/metrics", headers=headers)
    assert response.status_code == 200, response.data
    assert response.mimetype == "text/plain"
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(response.get_data(as_text=True))
            for s in family.samples}


@pytest.fixture
def other_app(tmp_path: Path, monkeypatch):
    """Return a function that makes an app beside the test's (on its database, when the test
    passes `app.config["DATABASE_URL"]`), with its own settings (not the
    environment's)."""
    def make(folder: str = "other", **config) -> object:
        for name in ("ARENA_DATABASE_URL", "ARENA_REDIS_URL", "ARENA_QUEUE",
                     "ARENA_METRICS_TOKEN"):
            monkeypatch.delenv(name, raising=False)
        return create_app({"TESTING": True, "DATA_DIR": str(tmp_path / folder),
                           "SECRET_KEY": "test", "RATE_LIMIT_STORAGE_URI": "memory://",
                           **config})
    return make


def _poll(client, url: str, headers: dict, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = client.get(url, headers=headers).get_json()
        if body["status"] == "done":
            return body
        time.sleep(0.1)
    raise AssertionError(f"{url} is still {body['status']}")


@pytest.fixture
def shared_redis():
    """This module's Redis database, emptied before and after."""
    client = redis.Redis.from_url(REDIS_DB)
    client.flushdb()
    yield client
    client.flushdb()


def test_live_and_ready_answer_200(client):
    assert client.get("/api/v1/health/live").get_json() == {"status": "ok"}
    response = client.get("/api/v1/health/ready")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok",
                                   "checks": {"database": "ok", "queue": "ok"}}
    assert client.get("/api/v1/health").status_code == 200  # the older check stays


def test_ready_is_503_naming_the_database_when_it_is_away(other_app):
    """A database that does not answer: readiness says so (and no secret), liveness still
    answers, an API request answers 500 and is counted, and /metrics still answers."""
    secret = "pa55-w0rd"
    app = other_app(DATABASE_URL=f"postgresql+psycopg://arena:{secret}@{CLOSED}/arena",
                    PROPAGATE_EXCEPTIONS=False)  # answer 500 as a server does
    client = app.test_client()
    assert client.get("/api/v1/health/live").status_code == 200
    response = client.get("/api/v1/health/ready")
    assert response.status_code == 503
    body = response.get_json()
    assert body["status"] == "unavailable"
    assert body["checks"]["database"] == "failed: OperationalError"
    assert body["checks"]["queue"].startswith("failed: ")
    assert secret not in response.get_data(as_text=True) and CLOSED not in str(body)
    assert client.get("/api/v1/challenges").status_code == 500
    samples = scrape(client)
    assert samples[("arena_database_up", ())] == 0
    assert samples[("arena_http_internal_errors_total", ())] == 1
    assert ("arena_queue_depth", (("kind", "submission"),)) not in samples


def test_ready_is_503_naming_redis_when_it_is_away(other_app, app):
    app = other_app(DATABASE_URL=app.config["DATABASE_URL"], REDIS_URL=f"redis://{CLOSED}/0")
    response = app.test_client().get("/api/v1/health/ready")
    assert response.status_code == 503
    assert response.get_json()["checks"] == {"database": "ok", "queue": "ok",
                                             "redis": "failed: ConnectionError"}


def test_ready_checks_redis_and_the_distributed_queue(other_app, app,
                                                      shared_redis):
    app = other_app(DATABASE_URL=app.config["DATABASE_URL"], REDIS_URL=REDIS_DB,
                    QUEUE="distributed")
    response = app.test_client().get("/api/v1/health/ready")
    assert response.status_code == 200
    assert response.get_json()["checks"] == {"database": "ok", "queue": "ok", "redis": "ok"}


def test_the_queue_depth_and_age_follow_the_queued_rows(app, client, catalog, auth_headers):
    """No worker runs here: what is submitted stays queued, and /metrics says how much."""
    before = scrape(client)
    depth = ("arena_queue_depth", (("kind", "submission"),))
    assert before[depth] == 0
    assert before[("arena_queue_oldest_seconds", (("kind", "submission"),))] == 0
    for _ in range(3):
        assert client.post(f"/api/v1/challenges/{SDPA}/submissions", json={"code": "x = 1"},
                           headers=auth_headers).status_code == 202
    assert client.post(f"/api/v1/challenges/{SDPA}/runs", json={"code": "x = 1"},
                       headers=auth_headers).status_code == 202
    with app.app_context():  # the oldest was asked for a minute ago
        oldest = db.session.scalar(db.select(db.func.min(Submission.id)))
        db.session.execute(update(Submission).where(Submission.id == oldest)
                           .values(created_at=utcnow() - timedelta(minutes=1)))
        db.session.commit()
    after = scrape(client)
    assert after[depth] == 3
    assert after[("arena_queue_depth", (("kind", "run"),))] == 1
    assert after[("arena_queue_oldest_seconds", (("kind", "submission"),))] >= 60


def test_lease_requeues_are_counted(app, client, claimable_catalog, auth_headers):
    client.post(f"/api/v1/challenges/{SDPA}/submissions", json={"code": "x = 1"},
                headers=auth_headers)
    with app.app_context():
        job = db.session.scalar(db.select(Submission.id))
        assert SUBMISSIONS.claim(job)  # a worker took it, then died: its lease lapses
        db.session.execute(update(Submission).where(Submission.id == job)
                           .values(lease_expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
        assert reap() == 1
    assert scrape(client)[("arena_lease_requeues_total", ())] == 1


def test_shared_counters_and_workers_live_in_redis(other_app, app, shared_redis,
                                                   make_sandbox):
    """Two replicas on one Redis answer the same: a worker registered with its state (as `arena
    worker` and its keeper do) and a count made by one show in the other's scrape."""
    first, second = (other_app(name, DATABASE_URL=app.config["DATABASE_URL"],
                               REDIS_URL=REDIS_DB, QUEUE="distributed")
                     for name in ("first", "second"))
    sandbox = make_sandbox("process")
    registration = WorkerRegistry(REDIS_DB, 30).start()
    try:
        registration.describe(worker_state(3, sandbox))  # shown at once, not at the next beat
        with first.app_context():
            signals().count("lease_requeues", 2)
        assert shared_redis.hget(COUNTERS_KEY, "lease_requeues") == b"2"
        assert len(list(shared_redis.scan_iter(KEY + "*"))) == 1
        samples = scrape(second.test_client())
    finally:
        registration.stop()
    assert samples[("arena_workers", ())] == 1
    assert samples[("arena_worker_threads", ())] == 3
    assert samples[("arena_lease_requeues_total", ())] == 2


def test_a_worker_counts_from_its_first_heartbeat_whatever_its_key_holds(other_app, app,
                                                                        shared_redis):
    """A worker registered before its keeper's first round (the state it starts with) counts,
    with no thread and no pool; a key in another shape (an older worker's) is read as empty
    rather than answered with a 500."""
    scraper = other_app(DATABASE_URL=app.config["DATABASE_URL"], REDIS_URL=REDIS_DB,
                        QUEUE="distributed").test_client()
    registration = WorkerRegistry(REDIS_DB, 30).start()
    try:
        shared_redis.set(KEY + "elsewhere:worker:old", b'{"pools": null}')
        shared_redis.set(KEY + "elsewhere:worker:broken", b"not json")
        samples = scrape(scraper)
    finally:
        registration.stop()
    assert samples[("arena_workers", ())] == 3
    assert samples[("arena_worker_threads", ())] == 0


def test_metrics_token_is_asked_when_set(other_app, app):
    app = other_app(DATABASE_URL=app.config["DATABASE_URL"], METRICS_TOKEN="t0ken")
    client = app.test_client()
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert scrape(client, Authorization="Bearer t0ken")[("arena_database_up", ())] == 1


@pytest.mark.sandbox
def test_verdicts_durations_workers_and_the_log_line_follow_grading(
        app, client, catalog, auth_headers, queue, caplog):
    """Graded for real by the embedded workers: the verdict counts, the histograms and the
    one log line per finished job agree with what the API reports."""
    reference = (Path(app.config["CHALLENGES_DIR"]) / SDPA / "reference.py").read_text()
    caplog.set_level(logging.INFO, logger="arena.jobs.lifecycle")
    urls = [client.post(f"/api/v1/challenges/{SDPA}/submissions", json={"code": code},
                        headers=auth_headers).get_json()["url"]
            for code in (reference, "x = 1", reference)]
    results = [_poll(client, url, auth_headers) for url in urls]
    verdicts = Counter(result["verdict"] for result in results)
    samples = scrape(client)
    for verdict, count in verdicts.items():
        assert samples[("arena_verdicts_total", (("verdict", verdict),))] == count
    assert sum(v for (name, _), v in samples.items() if name == "arena_verdicts_total") == 3
    graded = (("kind", "submission"),)
    assert samples[("arena_grading_seconds_count", graded)] == 3
    assert samples[("arena_grading_seconds_bucket", (*graded, ("le", "+Inf")))] == 3
    assert samples[("arena_grading_seconds_sum", graded)] > 0
    assert samples[("arena_queue_wait_seconds_count", graded)] == 3
    assert samples[("arena_workers", ())] == 1
    assert samples[("arena_worker_threads", ())] == app.config["WORKERS"]
    lines = {record.job["id"]: record for record in caplog.records
             if getattr(record, "job", {}).get("kind") == "submission"}
    assert sorted(lines) == sorted(result["id"] for result in results)
    for result in results:
        record = lines[result["id"]]
        assert record.job["verdict"] == result["verdict"]
        assert record.job["wait_s"] >= 0 and record.job["run_s"] >= 0
        assert record.getMessage() == (
            f"job finished kind=submission id={result['id']} verdict={result['verdict']} "
            f"wait_s={record.job['wait_s']} run_s={record.job['run_s']}")
