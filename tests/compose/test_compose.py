"""The team server of docker-compose.yml, for real: the images built (on the Debian-built bases
of docker/compose.debian.yml, since no registry need answer), the stack brought up under a
project name of its own, a submission sent through the proxy's HTTP API and graded by a worker
container, workers and web replicas scaled to two, then everything brought down, nothing left.

Runs where a Docker engine and Compose answer (`docker-compose`, else `docker compose`);
ARENA_REQUIRE_COMPOSE=1 (CI) turns their absence into a failure. Images are built only when
missing or changed (the bases by docker/debian/build-bases.sh, the app by the engine's cache).
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

pytestmark = [pytest.mark.compose, pytest.mark.timeout(1500)]

ROOT = Path(__file__).resolve().parents[2]
FILES = ("-f", "docker-compose.yml", "-f", "docker/compose.debian.yml")
SLUG = "scaled-dot-product-attention"
CORRECT = '''import math

def attention(Q, K, V):
    d = len(K[0])
    out = []
    for q in Q:
        scores = [sum(a * b for a, b in zip(q, k)) / math.sqrt(d) for k in K]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        weights = [e / sum(exps) for e in exps]
        out.append([sum(w * v[c] for w, v in zip(weights, V)) for c in range(len(V[0]))])
    return out
'''
UNSCALED = CORRECT.replace(" / math.sqrt(d)", "")


def _unavailable(reason: str) -> None:
    if os.environ.get("ARENA_REQUIRE_COMPOSE") == "1":
        pytest.fail(f"the compose stack must be tested here (ARENA_REQUIRE_COMPOSE=1): {reason}")
    pytest.skip(reason)


def _run(command: list[str], timeout: float = 120, check: bool = True,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=timeout)
    if check and result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} exited {result.returncode}:\n"
                             f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return result


def _compose_program() -> list[str]:
    """Return Compose's command: Debian's `docker-compose`, else the v2 plugin."""
    if shutil.which("docker") is None:
        _unavailable("no docker client")
    if _run(["docker", "info"], timeout=60, check=False).returncode != 0:
        _unavailable("no Docker engine answers")
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    if _run(["docker", "compose", "version"], check=False).returncode == 0:
        return ["docker", "compose"]
    _unavailable("no Docker Compose (apt-get install docker-compose)")
    raise AssertionError("unreachable")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait(what: str, check: Callable[[], Any], timeout: float, every: float = 1.0) -> Any:
    """Return check()'s first truthy value, failing after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = check()
        except requests.RequestException:
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(every)


class Stack:
    """One Compose project: its commands, its HTTP API, and what it owns in the engine."""

    def __init__(self, program: list[str]) -> None:
        self.program = program
        self.project = f"arenatest{secrets.token_hex(4)}"
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {key: value for key, value in os.environ.items()
                    if not key.startswith(("ARENA_", "COMPOSE_"))}
        self.env.update(ARENA_SECRET_KEY=secrets.token_urlsafe(48),
                        ARENA_DB_PASSWORD=secrets.token_hex(16),
                        ARENA_HTTP_ADDRESS="127.0.0.1", ARENA_HTTP_PORT=str(self.port))
        self.worker_hosts: set[str] = set()
        self.timings: dict[str, float] = {}

    def compose(self, *args: str, timeout: float = 300) -> str:
        command = [*self.program, "-p", self.project, *FILES, *args]
        return _run(command, timeout=timeout, env=self.env).stdout

    def timed(self, name: str, action: Callable[[], Any]) -> Any:
        start = time.monotonic()
        try:
            return action()
        finally:
            self.timings[name] = round(time.monotonic() - start, 1)

    def containers(self, service: str | None = None, *filters: str) -> list[str]:
        """Return the ids of the project's containers (of one service), running or not."""
        command = ["docker", "ps", "-aq", "--no-trunc", "--filter",
                   f"label=com.docker.compose.project={self.project}"]
        if service:
            command += ["--filter", f"label=com.docker.compose.service={service}"]
        for extra in filters:
            command += ["--filter", extra]
        return _run(command).stdout.split()

    def sandboxes(self) -> dict[str, str]:
        """Return the engine's sandbox containers (any owner): id -> owner's host name."""
        out = _run(["docker", "ps", "-a", "--filter", "label=arena.sandbox", "--format",
                    '{{.ID}} {{.Label "arena.owner"}}']).stdout
        return {line.split()[0]: line.split()[1].split(":")[0] if len(line.split()) > 1
                else "" for line in out.splitlines()}

    def note_workers(self) -> set[str]:
        """Remember the worker containers' host names (their sandboxes carry them)."""
        hosts = {_run(["docker", "inspect", "-f", "{{.Config.Hostname}}", cid]).stdout.strip()
                 for cid in self.containers("worker", "status=running")}
        self.worker_hosts |= hosts
        return hosts

    def submit(self, token: str, code: str) -> int:
        response = requests.post(f"{self.url}/api/v1/challenges/{SLUG}/submissions",
                                 json={"code": code}, timeout=30,
                                 headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 202, response.text
        return response.json()["id"]

    def submission(self, token: str, submission_id: int) -> dict:
        response = requests.get(f"{self.url}/api/v1/submissions/{submission_id}", timeout=30,
                                headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 200, response.text
        return response.json()

    def verdict(self, token: str, submission_id: int, timeout: float = 300) -> dict:
        def done() -> dict | None:
            body = self.submission(token, submission_id)
            return body if body["status"] == "done" else None
        return _wait(f"the verdict of submission {submission_id}", done, timeout)

    def leftovers(self) -> dict[str, list[str]]:
        """Return what the project (and its workers' sandboxes) left in the engine."""
        label = f"label=com.docker.compose.project={self.project}"
        found = {
            "containers": self.containers(),
            "volumes": _run(["docker", "volume", "ls", "-q", "--filter", label]).stdout.split()
            + _run(["docker", "volume", "ls", "-q", "--filter",
                    f"name={self.project}_"]).stdout.split(),
            "networks": _run(["docker", "network", "ls", "-q", "--filter", label]).stdout.split()
            + _run(["docker", "network", "ls", "-q", "--filter",
                    f"name={self.project}_"]).stdout.split(),
            "sandboxes": [cid for cid, host in self.sandboxes().items()
                          if host in self.worker_hosts],
        }
        return {kind: sorted(set(ids)) for kind, ids in found.items() if ids}


@pytest.fixture
def stack() -> Iterator[Stack]:
    program = _compose_program()
    if shutil.which("mmdebstrap") is None:
        _unavailable("no mmdebstrap to build the base images (apt-get install mmdebstrap)")
    live = Stack(program)
    yield live
    # Whatever happened, leave nothing behind: the project, then its workers' sandboxes.
    live.note_workers()
    if live.leftovers():
        _run([*program, "-p", live.project, *FILES, "down", "-v", "--remove-orphans",
              "--timeout", "5"], timeout=300, check=False, env=live.env)
        for cid in live.leftovers().get("sandboxes", []):
            _run(["docker", "rm", "-f", cid], check=False)


def test_team_server_grades_in_worker_containers_and_leaves_nothing(stack: Stack) -> None:
    stack.timed("base images", lambda: _run([str(ROOT / "docker/debian/build-bases.sh")],
                                            timeout=1200))
    stack.timed("build", lambda: stack.compose("build", timeout=1200))

    # No worker at first: whatever grades must be a worker container started later.
    stack.timed("up", lambda: stack.compose("up", "-d", "--scale", "worker=0", timeout=600))
    health = stack.timed("healthy", lambda: _wait(
        "the web tier through the proxy",
        lambda: (r := requests.get(f"{stack.url}/api/v1/health", timeout=5)).ok and r.json(),
        timeout=240))
    assert health["queue"] == "distributed" and health["sandbox"] is None, health
    assert _run([*stack.program, "-p", stack.project, *FILES, "exec", "-T", "web", "sh", "-c",
                 "test ! -e /var/run/docker.sock"], env=stack.env, check=False).returncode == 0, \
        "the web tier must not see the Docker socket"

    assert "created student lee" in stack.compose("exec", "-T", "web", "arena", "users",
                                                  "create", "lee", "--role", "student")
    token = stack.compose("exec", "-T", "web", "arena", "tokens", "create",
                          "lee").strip().splitlines()[-1].strip()

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
    _wait("a healthy worker (its keeper reached PostgreSQL and Redis)",
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
        _wait("two workers and two healthy web replicas", scaled, timeout=180)))
    workers = stack.note_workers()
    assert len(workers) == 2
    _wait("a sandbox of each worker", lambda: workers <= set(stack.sandboxes().values()),
          timeout=120)

    wrong = stack.submit(token, UNSCALED)
    result = stack.verdict(token, wrong)
    assert result["verdict"] == "wrong_answer", result
    assert "sqrt" in str(result.get("diagnosis")), result

    # The proxy reaches both web replicas (it looks `web` up again every 10 s).
    probe = secrets.token_hex(6)
    def both_served() -> bool:
        requests.get(f"{stack.url}/api/v1/health?probe={probe}", timeout=5)
        return all(probe in _run(["docker", "logs", cid]).stdout
                   for cid in stack.containers("web"))
    _wait("requests through the proxy on both web replicas", both_served, timeout=60, every=0.5)

    # No waiting for idle workers: a stopped worker finishes the job in hand, takes no
    # other, and drains its warm pool within its grace period.
    stack.timed("down", lambda: stack.compose("down", "-v", "--remove-orphans", timeout=300))
    assert stack.leftovers() == {}, stack.leftovers()
    print(f"compose test timings (s): {stack.timings}")
