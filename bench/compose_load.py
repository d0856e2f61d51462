"""Load on the team server as docker-compose.yml runs it: learners through the proxy.

    .venv/bin/python bench/compose_load.py [--clients 50] [--submissions 600]
        [--configs 2x2,2x1] [--out FILE] [--json FILE]

Brings up the compose stack of tests/compose (docker-compose.yml on the Debian-built bases
of docker/compose.debian.yml, a project of its own on a free loopback port, the per-user
intake limits lifted: every client submits again as soon as it has its verdict), and for each
configuration WEBSxWORKERS scales `web` and `worker` to it, grades a few of each challenge
and waits until the workers have prepared the whole catalog (nothing queued or running).
Then `--clients` threads, each a learner with an account and token of its own, share
`--submissions` submissions (bench/load.py's mix: four challenges, every third solution
wrong). Each client is `arena submit`: arena.client's `send` (a POST under a new
Idempotency-Key) then `wait` (reads that wait on the server for the verdict, up to
ARENA_READ_WAIT_SECONDS).

Reported per configuration: verdicts per second over the run, POST latency (request sent to
answer read, on the client) over all POSTs and over all but each client's first (the clients
start together, so their first POSTs arrive as one burst; the rest are the steady load), and
submit-to-verdict p50/p95/max, the machine's load average;
checked: every answer was a submission id of its own and every verdict the expected one (a
correct solution accepted, a wrong one not). A failed check makes the bench exit 1.
The stack is taken down (with its volumes and its workers' sandboxes) at the end.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from live_server import NO_INTAKE_LIMITS, ROOT, jobs_in_hand, wait_until
from load import percentile, plan

from arena.client import ArenaClient

sys.path.insert(0, str(ROOT))
from tests.compose.stack import FILES, Stack, compose_program, run  # noqa: E402

ACCOUNTS = '''import sys
from arena import create_app
from arena.services.users import create_token, create_user
app = create_app()
with app.app_context():
    for name in sys.argv[1:]:
        create_user(name, "student")
        print(create_token(name))
'''


@dataclass
class Result:
    """What one client saw of one submission."""

    correct: bool
    first: bool  # the client's first: all clients send theirs at the same instant
    post: float = 0.0  # seconds from the POST sent to its answer read
    verdict_after: float = 0.0  # seconds from the POST sent to the verdict read
    id: int | None = None
    verdict: str | None = None
    error: str | None = None


@dataclass
class Run:
    """One configuration's submissions, handed out to the clients in order."""

    todo: list[tuple[str, str, bool]]
    results: list[Result] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self) -> tuple[str, str, bool] | None:
        with self.lock:
            return self.todo.pop(0) if self.todo else None

    def client(self, url: str, token: str) -> None:
        """One learner, as `arena submit`: send, wait for the verdict, and again."""
        api = ArenaClient(url, token, timeout=600)
        first = True
        while (job := self.take()) is not None:
            slug, code, correct = job
            result, first = Result(correct, first), False
            started = time.monotonic()
            try:
                answer = api.send(slug, code)
                result.post = time.monotonic() - started
                result.id = answer["id"]
                done = api.wait(answer)
                result.verdict_after = time.monotonic() - started
                if "verdict" not in done:
                    raise ValueError(f"a finished submission without a verdict: {done}")
                result.verdict = done["verdict"]
            except Exception as exc:  # noqa: BLE001 - recorded, and the run fails its check
                result.error = f"{type(exc).__name__}: {exc}"
            with self.lock:
                self.results.append(result)


def accounts(stack: Stack, names: list[str]) -> list[str]:
    """Create students and a token each, in one process of a web container."""
    out = stack.compose("exec", "-T", "web", "python", "-c", ACCOUNTS, *names, timeout=300)
    tokens = out.split()
    assert len(tokens) == len(names), out
    return tokens


def drive(stack: Stack, tokens: list[str], count: int) -> dict:
    """Send `count` submissions from one client per token; return the figures and problems."""
    load = Run(plan(count))
    threads = [threading.Thread(target=load.client, args=(stack.url, token)) for token in tokens]
    load_before = os.getloadavg()[0]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - started
    done = [r for r in load.results if r.error is None]
    problems = [r.error for r in load.results if r.error][:10]
    ids = [r.id for r in load.results if r.id is not None]
    if len(ids) != len(set(ids)):
        problems.append("the API gave one submission id to two POSTs")
    wrong = [r for r in done if (r.verdict == "accepted") != r.correct]
    if wrong:
        problems.append(f"{len(wrong)} unexpected verdicts, e.g. {wrong[0]}")
    posts, verdicts = [r.post for r in done], [r.verdict_after for r in done]
    steady = [r.post for r in done if not r.first] or [math.nan]  # none: no figure, not 0
    return {"submissions": len(load.results), "graded": len(done), "wall": wall,
            "per_second": len(done) / wall,
            "post_ms": [1000 * percentile(posts, q) for q in (0.5, 0.95)] + [1000 * max(posts)],
            "steady_post_ms": [1000 * percentile(steady, q) for q in (0.5, 0.95)],
            "verdict_s": [percentile(verdicts, q) for q in (0.5, 0.95)] + [max(verdicts)],
            "loadavg": (load_before, os.getloadavg()[0]), "problems": problems}


def configuration(stack: Stack, webs: int, workers: int, args, tokens: list[str]) -> dict:
    """Scale the stack, warm it (every challenge of the mix graded, the whole catalog
    prepared: no job queued or running), then drive the load."""
    stack.up("--scale", f"web={webs}", "--scale", f"worker={workers}")
    warm = drive(stack, tokens[:workers * 2], workers * 2 * 4)
    if warm["problems"]:
        raise SystemExit(f"the warm-up failed: {warm['problems']}")
    wait_until(lambda: not jobs_in_hand(stack.url), 1800, "the catalog prepared", every=2)
    figures = drive(stack, tokens, args.submissions)
    return {"webs": webs, "workers": workers, **figures}


def report(rows: list[dict], args) -> str:
    lines = [f"{platform.node()}, {os.cpu_count()} cores; {args.clients} clients, "
             f"{args.submissions} submissions per configuration (every third wrong), through "
             "the compose proxy", "",
             "| web x worker | verdicts/s | POST p50 / p95 / max (ms) | POST p50 / p95 after "
             "each client's first (ms) | submit to verdict p50 / p95 / max (s) | load avg "
             "before, after | check |", "|---|---|---|---|---|---|---|"]
    for row in rows:
        post, verdict = row["post_ms"], row["verdict_s"]
        lines.append(
            f"| {row['webs']} x {row['workers']} | {row['per_second']:.1f} | "
            f"{post[0]:.0f} / {post[1]:.0f} / {post[2]:.0f} | "
            f"{row['steady_post_ms'][0]:.0f} / {row['steady_post_ms'][1]:.0f} | "
            f"{verdict[0]:.2f} / {verdict[1]:.2f} / {verdict[2]:.2f} | "
            f"{row['loadavg'][0]:.1f}, {row['loadavg'][1]:.1f} | "
            f"{'ok' if not row['problems'] else '; '.join(row['problems'])} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--submissions", type=int, default=600)
    parser.add_argument("--configs", default="2x2,2x1",
                        help="WEBSxWORKERS, comma-separated (each worker grades 2 at once)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    configs = [tuple(int(n) for n in c.split("x")) for c in args.configs.split(",")]
    stack = Stack(compose_program())
    stack.env.update(NO_INTAKE_LIMITS)
    rows = []
    try:
        stack.build()
        stack.up("--scale", "worker=1")
        tokens = accounts(stack, [f"load-{i}" for i in range(args.clients)])
        for webs, workers in configs:
            rows.append(configuration(stack, webs, workers, args, tokens))
            print(report(rows[-1:], args), flush=True)
    finally:
        stack.note_workers()
        run([*stack.program, "-p", stack.project, *FILES, "down", "-v", "--remove-orphans",
             "--timeout", "10"], timeout=300, check=False, env=stack.env)
        for cid in stack.leftovers().get("sandboxes", []):
            run(["docker", "rm", "-f", cid], check=False)
    text = report(rows, args)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    if any(row["problems"] for row in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
