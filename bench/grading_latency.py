"""Time from HTTP submit to stored verdict, and throughput, for every sandbox configuration.

Starts a real `arena serve` per configuration (SQLite, embedded workers) on loopback, submits
a trivial correct solution of `softmax`, and reads the server's own timestamps (created_at to
finished_at). The naive baseline is a bare `docker run --rm -i` of the sandbox image per job.
Usage: .venv/bin/python bench/grading_latency.py [--runs 40] [--clients 4] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
ARENA = str(Path(sys.executable).with_name("arena"))
SOLUTION = (ROOT / "challenges" / "softmax" / "reference.py").read_text()
CONFIGS = {
    "process backend": {"ARENA_SANDBOX": "process"},
    "Docker, no pool": {"ARENA_SANDBOX": "docker", "ARENA_POOL_SIZE": "0"},
    "Docker, warm pool": {"ARENA_SANDBOX": "docker", "ARENA_POOL_SIZE": "4"},
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """One `arena serve` on a fresh data folder."""

    def __init__(self, env: dict[str, str], folder: str) -> None:
        self.url = f"http://127.0.0.1:{free_port()}"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("ARENA_")}
        self.env.update(env, ARENA_DATA_DIR=folder)
        subprocess.run([ARENA, "users", "create", "bench"], env=self.env, check=True,
                       capture_output=True)
        token = subprocess.run([ARENA, "tokens", "create", "bench"], env=self.env, check=True,
                               capture_output=True, text=True).stdout.split()[-1]
        self.process = subprocess.Popen([ARENA, "serve", "--port", self.url.rsplit(":", 1)[1]],
                                        env=self.env, stdout=subprocess.DEVNULL,
                                        stderr=open(Path(folder) / "serve.log", "wb"))
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        self._wait_ready()

    def _wait_ready(self) -> None:
        """Wait until every challenge is prepared: the steady state, not the start-up."""
        pending = None
        for _ in range(3000):
            try:
                if pending is None:
                    listed = self.session.get(f"{self.url}/api/v1/challenges", timeout=5).json()
                    pending = [c["slug"] for c in listed["challenges"]]
                while pending and self.session.get(
                        f"{self.url}/api/v1/challenges/{pending[0]}", timeout=5).json()["examples"]:
                    pending.pop(0)
                if pending == []:
                    return
            except (requests.ConnectionError, KeyError, ValueError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server not ready: {pending} not prepared")

    def submit(self) -> float:
        """Submit once, wait for the verdict; return the server's submit-to-verdict seconds."""
        answer = self.session.post(f"{self.url}/api/v1/challenges/softmax/submissions",
                                   json={"code": SOLUTION}, timeout=30).json()
        while True:
            body = self.session.get(f"{self.url}{answer['url']}", timeout=30).json()
            if body["status"] == "done":
                assert body["verdict"] == "accepted", body
                created = datetime.fromisoformat(body["created_at"])
                return (datetime.fromisoformat(body["finished_at"]) - created).total_seconds()
            time.sleep(0.005)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(60)


def bare_docker_run(image: str) -> float:
    """Run one job in a fresh `docker run --rm -i` of the image; return its wall time."""
    job = {"mode": "call", "source": SOLUTION, "filename": "solution.py", "entry_point": "softmax",
           "cases": [json.dumps({"args": [[1.0, 2.0, 3.0]], "kwargs": {}})] * 17}
    started = time.perf_counter()
    done = subprocess.run(["docker", "run", "--rm", "-i", "--network", "none", image],
                          input=json.dumps(job).encode(), capture_output=True, check=True)
    assert done.stdout.endswith(b'{"event": "end"}\n')
    return time.perf_counter() - started


def measure(call, runs: int, clients: int) -> dict:
    """Latency over sequential calls, then throughput with `clients` at once."""
    latencies = sorted(call() for _ in range(runs))
    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(lambda _: call(), range(runs)))
    return {"median": statistics.median(latencies),
            "p95": latencies[max(0, int(round(0.95 * len(latencies))) - 1)],
            "throughput": runs / (time.perf_counter() - started)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    from graders.sandbox.image import image_tag

    rows = {"bare `docker run --rm -i` per job": measure(lambda: bare_docker_run(image_tag()),
                                                         args.runs, args.clients)}
    for name, env in CONFIGS.items():
        with tempfile.TemporaryDirectory() as folder:
            server = Server(env, folder)
            try:
                server.submit()  # warm-up
                rows[name] = measure(server.submit, args.runs, args.clients)
            finally:
                server.stop()
    report = render(rows, args)
    print(report)
    if args.out:
        args.out.write_text(report, encoding="utf-8")


def render(rows: dict, args) -> str:
    """Write the table and the ratios as Markdown."""
    bare = rows["bare `docker run --rm -i` per job"]["median"]
    lines = [
        "| configuration | median (ms) | p95 (ms) | accepted/s with "
        f"{args.clients} clients | median vs bare docker run |", "|---|---|---|---|---|"]
    for name, row in rows.items():
        lines.append(f"| {name} | {row['median'] * 1000:.1f} | {row['p95'] * 1000:.1f} | "
                     f"{row['throughput']:.1f} | {row['median'] / bare:.3f} |")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Linux {platform.release()}"
    return (f"Measured {time.strftime('%Y-%m-%d')} on {machine}; {args.runs} submissions per "
            f"row, `softmax` reference (17 tests).\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
