"""A real `arena serve` on loopback for the benchmarks: a fresh data folder, one learner."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
ARENA = str(Path(sys.executable).with_name("arena"))
USERNAME = "bench"
PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """One `arena serve` on a fresh data folder (process sandbox unless `env` says otherwise)."""

    def __init__(self, folder: str, env: dict[str, str] | None = None) -> None:
        self.url = f"http://127.0.0.1:{free_port()}"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("ARENA_")}
        self.env.update({"ARENA_SANDBOX": "process", **(env or {})}, ARENA_DATA_DIR=folder,
                        ARENA_URL=self.url)
        subprocess.run([ARENA, "users", "create", USERNAME, "--password-stdin"], env=self.env,
                       input=PASSWORD + "\n", text=True, check=True, capture_output=True)
        token = subprocess.run([ARENA, "tokens", "create", USERNAME], env=self.env, check=True,
                               capture_output=True, text=True).stdout.split()[-1]
        self.log = open(Path(folder) / "serve.log", "wb")  # closed in stop()
        self.process = subprocess.Popen([ARENA, "serve", "--port", self.url.rsplit(":", 1)[1]],
                                        env=self.env, stdout=subprocess.DEVNULL, stderr=self.log)
        self.api = requests.Session()
        self.api.headers["Authorization"] = f"Bearer {token}"
        self._wait_ready()

    def _wait_ready(self) -> None:
        """Wait until every challenge is prepared (its public examples are known): the steady
        state a learner meets, not the start-up."""
        pending = None
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("arena serve exited at start-up (see serve.log)")
            try:
                if pending is None:
                    listed = self.api.get(f"{self.url}/api/v1/challenges", timeout=5).json()
                    pending = [c["slug"] for c in listed["challenges"]]
                while pending and self.api.get(
                        f"{self.url}/api/v1/challenges/{pending[0]}", timeout=5).json()["examples"]:
                    pending.pop(0)
                if pending == []:
                    return
            except (requests.ConnectionError, KeyError, ValueError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server not ready: {pending} not prepared")

    def submit(self, slug: str, code: str, poll: float = 0.05) -> dict:
        """Submit through the API as the learner and wait for the finished submission."""
        answer = self.api.post(f"{self.url}/api/v1/challenges/{slug}/submissions",
                               json={"code": code}, timeout=30).json()
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            body = self.api.get(f"{self.url}{answer['url']}", timeout=30).json()
            if body["status"] == "done":
                return body
            time.sleep(poll)
        raise RuntimeError(f"submission {answer['url']} not graded within 300 s")

    def stop(self) -> None:
        """Stop the server politely, then firmly."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
