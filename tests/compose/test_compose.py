"""The team server of docker-compose.yml, for real: the images built (on the Debian-built bases
of docker/compose.debian.yml, since no registry need answer), the stack brought up under a
project name of its own, a submission sent through the proxy's HTTP API and graded by a worker
container, workers and web replicas scaled to two, then everything brought down, nothing left.

Runs where a Docker engine and Compose answer (`docker-compose`, else `docker compose`);
ARENA_REQUIRE_COMPOSE=1 (CI) turns their absence into a failure. Images are built only when
missing or changed (the bases by docker/debian/build-bases.sh, the app by the engine's cache).
"""

from __future__ import annotations

import secrets
import time

import pytest
import requests

from tests.compose.stack import CORRECT, FILES, UNSCALED, Stack, run, wait

pytestmark = pytest.mark.timeout(1500)


def test_team_server_grades_in_worker_containers_and_leaves_nothing(stack: Stack) -> None:
    stack.build()
    # No worker at first: whatever grades must be a worker container started later.
    health = stack.up("--scale", "worker=0")
    assert health["queue"] == "distributed" and health["sandbox"] is None, health
    assert run([*stack.program, "-p", stack.project, *FILES, "exec", "-T", "web", "sh", "-c",
                "test ! -e /var/run/docker.sock"], env=stack.env, check=False).returncode == 0, \
        "the web tier must not see the Docker socket"

    token = stack.user("lee")

    accepted = stack.submit(token, CORRECT)
    time.sleep(5)
    assert stack.submission(token, accepted)["status"] == "queued", \
        "graded with no worker running: the web tier must only enqueue"

    stack.timed("first verdict", lambda: (
        stack.compose("up", "-d", "--no-recreate", "--scale", "worker=1", timeout=600),
        stack.verdict(token, accepted)))
    result = stack.submission(token, accepted)
    assert result["verdict"] == "accepted", result
    first_worker = stack.note_workers()
    assert len(first_worker) == 1
    wait("a healthy worker (its keeper reached PostgreSQL and Redis)",
         lambda: len(stack.containers("worker", "health=healthy")) == 1, timeout=120)
    owners = set(stack.sandboxes().values())
    assert first_worker <= owners, f"no sandbox of the worker container {first_worker}: {owners}"

    # Two workers and two web replicas behind the one published port.
    def scaled() -> bool:
        return (len(stack.containers("worker", "status=running")) == 2
                and len(stack.containers("web", "health=healthy")) == 2)
    stack.timed("scale", lambda: (
        stack.compose("up", "-d", "--no-recreate", "--scale", "worker=2", "--scale", "web=2",
                      timeout=600),
        wait("two workers and two healthy web replicas", scaled, timeout=180)))
    workers = stack.note_workers()
    assert len(workers) == 2
    wait("a sandbox of each worker", lambda: workers <= set(stack.sandboxes().values()),
         timeout=120)

    wrong = stack.submit(token, UNSCALED)
    result = stack.verdict(token, wrong)
    assert result["verdict"] == "wrong_answer", result
    assert "sqrt" in str(result.get("diagnosis")), result

    # The proxy reaches both web replicas (it looks `web` up again every 10 s).
    probe = secrets.token_hex(6)
    def both_served() -> bool:
        requests.get(f"{stack.url}/api/v1/health?probe={probe}", timeout=5)
        return all(probe in run(["docker", "logs", cid]).stdout
                   for cid in stack.containers("web"))
    wait("requests through the proxy on both web replicas", both_served, timeout=60, every=0.5)

    # No waiting for idle workers: a stopped worker finishes the job in hand, takes no
    # other, and drains its warm pool within its grace period.
    stack.timed("down", lambda: stack.compose("down", "-v", "--remove-orphans", timeout=300))
    assert stack.leftovers() == {}, stack.leftovers()
    print(f"compose test timings (s): {stack.timings}")
