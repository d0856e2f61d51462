"""A real `arena serve` on loopback: for the benchmarks, and for the end-to-end and browser tests.

The one helper that starts `arena serve`. The benchmarks import it as `live_server` (they run
as scripts, with bench/ first on sys.path); the tests as `bench.live_server` (pytest puts the
repository root on sys.path). It lives here, not under tests/, because a script cannot import
the tests without editing sys.path.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, TypeVar

import requests
from prometheus_client.parser import text_string_to_metric_families

ROOT = Path(__file__).resolve().parents[1]
ARENA = str(Path(sys.executable).with_name("arena"))
USERNAME = "bench"
PASSWORD = "correct horse battery"
T = TypeVar("T")
#: The benchmarks measure grading, not fair use: one account submits as fast as it is graded.
NO_INTAKE_LIMITS = {"ARENA_SUBMISSION_RATE_LIMIT": "", "ARENA_RUN_RATE_LIMIT": ""}


def free_port() -> int:
    """Return a TCP port that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(check: Callable[[], T], seconds: float, what: str, every: float = 0.1) -> T:
    """Call `check` until it returns something true; return that, or raise after `seconds`."""
    deadline = time.monotonic() + seconds
    while not (value := check()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {seconds:g} s")
        time.sleep(every)
    return value


def jobs_in_hand(url: str) -> float:
    """Return how many jobs of any kind the server at `url` has queued or running (from its
    `/metrics`)."""
    text = requests.get(f"{url}/metrics", timeout=5).text
    return sum(sample.value for family in text_string_to_metric_families(text)
               if family.name in ("arena_queue_depth", "arena_jobs_running")
               for sample in family.samples)


def environment(**settings: str) -> dict[str, str]:
    """Return this process's environment without its ARENA_* variables, plus `settings`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARENA_")}
    return {**env, **settings}


def student_tokens(env: dict[str, str], usernames: list[str]) -> list[str]:
    """Create students and a token each, in one process (an `arena` call each takes a second),
    on the instance `env` names; return the tokens."""
    script = ("import sys\nfrom arena import create_app\n"
              "from arena.services.users import create_token, create_user\n"
              "app = create_app()\nwith app.app_context():\n"
              "    for name in sys.argv[1:]:\n"
              "        create_user(name, 'student')\n        print(create_token(name))\n")
    done = subprocess.run([sys.executable, "-c", script, *usernames], env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    return done.stdout.split()


class LiveServer:
    """One platform instance: its environment, its `arena serve` process, its URL."""

    def __init__(self, env: dict[str, str]) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**env, "ARENA_URL": self.url}
        self.process: subprocess.Popen | None = None

    def cli(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        """Run an `arena` command against this instance's data."""
        return subprocess.run([ARENA, *args], env=self.env, input=stdin, capture_output=True,
                              text=True, timeout=300)

    def upgrade(self) -> None:
        """Bring the instance's database to the newest schema, as an operator does first:
        `arena serve` and the other commands never migrate."""
        upgraded = self.cli("db", "upgrade")
        assert upgraded.returncode == 0, upgraded.stderr

    def token(self, username: str = "lee", role: str = "student",
              password: str | None = None) -> str:
        """Create a user (with `password`, if given) and return a token for them."""
        create = ["users", "create", username, "--role", role]
        created = self.cli(*create, *(["--password-stdin"] if password else []),
                           stdin=f"{password}\n" if password else None)
        assert created.returncode == 0, created.stderr
        issued = self.cli("tokens", "create", username)
        assert issued.returncode == 0, issued.stderr
        return issued.stdout.strip().splitlines()[-1]

    def start(self, log: IO[bytes] | None = None, seconds: float = 180) -> None:
        """Start `arena serve` (its stderr to `log`) and wait until it answers (a start takes
        seconds, over a minute on two cores loaded twenty times over)."""
        self.process = subprocess.Popen([ARENA, "serve", "--port", str(self.port)],
                                        env=self.env, stdout=subprocess.DEVNULL,
                                        stderr=log or subprocess.DEVNULL)
        wait_until(self._answers, seconds, "arena serve answering /api/v1/health")

    def _answers(self) -> bool:
        if self.process is None or self.process.poll() is not None:
            raise RuntimeError("arena serve exited at start-up")
        try:
            return requests.get(f"{self.url}/api/v1/health", timeout=1).ok
        except requests.ConnectionError:
            return False

    def wait_prepared(self, seconds: float = 600) -> None:
        """Wait until every challenge's public examples are known and no job is queued or
        running (the server prepares the hidden cases after the examples, in boxes of their
        own): the steady state a learner meets, not the start-up."""
        listed = requests.get(f"{self.url}/api/v1/challenges", timeout=5).json()
        pending = [c["slug"] for c in listed["challenges"]]

        def prepared() -> bool:
            while pending and requests.get(f"{self.url}/api/v1/challenges/{pending[0]}",
                                           timeout=5).json()["examples"]:
                pending.pop(0)
            return not pending and not jobs_in_hand(self.url)

        wait_until(prepared, seconds, f"every challenge prepared ({pending} are not)")

    def kill(self) -> None:
        """Kill the server the hard way, as a crash would."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """Stop the server politely, then firmly."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


class Worker:
    """One `arena worker` process of the distributed queue, sharing a server's environment."""

    def __init__(self, env: dict[str, str], concurrency: int = 1,
                 log: IO[bytes] | None = None, *options: str) -> None:
        self.process = subprocess.Popen(
            [ARENA, "worker", "--concurrency", str(concurrency), *options], env=env,
            stdout=subprocess.DEVNULL, stderr=log or subprocess.DEVNULL)

    def kill(self) -> None:
        """Kill the worker the hard way (SIGKILL), as a crash or an OOM killer would."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """Stop the worker politely (it finishes its job), then firmly."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.kill()


class Server(LiveServer):
    """The benchmarks' server: a fresh data folder (process sandbox unless `env` says
    otherwise) migrated, one learner with a password and a token, started, every challenge
    prepared."""

    def __init__(self, folder: str, env: dict[str, str] | None = None) -> None:
        super().__init__(environment(**{"ARENA_SANDBOX": "process", **NO_INTAKE_LIMITS,
                                        **(env or {}), "ARENA_DATA_DIR": folder}))
        self.api = requests.Session()
        self.upgrade()
        self.bearer = self.token(USERNAME, password=PASSWORD)
        self.api.headers["Authorization"] = f"Bearer {self.bearer}"
        self.log = open(Path(folder) / "serve.log", "wb")  # closed in stop()
        try:
            self.start(self.log)
            self.wait_prepared()
        except Exception:
            self.stop()
            raise

    def submit(self, slug: str, code: str) -> dict:
        """Submit through the API as the learner and wait for the finished submission (each
        read held up to 5 s until the verdict is in, as `arena submit` reads)."""
        answer = self.api.post(f"{self.url}/api/v1/challenges/{slug}/submissions",
                               json={"code": code}, timeout=30).json()

        def finished() -> dict | None:
            body = self.api.get(f"{self.url}{answer['url']}", params={"wait": 5},
                                timeout=30).json()
            return body if body["status"] == "done" else None

        return wait_until(finished, 300, f"submission {answer['url']} graded", every=0.05)

    def stop(self) -> None:
        """Stop the server, then close its log."""
        super().stop()
        self.log.close()
