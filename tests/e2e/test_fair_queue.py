"""One account's flood does not hold another learner back, with the real processes: `arena
serve` and its worker thread (embedded queue, in its one grading process), or `arena serve` and
an `arena worker` on a Redis of the test's own (distributed queue); the process sandbox; SQLite,
or PostgreSQL when ARENA_DATABASE_URL names it.

One worker grades one job at a time. A flood of slow submissions from one account is running
when a learner submits the reference: the learner's job is claimed next, before every flood job
still queued, so it waits about one grading, not the whole flood. Checked by order (which jobs
finished before it), never by a clock.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
import redis
import requests

from bench.live_server import LiveServer, Worker, environment, wait_until

pytestmark = pytest.mark.sandbox

REFERENCE = (Path(__file__).resolve().parents[2] / "challenges/softmax/reference.py").read_text()
# Accepted, after a second asleep in each box: a grading that holds the worker.
SLOW = "import time\ntime.sleep(1)\n" + REFERENCE
FLOOD = 8  # the cap on work in hand, set for these servers: the flood fills it
SUBMISSIONS_PER_MINUTE = FLOOD + 2


def _settings(tmp_path: Path, database_url: str, **more: str) -> dict[str, str]:
    return environment(ARENA_DATA_DIR=str(tmp_path / "data"), ARENA_DATABASE_URL=database_url,
                       ARENA_SANDBOX="process", ARENA_WORKERS="1",
                       ARENA_GRADING_PROCESSES="1",
                       ARENA_MAX_PENDING_PER_USER=str(FLOOD),
                       ARENA_SUBMISSION_RATE_LIMIT=f"{SUBMISSIONS_PER_MINUTE} per minute",
                       **more)


class Learner:
    """An account on a live server, submitting softmax through the API."""

    def __init__(self, server: LiveServer, username: str) -> None:
        self.url = server.url
        self.api = requests.Session()
        self.api.headers["Authorization"] = f"Bearer {server.token(username)}"

    def post(self, code: str) -> requests.Response:
        return self.api.post(f"{self.url}/api/v1/challenges/softmax/submissions",
                             json={"code": code}, timeout=30)

    def submit(self, code: str) -> str:
        answer = self.post(code)
        assert answer.status_code == 202, answer.text
        return answer.json()["url"]

    def show(self, path: str) -> dict:
        return self.api.get(self.url + path, timeout=30).json()

    def done(self, path: str) -> dict:
        return wait_until(lambda: (body := self.show(path))["status"] == "done" and body, 300,
                          f"{path} graded", every=0.25)


def _finished(body: dict) -> datetime:
    return datetime.fromisoformat(body["finished_at"])


def _flood_and_learner(server: LiveServer) -> tuple[Learner, list[str], Learner]:
    """Return the flooding account with its FLOOD queued submissions, and the learner."""
    flood, learner = Learner(server, "flood"), Learner(server, "lee")  # tokens: seconds each
    return flood, [flood.submit(SLOW) for _ in range(FLOOD)], learner


def _assert_the_learner_went_next(flood: Learner, flooded: list[str], learner: Learner) -> None:
    """With the flood under way, the learner's submission is claimed before the flood's queued
    ones: no flood job that was still queued when it came finished before it."""
    wait_until(lambda: flood.show(flooded[0])["status"] != "queued", 300, "the flood graded")
    mine = learner.submit(REFERENCE)
    under_way = {url for url in flooded if flood.show(url)["status"] != "queued"}
    graded = learner.done(mine)
    assert graded["verdict"] == "accepted", graded
    finished_before = {url for url in flooded
                       if _finished(flood.done(url)) < _finished(graded)}
    assert finished_before <= under_way, (finished_before, under_way)
    assert len(under_way) < FLOOD / 2  # the check compares something: most were queued
    assert all(flood.show(url)["verdict"] == "accepted" for url in flooded)


@pytest.mark.any_database  # on PostgreSQL, the distributed one below: a team's setup
def test_the_embedded_queue_takes_turns_between_accounts(tmp_path, fresh_database_url,
                                                         seed_database):
    seed_database(fresh_database_url)
    server = LiveServer(_settings(tmp_path, fresh_database_url))
    with open(tmp_path / "serve.log", "wb") as log:
        server.start(log)
        try:
            _assert_the_learner_went_next(*_flood_and_learner(server))
        finally:
            server.stop()



def test_the_distributed_queue_takes_turns_and_refuses_past_the_cap_and_the_rate(
        tmp_path, fresh_database_url, own_redis, seed_database):
    seed_database(fresh_database_url)
    env = _settings(tmp_path, fresh_database_url, ARENA_QUEUE="distributed",
                    ARENA_REDIS_URL=own_redis)
    server = LiveServer(env)
    with open(tmp_path / "serve.log", "wb") as log, \
            open(tmp_path / "worker.log", "wb") as worker_log:
        server.start(log)
        worker = None
        try:
            flood, flooded, learner = _flood_and_learner(server)
            # No worker yet: the flood's jobs all wait. Past the cap, 429 (counted as asked
            # for); past the rate, 429 again, counted in Redis, for this account only.
            for code in ("too_many_pending", "too_many_pending", "rate_limited"):
                refused = flood.post(SLOW)
                assert refused.status_code == 429, refused.text
                assert refused.json()["error"]["code"] == code
                assert int(refused.headers["Retry-After"]) >= 1
            assert list(redis.Redis.from_url(own_redis).scan_iter(match="*intake-submission*"))
            worker = Worker(server.env, 1, worker_log)
            _assert_the_learner_went_next(flood, flooded, learner)
        finally:
            if worker:
                worker.stop()
            server.stop()
