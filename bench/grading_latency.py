"""Time from HTTP submit to stored verdict, and throughput, for every sandbox configuration.

Starts a real `arena serve` per configuration (SQLite, embedded workers) on loopback, submits
a trivial correct solution of `softmax`, each client thread as a learner of its own (one
user's jobs run one at a time: docs/security.md), and reads the server's own timestamps
(created_at to finished_at). The baseline is a bare `docker run --rm -i` of the sandbox image
per job, the same job, measured in the same run. Then the curve: accepted submissions per
second against concurrent clients, on the Docker backend's warm pools.
Another correct `softmax` can be graded instead (`--solution`, e.g. the PyTorch one under
tests/challenges/solutions/softmax/), the configurations narrowed (`--config`), and the bare
`docker run` pointed at another image (`--image`: one built on another base, say).
With `--class-curve 1,4,16,64,256`, a class instead: several challenges, each with a NumPy and
a plain-list solution (tests/challenges/solutions/), every client a learner of its own cycling
through them as `arena submit` does (POST, then reads that wait on the server), timed on the
client (POST sent to verdict read) and from the server's own timestamps, with the CPU per
submission of `arena serve` and of its grading processes, and the bare `docker run` of the
same run as the yardstick.
Usage: .venv/bin/python bench/grading_latency.py [--runs 40] [--clients 4] [--curve 1,4,16,64]
       [--solution FILE] [--config NAME ...] [--image TAG] [--out FILE]
       .venv/bin/python bench/grading_latency.py --class-curve 1,4,16,64,256 [--config NAME]
       [--grading-processes N]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import statistics
import subprocess
import tempfile
import threading
import time
from dataclasses import asdict
from datetime import datetime
from functools import partial
from pathlib import Path

from live_server import ROOT, Server, student_tokens
from measure import measure

from arena.client import ArenaClient
from graders.protocol import call_job
from graders.sandbox.base import Limits
from graders.sandbox.image import BOX, image_tag

REFERENCE = ROOT / "challenges" / "softmax" / "reference.py"
SOLUTIONS = ROOT / "tests" / "challenges" / "solutions"
#: A class's mix: (challenge, solution file) for each challenge, NumPy and plain lists.
CLASS_MIX = [(slug, SOLUTIONS / slug / f"{style}.py")
             for slug in ("softmax", "scaled-dot-product-attention", "causal-attention",
                          "layer-norm") for style in ("numpy32", "lists")]
BARE = "bare `docker run --rm -i` per job"
POOLED = "Docker, warm pool"
# Grading is measured here, not fair use (bench/fair_queue.py measures that), so the per-user
# limits are lifted.
MANY_PENDING = {"ARENA_MAX_PENDING_PER_USER": "1000", "ARENA_RUN_WAITERS_PER_USER": "8"}
CONFIGS = {
    "process backend": {"ARENA_SANDBOX": "process"},
    "Docker, no pool": {"ARENA_SANDBOX": "docker", "ARENA_POOL_SIZE": "0"},
    POOLED: {"ARENA_SANDBOX": "docker"},
}


class Learners:
    """Accounts for the clients: each client thread submits as a learner of its own."""

    def __init__(self, server: Server, count: int) -> None:
        self.tokens = [server.bearer] + student_tokens(
            server.env, [f"learner{i}" for i in range(1, count)])
        self.handed = itertools.count()
        self.local = threading.local()

    def bearer(self) -> str:
        """Return the calling thread's token (the first call hands it one)."""
        if not hasattr(self.local, "token"):
            self.local.token = self.tokens[next(self.handed) % len(self.tokens)]
        return self.local.token


def submit_and_time(server: Server, learners: Learners, solution: str) -> float:
    """Submit once and read the verdict as `arena submit` does (long polling, then pauses
    when the server had no place to wait); return the server's own submit-to-verdict seconds."""
    body = ArenaClient(server.url, learners.bearer()).grade("softmax", solution)
    assert body["verdict"] == "accepted", body
    created = datetime.fromisoformat(body["created_at"])
    return (datetime.fromisoformat(body["finished_at"]) - created).total_seconds()


def bare_docker_run(image: str, solution: str) -> float:
    """Run one job in a fresh `docker run --rm -i` of the image; return its wall time."""
    job = call_job(solution, "softmax", [{"args": [[1.0, 2.0, 3.0]], "kwargs": {}}] * 17,
                   "solution.py", [1000] * 17)
    body = json.dumps({"job": job, "limits": asdict(Limits())}).encode()
    frames = BOX.JOB.pack(len(body)) + body + BOX.JOB.pack(0)
    started = time.perf_counter()
    done = subprocess.run(["docker", "run", "--rm", "-i", "--network", "none", "--user", "0:0",
                           "--cap-drop", "ALL", "--cap-add", "SETUID", "--cap-add", "SETGID",
                           image, "30"], input=frames, capture_output=True, check=True)
    assert b'{"event": "end"}\n' in done.stdout and b'"exit_code": 0' in done.stdout
    return time.perf_counter() - started


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user and system) a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def grading_processes(pid: int) -> list[int]:
    """Return the `arena grader` processes `arena serve` (`pid`) started."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid and \
                    b"grader" in (stat.parent / "cmdline").read_bytes():
                found.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def cpu_split(server: Server) -> tuple[float, float]:
    """Return the CPU seconds so far of `arena serve` and of its grading processes."""
    return (cpu_seconds(server.process.pid),
            sum(cpu_seconds(p) for p in grading_processes(server.process.pid)))


def class_curve(server: Server, clients_list: list[int], runs: int, bare: float) -> list[dict]:
    """Run the class's mix at each number of clients (each its own learner, cycling through
    CLASS_MIX from its own place); return a row of figures per number of clients."""
    learners = Learners(server, max(clients_list))
    mix = [(slug, path.read_text(encoding="utf-8")) for slug, path in CLASS_MIX]
    turns = itertools.count()
    for slug, code in mix:  # warm-up: each challenge's prepared data read once
        ArenaClient(server.url, learners.tokens[0]).grade(slug, code)
    rows = []
    for clients in clients_list:
        total = max(runs, 2 * clients)
        times: dict[str, list[float]] = {"client": [], "server": []}
        serve_cpu, graders_cpu = cpu_split(server)
        before = (serve_cpu, machine_busy())
        started = time.perf_counter()
        row = measure(partial(_one_of_the_class, server, learners, mix, turns, times), total,
                      clients, latency=False)
        serve_share, machine = busy_shares(server, before, started)
        serve_after, graders_after = cpu_split(server)
        rows.append({"clients": clients, "runs": total, "throughput": row["throughput"],
                     "client": _quantiles(times["client"]),
                     "server": _quantiles(times["server"]), "bare": bare,
                     "serve_cpu": (serve_after - serve_cpu) / total,
                     "graders_cpu": (graders_after - graders_cpu) / total,
                     "serve_share": serve_share, "machine": machine})
    return rows


def _one_of_the_class(server: Server, learners: Learners, mix: list, turns, times: dict) -> float:
    """Submit the mix's next solution as the calling client's learner; note the client's and
    the server's submit-to-verdict seconds in `times` (appends are atomic); return the first."""
    slug, code = mix[next(turns) % len(mix)]
    started = time.perf_counter()
    body = ArenaClient(server.url, learners.bearer()).grade(slug, code)
    took = time.perf_counter() - started
    assert body["verdict"] == "accepted", (slug, body.get("verdict"), body.get("message"))
    made = datetime.fromisoformat(body["created_at"])
    times["client"].append(took)
    times["server"].append((datetime.fromisoformat(body["finished_at"]) - made).total_seconds())
    return took


def _quantiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[max(0, int(round(0.95 * len(ordered))) - 1)]


def render_class(rows: list[dict], config: str, processes: str) -> str:
    """Write the class curve as Markdown."""
    lines = ["| clients | submissions | accepted/s | client p50 / p95 (ms) | p50 / bare, p95 / "
             "bare | server p50 / p95 (ms) | CPU per submission: `arena serve` / graders (ms) | "
             "`arena serve` busy, of one core | machine busy |", "|---|---|---|---|---|---|---|"
             "---|---|"]
    for row in rows:
        (c50, c95), (s50, s95), bare = row["client"], row["server"], row["bare"]
        lines.append(f"| {row['clients']} | {row['runs']} | {row['throughput']:.1f} | "
                     f"{c50 * 1000:.1f} / {c95 * 1000:.1f} | {c50 / bare:.3f}, {c95 / bare:.3f} | "
                     f"{s50 * 1000:.1f} / {s95 * 1000:.1f} | {row['serve_cpu'] * 1000:.1f} / "
                     f"{row['graders_cpu'] * 1000:.1f} | {row['serve_share']:.0%} | "
                     f"{row['machine']:.0%} |")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Linux {platform.release()}"
    mix = ", ".join(f"{slug}/{path.name}" for slug, path in CLASS_MIX)
    return (f"Measured {time.strftime('%Y-%m-%d')} on {machine}; a class on {config} "
            f"(ARENA_GRADING_PROCESSES={processes}); "
            f"the mix: {mix}; bare `docker run` median {rows[0]['bare'] * 1000:.1f} ms.\n\n"
            + "\n".join(lines) + "\n")


def machine_busy() -> tuple[int, int]:
    """Return the machine's busy and total CPU ticks so far, every core (from /proc/stat)."""
    ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)  # idle and iowait are not busy


def busy_shares(server: Server, before: tuple, started: float) -> tuple[float, float]:
    """Return how busy `arena serve` (of one core) and the machine (of all) were since."""
    cpu, (busy, total) = before
    wall = time.perf_counter() - started
    now_busy, now_total = machine_busy()
    return ((cpu_seconds(server.process.pid) - cpu) / wall,
            (now_busy - busy) / max(1, now_total - total))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--curve", default="1,4,16,64", help="clients for the throughput curve")
    parser.add_argument("--solution", type=Path, default=REFERENCE,
                        help="a correct softmax to submit (default: the reference)")
    parser.add_argument("--config", action="append", choices=[*CONFIGS, "none"],
                        help="a configuration to measure (repeatable; default: all of them; "
                             "none: the bare `docker run` alone)")
    parser.add_argument("--image", default=image_tag(),
                        help="the image of the bare `docker run` (default: the sandbox image)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--class-curve", help="clients of the class workload, e.g. 1,4,16,64,256")
    parser.add_argument("--grading-processes", type=int,
                        help="ARENA_GRADING_PROCESSES of the class's server (default: its own)")
    args = parser.parse_args()
    solution = args.solution.read_text(encoding="utf-8")
    rows = {BARE: measure(lambda: bare_docker_run(args.image, solution), args.runs,
                          args.clients)}
    if args.class_curve:
        config = (args.config or [POOLED])[0]
        with tempfile.TemporaryDirectory() as folder:
            processes = ({} if args.grading_processes is None else
                         {"ARENA_GRADING_PROCESSES": str(args.grading_processes)})
            server = Server(folder, {**MANY_PENDING, **CONFIGS[config], **processes})
            try:
                report = render_class(class_curve(
                    server, [int(c) for c in args.class_curve.split(",")], args.runs,
                    rows[BARE]["median"]), config,
                    processes.get("ARENA_GRADING_PROCESSES", "default"))
            finally:
                server.stop()
        print(report)
        if args.out:
            args.out.write_text(report, encoding="utf-8")
        return
    curve = {}
    for name in [c for c in args.config or CONFIGS if c != "none"]:
        env = CONFIGS[name]
        with tempfile.TemporaryDirectory() as folder:
            server = Server(folder, {**MANY_PENDING, **env})
            try:
                most = max(args.clients, *(int(c) for c in args.curve.split(",")))
                learners = Learners(server, most if name == POOLED else args.clients)
                for _ in range(3):
                    submit_and_time(server, learners, solution)  # warm-up
                cpu = cpu_seconds(server.process.pid)
                rows[name] = measure(partial(submit_and_time, server, learners, solution),
                                     args.runs, args.clients)
                rows[name]["cpu"] = (cpu_seconds(server.process.pid) - cpu) / (2 * args.runs)
                if name == POOLED:
                    for clients in (int(c) for c in args.curve.split(",")):
                        runs = max(args.runs, 4 * clients)
                        before = (cpu_seconds(server.process.pid), machine_busy())
                        started = time.perf_counter()
                        curve[clients] = measure(
                            partial(submit_and_time, server, learners, solution), runs, clients,
                            latency=False)
                        curve[clients]["shares"] = busy_shares(server, before, started)
            finally:
                server.stop()
    report = render(rows, curve, args)
    print(report)
    if args.out:
        args.out.write_text(report, encoding="utf-8")


def render(rows: dict, curve: dict, args) -> str:
    """Write the table, the ratios and the curve as Markdown."""
    bare = rows[BARE]["median"]
    lines = [
        "| configuration | median (ms) | p95 (ms) | accepted/s with "
        f"{args.clients} clients | median / bare median | p95 / bare median | "
        "`arena serve` CPU per submission (ms) |", "|---|---|---|---|---|---|---|"]
    for name, row in rows.items():
        cpu = f"{row['cpu'] * 1000:.1f}" if "cpu" in row else "-"
        lines.append(f"| {name} | {row['median'] * 1000:.1f} | {row['p95'] * 1000:.1f} | "
                     f"{row['throughput']:.1f} | {row['median'] / bare:.3f} | "
                     f"{row['p95'] / bare:.3f} | {cpu} |")
    lines += ["", f"{POOLED}: throughput against concurrent clients", "",
              "| clients | submissions | accepted/s | `arena serve` busy, of one core | "
              "machine busy, of all cores |", "|---|---|---|---|---|"] if curve else []
    for clients, row in curve.items():
        server, machine = row["shares"]
        lines.append(f"| {clients} | {row['runs']} | {row['throughput']:.1f} | "
                     f"{server:.0%} | {machine:.0%} |")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Linux {platform.release()}"
    return (f"Measured {time.strftime('%Y-%m-%d')} on {machine}; {args.runs} submissions per "
            f"row, `softmax` solution {args.solution.name} (17 tests), bare image "
            f"{args.image}.\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
