"""A live `arena serve` in a subprocess, with the CLI run as a newcomer would run it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

ARENA = str(Path(sys.executable).with_name("arena"))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LiveServer:
    """One platform instance: its environment, its process, its URL."""

    def __init__(self, env: dict[str, str]) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**env, "ARENA_URL": self.url}
        self.process: subprocess.Popen | None = None

    def cli(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        """Run an `arena` command against this instance's data."""
        return subprocess.run([ARENA, *args], env=self.env, input=stdin, capture_output=True,
                              text=True, timeout=300)

    def start(self) -> None:
        """Start `arena serve` and wait until it answers."""
        self.process = subprocess.Popen([ARENA, "serve", "--port", str(self.port)], env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "arena serve exited at start-up"
            try:
                if requests.get(f"{self.url}/api/v1/health", timeout=1).ok:
                    return
            except requests.ConnectionError:
                time.sleep(0.1)
        raise AssertionError("arena serve did not answer within 60 s")

    def kill(self) -> None:
        """Kill the server the hard way, as a crash would."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """Stop the server politely."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()

    def token(self, username: str = "lee", role: str = "student") -> str:
        """Create a user and return a token for them, through the CLI."""
        assert self.cli("users", "create", username, "--role", role).returncode == 0
        created = self.cli("tokens", "create", username)
        assert created.returncode == 0, created.stderr
        return created.stdout.strip().splitlines()[-1]


@pytest.fixture
def server(tmp_path: Path, fresh_database_url: str) -> Iterator[LiveServer]:
    """Return a live server (not started) on a fresh data folder and database."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARENA_")}
    # The default backend: Docker where an engine and the image are there (CI), else process.
    env.update(ARENA_DATA_DIR=str(tmp_path / "data"), ARENA_DATABASE_URL=fresh_database_url)
    live = LiveServer(env)
    yield live
    live.stop()
