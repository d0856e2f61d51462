"""Load on the distributed queue: concurrent learners through the HTTP API, 1, 2 and 4 workers.

    .venv/bin/python bench/load.py [--clients 50] [--submissions 1000] [--workers 1,2,4]
        [--concurrency 1] [--webs 2] [--sandbox process|docker] [--poll 0.1]
        [--database-url URL] [--redis-url URL] [--out FILE] [--json FILE]

The distributed setup on this machine: a PostgreSQL cluster and a redis-server of the bench's
own on free ports (or the ones --database-url and --redis-url name; never a database called
`test`), `--webs` `arena serve` processes (ARENA_QUEUE=distributed) and, per configuration,
N `arena worker --concurrency C` processes. The catalog is prepared once, by the first
configuration's workers, before any clock starts.

Per configuration, `--clients` threads, each a learner of its own with its own token, share
`--submissions` submissions: a mix of correct and wrong solutions of four challenges (the
reference of challenges/<slug>/reference.py, or it with one thing changed). A client posts one,
polls it every `--poll` seconds until it is done, then takes the next. Measured per
submission: submit-to-verdict on the client (from the POST to the poll that sees `done`),
queue wait (`started_at - created_at`) and grading (`finished_at - started_at`), both read from
the database (the API shows neither `started_at` nor `attempt`); per configuration, verdicts
per second over the run and the CPU time each tier spent (from /proc).

Then checked from the database: none lost (every submission the clients sent is there and
`done`, no other row), none duplicated (each submission's test rows equal its `total`, one per
position, no replaced verdict in its history), the `attempt` distribution, every correct
solution accepted and every wrong one not, and the workers' lease expiries (their log's
"requeued N jobs"). A configuration that fails a check is reported, and the bench exits 1.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import redis
import requests
from live_server import (
    NO_INTAKE_LIMITS,
    ROOT,
    LiveServer,
    Worker,
    environment,
    free_port,
    student_tokens,
    wait_until,
)
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from arena.config import database_url

#: slug -> (the text changed in the reference, what it becomes): a wrong solution each.
BUGS = {
    "softmax": ("math.exp(x - top)", "math.exp(2 * (x - top))"),
    "scaled-dot-product-attention": ("scale = math.sqrt(len(Q[0]))", "scale = 1.0"),
    "causal-attention": ("K[: i + 1]", "K[: i + 2]"),
    "layer-norm": ("np.sqrt(var + eps)", "np.sqrt(var + 1.0)"),
}
WRONG_EVERY = 3  # every third submission is wrong
TICK = os.sysconf("SC_CLK_TCK")
SERVICE_SECONDS = 120


def solutions() -> list[tuple[str, str, bool]]:
    """Return (slug, code, correct) for each challenge's reference and its broken copy."""
    found = []
    for slug, (old, new) in BUGS.items():
        reference = (ROOT / "challenges" / slug / "reference.py").read_text(encoding="utf-8")
        if old not in reference:
            raise SystemExit(f"challenges/{slug}/reference.py no longer contains {old!r}")
        found += [(slug, reference, True), (slug, reference.replace(old, new, 1), False)]
    return found


def plan(count: int) -> list[tuple[str, str, bool]]:
    """The run's submissions in order: challenges in turn, every WRONG_EVERY-th one wrong."""
    known = solutions()
    return [known[2 * (k % len(BUGS)) + (k % WRONG_EVERY == 0)] for k in range(count)]


# ---------------------------------------------------------------- PostgreSQL and Redis

def _as_postgres(*command: str) -> subprocess.CompletedProcess:
    """Run a PostgreSQL tool as the `postgres` account when we are root (initdb refuses root)."""
    if os.geteuid() == 0:
        command = ("runuser", "-u", "postgres", "--", *command)
    return subprocess.run(command, capture_output=True, text=True, timeout=SERVICE_SECONDS,
                          check=True)


class Postgres:
    """A PostgreSQL cluster of the bench's own in `folder`, on a free port, trust auth."""

    def __init__(self, folder: Path) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not found:
            raise SystemExit("no PostgreSQL server binaries: apt-get install postgresql, "
                             "or pass --database-url")
        self.bin, self.data, self.port = Path(found[-1]).parent, folder / "pgdata", free_port()
        folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
        _as_postgres(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust",
                     "-U", "postgres")
        _as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-l",
                     str(self.data / "log"), "-o", f"-p {self.port} -k /tmp -c "
                     "listen_addresses=127.0.0.1 -c max_connections=200", "start")
        _as_postgres(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                     "-U", "postgres", "arena_load")
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/arena_load"

    def pids(self) -> list[int]:
        """The postmaster and its children."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        return [postmaster, *children(postmaster)]

    def stop(self) -> None:
        _as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-m", "fast", "stop")


class Redis:
    """A redis-server of the bench's own on a free port, keeping nothing on disk."""

    def __init__(self) -> None:
        if shutil.which("redis-server") is None:
            raise SystemExit("no redis-server: apt-get install redis-server, or pass --redis-url")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL)
        wait_until(lambda: subprocess.run(["redis-cli", "-p", str(self.port), "ping"],
                                          capture_output=True).returncode == 0, 20, "redis")

    def pids(self) -> list[int]:
        return [self.process.pid]

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


# ---------------------------------------------------------------- CPU time from /proc

def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` now."""
    found = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            fields = Path(stat).read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.split("/")[2]))
    return found


def cpu_seconds(pids: list[int]) -> float:
    """User and system time of these processes and of their waited-for descendants."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone: its time is in its parent's children's time
        total += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return total / TICK


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine spent busy (all cores), from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values[:8]) - idle) / TICK


# ---------------------------------------------------------------- the stack

class Stack:
    """The web processes on one database and one Redis, and the workers of one configuration."""

    def __init__(self, env: dict[str, str], folder: Path, webs: int, services: dict) -> None:
        self.env, self.folder, self.services = env, folder, services
        self.webs = [LiveServer(env) for _ in range(webs)]
        self.workers: list[tuple[Worker, Path]] = []
        self.logs: list = []
        self.webs[0].upgrade()  # once, before any web process starts (none migrates)
        for i, web in enumerate(self.webs):
            web.start(self._log(f"web-{i}.log"), seconds=120)

    def _log(self, name: str):
        log = open(self.folder / name, "wb")  # closed in stop()
        self.logs.append(log)
        return log

    def start_workers(self, count: int, concurrency: int, tag: str) -> None:
        """Start `count` workers and wait until each says it is ready."""
        for i in range(count):
            path = self.folder / f"worker-{tag}-{i}.log"
            self.workers.append((Worker(self.env, concurrency, self._log(path.name)), path))
        wait_until(lambda: all(" ready." in path.read_text(errors="replace")
                               for _, path in self.workers), 120, "every worker ready")

    def stop_workers(self) -> None:
        for worker, _ in self.workers:
            worker.stop()
        self.workers = []

    def tokens(self, usernames: list[str]) -> list[str]:
        """Create students and a token each."""
        return student_tokens(self.env, usernames)

    def stop(self) -> None:
        self.stop_workers()
        for web in self.webs:
            web.stop()
        for log in self.logs:
            log.close()


# ---------------------------------------------------------------- the clients

@dataclass
class Sent:
    """What a client saw of one submission."""

    index: int
    slug: str
    correct: bool
    id: int | None = None
    verdict: str | None = None
    seconds: float | None = None  # POST sent to `done` seen
    started: float = 0.0
    ended: float = 0.0
    polls: int = 0
    error: str | None = None


@dataclass
class Load:
    """One configuration's run: the submissions still to send, and what came back."""

    todo: list[tuple[str, str, bool]]
    poll: float
    timeout: float
    sent: list[Sent] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    next: int = 0

    def take(self) -> int | None:
        with self.lock:
            if self.next >= len(self.todo):
                return None
            self.next += 1
            return self.next - 1

    def client(self, base: str, token: str) -> None:
        """One learner: submit, poll until done, and again, until nothing is left."""
        api = requests.Session()
        api.headers["Authorization"] = f"Bearer {token}"
        while (index := self.take()) is not None:
            slug, code, correct = self.todo[index]
            sent = Sent(index, slug, correct, started=time.monotonic())
            try:
                answer = api.post(f"{base}/api/v1/challenges/{slug}/submissions",
                                  json={"code": code}, timeout=60)
                if answer.status_code != 202:
                    raise RuntimeError(f"POST answered {answer.status_code}: {answer.text[:200]}")
                sent.id, url = answer.json()["id"], answer.json()["url"]
                while True:
                    time.sleep(self.poll)
                    sent.polls += 1
                    shown = api.get(base + url, timeout=60)
                    if shown.status_code != 200:
                        raise RuntimeError(f"GET answered {shown.status_code}")
                    body = shown.json()
                    if body["status"] == "done":
                        sent.verdict = body["verdict"]
                        break
                    if time.monotonic() - sent.started > self.timeout:
                        raise TimeoutError(f"not done within {self.timeout:g} s")
                sent.ended = time.monotonic()
                sent.seconds = sent.ended - sent.started
            except Exception as exc:  # noqa: BLE001 - recorded, and counted as lost
                sent.error = f"{type(exc).__name__}: {exc}"
            with self.lock:
                self.sent.append(sent)


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (as bench/measure.py), nan for no values."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[max(0, int(round(share * len(ordered))) - 1)]


# ---------------------------------------------------------------- one configuration

ROWS = text("""
    SELECT s.id, s.status, s.verdict, s.attempt, s.total, s.kind,
           s.created_at, s.started_at, s.finished_at,
           (SELECT count(*) FROM test_result t WHERE t.submission_id = s.id) AS test_rows,
           (SELECT count(DISTINCT t.position) FROM test_result t
             WHERE t.submission_id = s.id) AS positions,
           (SELECT count(*) FROM submission_grade g WHERE g.submission_id = s.id) AS replaced
    FROM submission s JOIN user_account u ON u.id = s.user_id
    WHERE u.username LIKE :prefix
""")


def run(stack: Stack, engine, redis_url: str, args, workers: int, tag: str) -> dict:
    """Start `workers` workers, drive the load, check the database; return the figures."""
    stack.start_workers(workers, args.concurrency, tag)
    try:
        names = [f"{tag}-c{i}" for i in range(args.clients)]
        tokens = stack.tokens(names)
        warm = Load(plan(workers * args.concurrency), args.poll, args.timeout)
        warmers = [threading.Thread(target=warm.client, args=(stack.webs[0].url, tokens[0]))
                   for _ in range(workers * args.concurrency)]
        for thread in warmers:
            thread.start()
        for thread in warmers:
            thread.join()
        warm_ids = {s.id for s in warm.sent}
        if any(s.error for s in warm.sent):
            raise RuntimeError(f"warm-up failed: {[s.error for s in warm.sent if s.error]}")

        load = Load(plan(args.submissions), args.poll, args.timeout)
        pids = {"workers": [w.process.pid for w, _ in stack.workers],
                "web": [w.process.pid for w in stack.webs],
                "postgres": stack.services["postgres"](), "redis": stack.services["redis"]()}
        cpu_before = {tier: cpu_seconds(p) for tier, p in pids.items()}
        busy_before, load_before = machine_busy_seconds(), os.getloadavg()
        clients = [threading.Thread(target=load.client,
                                    args=(stack.webs[i % len(stack.webs)].url, tokens[i]))
                   for i in range(args.clients)]
        started = time.monotonic()
        for thread in clients:
            thread.start()
        for thread in clients:
            thread.join()
        wall = time.monotonic() - started
        pids["postgres"] = stack.services["postgres"]()  # backends may have come and gone
        cpu = {tier: cpu_seconds(p) - cpu_before[tier] for tier, p in pids.items()}
        busy, load_after = machine_busy_seconds() - busy_before, os.getloadavg()
        waiting = {queue: redis.Redis.from_url(redis_url).llen(queue)
                   for queue in ("grading", "background")}
    finally:
        logs = [path for _, path in stack.workers]
        stack.stop_workers()
    return check(engine, load, warm_ids, tag, workers, logs, {
        "wall": wall, "cpu": cpu, "busy": busy, "waiting": waiting,
        "loadavg": (load_before[0], load_after[0])})


def check(engine, load: Load, warm_ids: set, tag: str, workers: int, logs: list[Path],
          figures: dict) -> dict:
    """Read the run's rows back and check that none is lost or duplicated."""
    with engine.connect() as connection:
        rows = [row._asdict() for row in connection.execute(ROWS, {"prefix": f"{tag}-%"})]
    rows = [row for row in rows if row["id"] not in warm_ids]
    by_id = {row["id"]: row for row in rows}
    sent = load.sent
    problems = []
    errors = [s for s in sent if s.error]
    for s in errors:
        problems.append(f"submission #{s.index} (id {s.id}, {s.slug}): {s.error}")
    sent_ids = [s.id for s in sent if s.id is not None]
    if len(sent_ids) != len(set(sent_ids)):
        problems.append(f"the API gave the same id twice: {Counter(sent_ids).most_common(3)}")
    missing = set(sent_ids) - set(by_id)
    extra = set(by_id) - set(sent_ids)
    if missing:
        problems.append(f"{len(missing)} submissions the API answered 202 for are not in the "
                        f"database: {sorted(missing)[:20]}")
    if extra:
        problems.append(f"{len(extra)} rows no client sent: {sorted(extra)[:20]}")
    not_done = [row for row in rows if row["status"] != "done"]
    if not_done:
        problems.append(f"{len(not_done)} rows not done: "
                        f"{[(r['id'], r['status']) for r in not_done[:20]]}")
    duplicated = [row for row in rows if row["test_rows"] != row["total"]
                  or row["positions"] != row["test_rows"] or row["replaced"]]
    if duplicated:
        shown = [(r["id"], r["total"], r["test_rows"], r["positions"], r["replaced"])
                 for r in duplicated[:20]]
        problems.append(f"{len(duplicated)} rows graded more than once or partly "
                        f"(id, total, test rows, positions, replaced verdicts): {shown}")
    if len(rows) != len(load.todo):
        problems.append(f"{len(rows)} rows in the database for {len(load.todo)} submissions")
    wrongly = [s for s in sent if s.verdict and (s.verdict == "accepted") != s.correct]
    if wrongly:
        problems.append(f"{len(wrongly)} verdicts against expectation: "
                        f"{Counter((s.slug, s.correct, s.verdict) for s in wrongly)}")
    for s in sent:
        row = by_id.get(s.id)
        if row and s.verdict and row["verdict"] != s.verdict:
            problems.append(f"id {s.id}: the client saw {s.verdict}, the row says "
                            f"{row['verdict']}")
    logged = [path.read_text(errors="replace") for path in logs]
    requeued = sum(int(line.split("requeued ")[1].split()[0])
                   for text_ in logged for line in text_.splitlines()
                   if "renewing its lease" in line)
    failures = sum(text_.count("grading failed") for text_ in logged)

    done = [s for s in sent if s.seconds is not None]
    graded = [r for r in rows if r["started_at"] and r["finished_at"]]
    first = min((s.started for s in sent), default=0.0)
    last = max((s.ended for s in done), default=0.0)
    return {
        "workers": workers, "submissions": len(load.todo), "done": len(done),
        "throughput": len(done) / (last - first) if last > first else float("nan"),
        "latency": [s.seconds for s in done],
        "wait": [(r["started_at"] - r["created_at"]).total_seconds() for r in graded],
        "grading": [(r["finished_at"] - r["started_at"]).total_seconds() for r in graded],
        "attempts": dict(sorted(Counter(r["attempt"] for r in rows).items())),
        "verdicts": dict(Counter(r["verdict"] for r in rows).most_common()),
        "internal_errors": sum(r["verdict"] == "internal_error" for r in rows),
        "lost": len(errors) + len(missing) + len(not_done),
        "duplicated": len(duplicated) + len(extra),
        "requeued": requeued, "grading_failed": failures,
        "polls": sum(s.polls for s in sent), "problems": problems, **figures,
    }


# ---------------------------------------------------------------- the report

def render(results: list[dict], args, machine: str) -> str:
    """The table, one row per configuration, and the checks."""
    ms = 1000
    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {machine}; {args.clients} clients, "
        f"{args.submissions} submissions per configuration ({len(BUGS)} challenges, every "
        f"{WRONG_EVERY}rd wrong), {args.webs} web processes, `--concurrency "
        f"{args.concurrency}` per worker, {args.sandbox} sandbox, polling every "
        f"{args.poll * ms:g} ms."
        + (" Worker CPU leaves out the containers (the engine's children, not the worker's)."
           if args.sandbox == "docker" else ""), "",
        "| workers | verdicts/s | submit-to-verdict p50 / p95 (ms) | queue wait p50 / p95 (ms) "
        "| grading p50 / p95 (ms) | lost | duplicated | attempts | lease expiries | "
        "worker CPU s per verdict | web CPU s per verdict | machine busy (cores) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        def pair(values: list[float]) -> str:
            return f"{percentile(values, .5) * ms:.0f} / {percentile(values, .95) * ms:.0f}"

        done = max(r["done"], 1)
        attempts = ", ".join(f"{n}: {c}" for n, c in r["attempts"].items())
        lines.append(
            f"| {r['workers']} | {r['throughput']:.2f} | {pair(r['latency'])} | "
            f"{pair(r['wait'])} | {pair(r['grading'])} | {r['lost']} | {r['duplicated']} | "
            f"{attempts} | {r['requeued']} | {r['cpu']['workers'] / done:.3f} | "
            f"{r['cpu']['web'] / done:.3f} | {r['busy'] / r['wall']:.2f} |")
    lines.append("")
    for r in results:
        lines.append(
            f"- {r['workers']} worker(s): {r['done']}/{r['submissions']} verdicts in "
            f"{r['wall']:.1f} s; verdicts {r['verdicts']}; {r['internal_errors']} "
            f"internal_error; {r['grading_failed']} 'grading failed' in the worker logs; "
            f"CPU s (workers {r['cpu']['workers']:.1f}, web {r['cpu']['web']:.1f}, PostgreSQL "
            f"{r['cpu']['postgres']:.1f}, Redis {r['cpu']['redis']:.1f}; machine "
            f"{r['busy']:.1f}); {r['polls']} polls; Redis lists after: {r['waiting']}; "
            f"load average {r['loadavg'][0]:.1f} before, {r['loadavg'][1]:.1f} after; "
            + ("checks passed" if not r["problems"] else
               "PROBLEMS: " + "; ".join(r["problems"][:30])))
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--submissions", type=int, default=1000)
    parser.add_argument("--workers", default="1,2,4", help="worker counts to run, in turn")
    parser.add_argument("--concurrency", type=int, default=1, help="threads per worker")
    parser.add_argument("--webs", type=int, default=2, help="`arena serve` processes")
    parser.add_argument("--sandbox", choices=("process", "docker"), default="process")
    parser.add_argument("--sandbox-base", help="ARENA_SANDBOX_BASE, if the image is built")
    parser.add_argument("--pool-size", type=int, help="ARENA_POOL_SIZE per worker (docker)")
    parser.add_argument("--poll", type=float, default=0.1, help="seconds between polls")
    parser.add_argument("--timeout", type=float, default=1800,
                        help="seconds a submission may take before it counts as lost")
    parser.add_argument("--database-url", help="PostgreSQL to use instead of a private cluster")
    parser.add_argument("--redis-url", help="Redis to use instead of a private redis-server")
    parser.add_argument("--out", type=Path, help="write the Markdown report here too")
    parser.add_argument("--json", type=Path, help="write every measurement here")
    args = parser.parse_args()
    counts = [int(n) for n in args.workers.split(",")]
    if args.database_url and make_url(database_url(args.database_url)).database == "test":
        raise SystemExit("not the database `test`: the test suite empties it")

    folder = Path(tempfile.mkdtemp(prefix="arena-load-"))
    folder.chmod(0o755)
    postgres = redis_server = stack = None
    results = []
    try:
        if not args.database_url:
            postgres = Postgres(folder / "pg")
        if not args.redis_url:
            redis_server = Redis()
        db_url = args.database_url or postgres.url
        redis_url = args.redis_url or redis_server.url
        settings = {"ARENA_DATA_DIR": str(folder / "data"), "ARENA_DATABASE_URL": db_url,
                    "ARENA_QUEUE": "distributed", "ARENA_REDIS_URL": redis_url,
                    "ARENA_SANDBOX": args.sandbox, "ARENA_SECRET_KEY": uuid.uuid4().hex,
                    **NO_INTAKE_LIMITS}
        if args.sandbox_base:
            settings["ARENA_SANDBOX_BASE"] = args.sandbox_base
        if args.pool_size is not None:
            settings["ARENA_POOL_SIZE"] = str(args.pool_size)
        stack = Stack(environment(**settings), folder, args.webs,
                      {"postgres": postgres.pids if postgres else list,
                       "redis": redis_server.pids if redis_server else list})
        engine = create_engine(database_url(db_url))
        run_id = uuid.uuid4().hex[:6]

        # The catalog is prepared once, by workers, before any clock starts.
        stack.start_workers(counts[0], args.concurrency, f"load-{run_id}-prepare")
        stack.webs[0].wait_prepared(900)
        stack.stop_workers()

        for workers in counts:
            tag = f"load-{run_id}-w{workers}"
            print(f"{workers} worker(s): {args.submissions} submissions from {args.clients} "
                  "clients ...", file=sys.stderr, flush=True)
            results.append(run(stack, engine, redis_url, args, workers, tag))
            print(render(results[-1:], args, "")[-400:], file=sys.stderr, flush=True)
        engine.dispose()
    finally:
        if stack:
            stack.stop()
        if redis_server:
            redis_server.stop()
        if postgres:
            postgres.stop()
        print(f"logs kept in {folder}", file=sys.stderr)
        shutil.rmtree(folder / "pg", ignore_errors=True)

    machine = (f"{platform.machine()}, {os.cpu_count()} cores, "
               f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB, "
               f"Linux {platform.release()}")
    report = render(results, args, machine)
    command = " ".join(shlex.quote(a) for a in [".venv/bin/python", "bench/load.py",
                                                *sys.argv[1:]])
    report = f"```sh\n{command}\n```\n\n" + report
    print(report)
    if args.out:
        args.out.write_text(report, encoding="utf-8")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str), encoding="utf-8")
    if any(r["problems"] for r in results):
        sys.exit(1)


if __name__ == "__main__":
    main()
