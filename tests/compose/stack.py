"""The compose tier's stack: one Compose project of docker-compose.yml on the Debian-built bases
of docker/compose.debian.yml, under a project name of its own, with its HTTP API through the
proxy and what it owns in the engine (`Stack`); the `stack` fixture (tests/compose/conftest.py)
takes everything away afterwards, whatever happened.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import requests

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


def unavailable(reason: str) -> None:
    if os.environ.get("ARENA_REQUIRE_COMPOSE") == "1":
        pytest.fail(f"the compose stack must be tested here (ARENA_REQUIRE_COMPOSE=1): {reason}")
    pytest.skip(reason)


def run(command: list[str], timeout: float = 120, check: bool = True,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=timeout)
    if check and result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} exited {result.returncode}:\n"
                             f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return result


def compose_program() -> list[str]:
    """Return Compose's command: Debian's `docker-compose`, else the v2 plugin."""
    if shutil.which("docker") is None:
        unavailable("no docker client")
    if run(["docker", "info"], timeout=60, check=False).returncode != 0:
        unavailable("no Docker engine answers")
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    if run(["docker", "compose", "version"], check=False).returncode == 0:
        return ["docker", "compose"]
    unavailable("no Docker Compose (apt-get install docker-compose)")
    raise AssertionError("unreachable")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait(what: str, check: Callable[[], Any], timeout: float, every: float = 1.0) -> Any:
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
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {key: value for key, value in os.environ.items()
                    if not key.startswith(("ARENA_", "COMPOSE_"))}
        self.env.update(ARENA_SECRET_KEY=secrets.token_urlsafe(48),
                        ARENA_DB_PASSWORD=secrets.token_hex(16),
                        ARENA_HTTP_ADDRESS="127.0.0.1", ARENA_HTTP_PORT=str(self.port))
        self.worker_hosts: set[str] = set()
        self.timings: dict[str, float] = {}

    def build(self) -> None:
        """Build the Debian bases and the stack's images (each only when missing or changed)."""
        self.timed("base images", lambda: run([str(ROOT / "docker/debian/build-bases.sh")],
                                              timeout=1200))
        self.timed("build", lambda: self.compose("build", timeout=1200))

    def up(self, *args: str) -> dict:
        """Bring the stack up (`up -d` with `args`) and return the health the proxy answers."""
        self.timed("up", lambda: self.compose("up", "-d", *args, timeout=600))
        return self.timed("healthy", lambda: wait(
            "the web tier through the proxy",
            lambda: (r := requests.get(f"{self.url}/api/v1/health", timeout=5)).ok and r.json(),
            timeout=240))

    def user(self, name: str) -> str:
        """Create the student `name` in the stack and return an API token of theirs."""
        assert f"created student {name}" in self.compose(
            "exec", "-T", "web", "arena", "users", "create", name, "--role", "student")
        return self.compose("exec", "-T", "web", "arena", "tokens", "create",
                            name).strip().splitlines()[-1].strip()

    def compose(self, *args: str, timeout: float = 300) -> str:
        command = [*self.program, "-p", self.project, *FILES, *args]
        return run(command, timeout=timeout, env=self.env).stdout

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
        return run(command).stdout.split()

    def sandboxes(self) -> dict[str, str]:
        """Return the engine's sandbox containers (any owner): id -> owner's host name."""
        out = run(["docker", "ps", "-a", "--filter", "label=arena.sandbox", "--format",
                    '{{.ID}} {{.Label "arena.owner"}}']).stdout
        return {line.split()[0]: line.split()[1].split(":")[0] if len(line.split()) > 1
                else "" for line in out.splitlines()}

    def note_workers(self) -> set[str]:
        """Remember the worker containers' host names (their sandboxes carry them)."""
        hosts = {run(["docker", "inspect", "-f", "{{.Config.Hostname}}", cid]).stdout.strip()
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
        return wait(f"the verdict of submission {submission_id}", done, timeout)

    def leftovers(self) -> dict[str, list[str]]:
        """Return what the project (and its workers' sandboxes) left in the engine."""
        label = f"label=com.docker.compose.project={self.project}"
        found = {
            "containers": self.containers(),
            "volumes": run(["docker", "volume", "ls", "-q", "--filter", label]).stdout.split()
            + run(["docker", "volume", "ls", "-q", "--filter",
                    f"name={self.project}_"]).stdout.split(),
            "networks": run(["docker", "network", "ls", "-q", "--filter", label]).stdout.split()
            + run(["docker", "network", "ls", "-q", "--filter",
                    f"name={self.project}_"]).stdout.split(),
            "sandboxes": [cid for cid, host in self.sandboxes().items()
                          if host in self.worker_hosts],
        }
        return {kind: sorted(set(ids)) for kind, ids in found.items() if ids}
