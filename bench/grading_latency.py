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
import subprocess
import tempfile
import time
from datetime import datetime
from functools import partial
from pathlib import Path

from live_server import ROOT, Server
from measure import measure

from graders.protocol import call_job

SOLUTION = (ROOT / "challenges" / "softmax" / "reference.py").read_text()
CONFIGS = {
    "process backend": {"ARENA_SANDBOX": "process"},
    "Docker, no pool": {"ARENA_SANDBOX": "docker", "ARENA_POOL_SIZE": "0"},
    "Docker, warm pool": {"ARENA_SANDBOX": "docker", "ARENA_POOL_SIZE": "4"},
}


def submit_and_time(server: Server) -> float:
    """Submit once; return the server's own submit-to-verdict seconds."""
    body = server.submit("softmax", SOLUTION, poll=0.005)
    assert body["verdict"] == "accepted", body
    created = datetime.fromisoformat(body["created_at"])
    return (datetime.fromisoformat(body["finished_at"]) - created).total_seconds()


def bare_docker_run(image: str) -> float:
    """Run one job in a fresh `docker run --rm -i` of the image; return its wall time."""
    job = call_job(SOLUTION, "softmax", [{"args": [[1.0, 2.0, 3.0]], "kwargs": {}}] * 17,
                   "solution.py", [1000] * 17)
    started = time.perf_counter()
    done = subprocess.run(["docker", "run", "--rm", "-i", "--network", "none", image],
                          input=json.dumps(job).encode(), capture_output=True, check=True)
    assert done.stdout.endswith(b'{"event": "end"}\n')
    return time.perf_counter() - started


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
            server = Server(folder, env)
            try:
                submit_and_time(server)  # warm-up
                rows[name] = measure(partial(submit_and_time, server), args.runs, args.clients)
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
