"""Signals of the team server, from outside: readiness fails while PostgreSQL is stopped and
recovers after; /metrics (through the proxy) shows the queue that waits for a worker, then
drains as one starts; each finished job leaves one line in the worker's log, and idle
services write nothing.
"""

from __future__ import annotations

import time

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from tests.compose.stack import CORRECT, UNSCALED, Stack, run, wait

pytestmark = pytest.mark.timeout(1500)


def metrics(stack: Stack) -> dict[tuple[str, tuple], float]:
    """Scrape /metrics through the proxy: every sample by (name, sorted labels)."""
    response = requests.get(f"{stack.url}/metrics", timeout=30)
    assert response.status_code == 200, response.text
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(response.text)
            for s in family.samples}


@pytest.fixture
def own_image(stack: Stack):
    """An app image of this stack's own: other stacks built beside it from other trees use
    the same default tag, and one `up` may otherwise start another's code."""
    tag = f"attention-arena:{stack.project}"
    stack.env["ARENA_IMAGE"] = tag
    yield tag
    # Down first (the stack's own teardown, after this one, then finds nothing left).
    stack.compose("down", "-v", "--remove-orphans", "--timeout", "5")
    run(["docker", "rmi", tag], check=False)


def test_readiness_follows_postgres_and_metrics_follow_the_queue(stack: Stack,
                                                                 own_image: str) -> None:
    stack.build()
    stack.up("--scale", "worker=0")

    def ready() -> requests.Response:
        return requests.get(f"{stack.url}/api/v1/health/ready", timeout=30)

    assert ready().json() == {"status": "ok",
                              "checks": {"database": "ok", "redis": "ok", "queue": "ok"}}
    stack.compose("stop", "postgres")
    down = wait("readiness to fail without PostgreSQL",
                lambda: (r := ready()).status_code == 503 and r.json(), timeout=120)
    assert down["checks"]["database"].startswith("failed: "), down
    assert stack.env["ARENA_DB_PASSWORD"] not in str(down)
    assert requests.get(f"{stack.url}/api/v1/health/live", timeout=30).status_code == 200
    assert metrics(stack)[("arena_database_up", ())] == 0
    stack.compose("start", "postgres")
    wait("readiness to recover with PostgreSQL", lambda: ready().status_code == 200,
         timeout=180)

    # No worker: what is submitted waits, and /metrics counts it.
    token = stack.user("mo")
    ids = [stack.submit(token, code) for code in (CORRECT, UNSCALED, CORRECT)]
    queued = metrics(stack)
    assert queued[("arena_queue_depth", (("kind", "submission"),))] == 3
    assert queued[("arena_queue_oldest_seconds", (("kind", "submission"),))] > 0
    assert queued[("arena_workers", ())] == 0

    stack.compose("up", "-d", "--no-recreate", "--scale", "worker=1", timeout=600)
    results = [stack.verdict(token, submission_id, timeout=600) for submission_id in ids]
    drained = wait("the worker to announce itself and its threads", lambda: (
        m := metrics(stack))[("arena_workers", ())] == 1
        and m[("arena_worker_threads", ())] == 2 and m, timeout=120)
    assert drained[("arena_queue_depth", (("kind", "submission"),))] == 0
    verdicts = {key[1][0][1]: value for key, value in drained.items()
                if key[0] == "arena_verdicts_total" and value}
    assert verdicts == {"accepted": 2, "wrong_answer": 1}, verdicts
    assert [r["verdict"] for r in results] == ["accepted", "wrong_answer", "accepted"]
    assert drained[("arena_grading_seconds_count", (("kind", "submission"),))] == 3
    assert any(name == "arena_sandbox_pool_boxes" for name, _ in drained)

    logs = stack.compose("logs", "--no-color", "worker")
    for result in results:
        assert (f"job finished kind=submission id={result['id']} "
                f"verdict={result['verdict']} ") in logs, logs[-3000:]
    assert "In Celery 5.1 we introduced" not in logs

    # Idle: the web tier's health checks and the worker's keeper rounds write nothing. (The
    # worker's authoring lane may still be preparing the catalog's other versions: its jobs'
    # own lines are not noise.)
    time.sleep(45)
    noise = [line for line in stack.compose("logs", "--no-color", "--since", "40s", "web",
                                            "worker").splitlines()
             if "|" in line and "job finished kind=" not in line]
    assert noise == [], noise
