"""The distributed queue under faults, with the real processes: a PostgreSQL cluster and a
Redis server of the test's own (so that they can be restarted), two `arena serve` web
processes and `arena worker` processes, some killed with SIGKILL.

Every test ends the same way: each submission is `done`, graded exactly once (one set of test
rows), whatever was killed or restarted on the way.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
import requests

from arena.jobs.workers import KEY
from bench.live_server import LiveServer, Worker, environment, free_port, wait_until
from graders.sandbox.reaper import OWNER_LABEL

pytestmark = [
    pytest.mark.sandbox,
    # The module brings its own PostgreSQL: `make test-postgres` would repeat it unchanged.
    pytest.mark.any_database,
]

REFERENCE = (Path(__file__).resolve().parents[2] / "challenges/softmax/reference.py").read_text()
# Accepted, and slow enough (a second per box) to be killed in the middle of its grading.
SLOW = "import time\ntime.sleep(1.5)\n" + REFERENCE
LEASE = "2"


def _unavailable(reason: str) -> None:
    if os.environ.get("ARENA_REQUIRE_REDIS") == "1":
        pytest.fail(f"the distributed tier must run here: {reason}")
    pytest.skip(reason)


def _as_postgres(*command: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run a PostgreSQL tool as the `postgres` account when we are root (initdb refuses root)."""
    if os.geteuid() == 0:
        command = ("runuser", "-u", "postgres", "--", *command)
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=check)


class Postgres:
    """A PostgreSQL cluster in a temporary folder, on its own port, trust authentication."""

    def __init__(self, folder: Path) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not found:
            _unavailable("no PostgreSQL server binaries (apt-get install postgresql)")
        self.bin = Path(found[-1]).parent
        self.data, self.port = folder / "pgdata", free_port()
        folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
        _as_postgres(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust",
                     "-U", "postgres")
        self.database = "postgres"

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{self.database}"

    def start(self) -> None:
        _as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-l",
                     str(self.data / "log"), "-o", f"-p {self.port} -k /tmp -c listen_addresses="
                     "127.0.0.1", "start")

    def stop(self) -> None:
        _as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-m", "fast", "stop")

    def running(self) -> bool:
        return _as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data), "status",
                            check=False).returncode == 0

    def sql(self, statement: str) -> None:
        """Run one statement in the cluster's maintenance database."""
        subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                        "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-qc", statement],
                       capture_output=True, text=True, timeout=120, check=True)


class Redis:
    """A Redis server on its own port that keeps nothing on disk: a restart empties it."""

    def __init__(self) -> None:
        if shutil.which("redis-server") is None:
            _unavailable("no redis-server (apt-get install redis-server)")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL)
        wait_until(lambda: subprocess.run(["redis-cli", "-p", str(self.port), "ping"],
                                          capture_output=True).returncode == 0, 20, "redis")

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


class Stack:
    """Two web processes and any number of workers on one database and one Redis."""

    def __init__(self, env: dict[str, str], folder: Path) -> None:
        self.env, self.folder = env, folder
        self.webs = [LiveServer(env), LiveServer(env)]
        self.workers: list[Worker] = []
        self.logs = []

    def _log(self, name: str):
        log = open(self.folder / f"{name}-{len(self.logs)}.log", "wb")
        self.logs.append(log)
        return log

    def start_webs(self) -> None:
        for web in self.webs:
            web.start(self._log("web"))

    def add_worker(self, *options: str) -> Worker:
        worker = Worker(self.env, 1, self._log("worker"), *options)
        self.workers.append(worker)
        return worker

    def stop(self) -> None:
        for process in [*self.workers, *self.webs]:
            process.stop()
        for log in self.logs:
            log.close()


@pytest.fixture(scope="module")
def cluster(seed_database) -> Iterator[Postgres]:
    """The module's PostgreSQL cluster, with a database `seeded` as a server's lane leaves it
    (migrated, the catalog prepared): each test's own database is a copy of it."""
    # Not under pytest's tmp_path: its parents are root's alone, and the server runs as
    # the postgres account.
    folder = Path(tempfile.mkdtemp(prefix="arena-distributed-"))
    folder.chmod(0o755)
    try:
        postgres = Postgres(folder / "pg")
        postgres.start()
        postgres.sql("CREATE DATABASE seeded")
        postgres.database = "seeded"
        seed_database(postgres.url)
        yield postgres
        if postgres.running():
            postgres.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def services(cluster: Postgres) -> Iterator[tuple[Postgres, Redis]]:
    """The cluster, running, with a fresh copy of the seeded database; a Redis of the test's."""
    if not cluster.running():  # a test that stopped it failed before starting it again
        cluster.start()
    cluster.sql("CREATE DATABASE own TEMPLATE seeded")
    cluster.database = "own"
    redis = Redis()
    redis.start()
    try:
        yield cluster, redis
    finally:
        redis.stop()
        if not cluster.running():
            cluster.start()
        cluster.sql("DROP DATABASE own WITH (FORCE)")


@pytest.fixture
def stack(services, tmp_path: Path) -> Iterator[Stack]:
    postgres, redis = services
    env = environment(ARENA_DATA_DIR=str(tmp_path / "data"), ARENA_DATABASE_URL=postgres.url,
                      ARENA_QUEUE="distributed", ARENA_REDIS_URL=redis.url,
                      ARENA_SANDBOX="process", ARENA_LEASE_SECONDS=LEASE,
                      # One account submits every job here, up to twelve at once.
                      ARENA_MAX_PENDING_PER_USER="12", ARENA_SUBMISSION_RATE_LIMIT="")
    built = Stack(env, tmp_path)
    built.start_webs()
    api = requests.Session()
    api.headers["Authorization"] = f"Bearer {built.webs[0].token()}"
    built.api = api
    yield built
    built.stop()


def _submit(stack: Stack, code: str, web: int = 0) -> str:
    answer = stack.api.post(f"{stack.webs[web].url}/api/v1/challenges/softmax/submissions",
                            json={"code": code}, timeout=30)
    assert answer.status_code == 202, answer.text
    return answer.json()["url"]


def _status(stack: Stack, path: str) -> dict:
    """Read a submission from the first web process running now."""
    return stack.api.get(stack.webs[0].url + path, timeout=30).json()


def _graded_once(stack: Stack, urls: list[str], seconds: float = 240) -> list[dict]:
    """Wait until every submission is done; each accepted, with one set of test rows."""
    shown = [wait_until(lambda u=u: (body := _status(stack, u))["status"] == "done" and body,
                        seconds, f"{u} graded", every=0.25) for u in urls]
    for body in shown:
        assert body["verdict"] == "accepted", body
        assert len(body["tests"]) == body["total"] == body["passed"] > 0, body
    return shown


def test_a_worker_killed_mid_grading_leaves_its_job_to_another(stack):
    first = stack.add_worker()
    url = _submit(stack, SLOW)
    wait_until(lambda: _status(stack, url)["status"] == "running", 120, "grading started")
    stack.add_worker()
    first.kill()
    body = _graded_once(stack, [url])[0]
    assert body["status"] == "done"


def _docker(make_sandbox):
    """Return a Docker client, skipping without an engine and the sandbox image (unless
    ARENA_REQUIRE_DOCKER=1)."""
    sandbox = make_sandbox("docker")
    sandbox.close()
    return sandbox.client


def _workers(redis_url: str) -> set[str]:
    """Return the names of the workers registered now (arena.jobs.workers)."""
    registry = redis.Redis.from_url(redis_url)
    return {key.decode().removeprefix(KEY) for key in registry.scan_iter(f"{KEY}*")}


def test_a_killed_workers_sandboxes_are_reaped_by_another_and_its_job_graded_once(
        stack, services, make_sandbox):
    """SIGKILL leaves a worker's warm boxes (and the box of its job) behind: the next worker
    grades the job and its reaper removes them, once the dead worker's registration is gone
    for a lease; its own boxes stay."""
    client, (_, server) = _docker(make_sandbox), services
    stack.env = {**stack.env, "ARENA_SANDBOX": "docker", "ARENA_POOL_SIZE": "1"}

    def boxes(owner: str) -> list[dict]:
        return client.api.containers(all=True, filters={"label": f"{OWNER_LABEL}={owner}"})
    first = stack.add_worker()
    (dead,) = wait_until(lambda: _workers(server.url), 120, "the first worker registered")
    url = _submit(stack, SLOW)
    wait_until(lambda: _status(stack, url)["status"] == "running", 120, "grading started")
    assert boxes(dead), "the first worker runs no sandbox container"
    first.kill()
    stack.add_worker()
    _graded_once(stack, [url])
    wait_until(lambda: not boxes(dead), 120, "the dead worker's containers reaped")
    (live,) = _workers(server.url)
    assert live != dead and boxes(live)


def test_a_stopped_worker_finishes_its_job_and_leaves_the_rest_to_others(stack):
    """SIGTERM (docker compose down, a deploy): the job in hand is finished and recorded, no
    other is taken, and the process ends; the waiting jobs go to the next worker."""
    first = stack.add_worker()
    urls = [_submit(stack, SLOW, web=i % 2) for i in range(12)]
    wait_until(lambda: any(_status(stack, u)["status"] == "running" for u in urls), 120,
               "grading started")
    first.stop()
    assert first.process.returncode != -signal.SIGKILL  # ended by itself, not killed at 60 s
    statuses = [_status(stack, u)["status"] for u in urls]
    assert "running" not in statuses and "queued" in statuses, statuses
    stack.add_worker()
    _graded_once(stack, urls)


def test_submissions_are_accepted_while_redis_is_down_and_graded_when_it_returns(
        stack, services):
    _, redis = services
    stack.add_worker()
    _graded_once(stack, [_submit(stack, REFERENCE)])  # the stack works
    redis.stop()
    urls = [_submit(stack, REFERENCE, web=i % 2) for i in range(4)]  # 202 without Redis
    redis.start()  # empty: the messages sent while it was away are gone
    _graded_once(stack, urls)


def _touched(path: Path, after: float) -> bool:
    return path.exists() and path.stat().st_mtime > after


def test_web_and_workers_recover_from_a_postgresql_restart(stack, services, tmp_path):
    postgres, _ = services
    alive = tmp_path / "alive"
    stack.add_worker("--alive-file", str(alive))
    _graded_once(stack, [_submit(stack, REFERENCE)])
    wait_until(lambda: _touched(alive, 0), 60, "the worker's alive file")
    postgres.stop()
    # The alive file (what the compose health check reads) goes stale while the worker cannot
    # reach the database: two seconds is three keeper rounds (a lease of 2 s, a round a third).
    stopped = time.time()
    time.sleep(2)
    assert not _touched(alive, stopped + 0.5)
    postgres.start()
    wait_until(lambda: _touched(alive, time.time() - 1), 60, "alive again")
    urls = [_submit(stack, REFERENCE, web=i % 2) for i in range(3)]
    _graded_once(stack, urls)
    # A regrade goes through the background list, after learners' submissions.
    admin = {"Authorization": f"Bearer {stack.webs[1].token('ada', 'admin')}"}
    started = requests.post(f"{stack.webs[1].url}/api/v1/challenges/softmax/regrade", json={},
                            headers=admin, timeout=30)
    assert started.status_code == 202, started.text
    follow = f"{stack.webs[0].url}{started.json()['url']}"
    done = wait_until(lambda: (body := requests.get(follow, headers=admin, timeout=30).json())[
        "status"] == "done" and body, 120, "the regrade done")
    assert (done["total"], done["done"], done["changed"], done["failed"]) == (4, 4, 0, 0)
    assert _status(stack, urls[0])["history"][0]["verdict"] == "accepted"


def test_a_stack_killed_under_load_finishes_everything_after_a_restart(stack):
    stack.add_worker()
    stack.add_worker()
    urls = [_submit(stack, SLOW if i % 2 else REFERENCE, web=i % 2) for i in range(8)]
    wait_until(lambda: any(_status(stack, u)["status"] == "running" for u in urls), 120,
               "grading under way")
    for process in [*stack.workers, *stack.webs]:
        process.kill()
    stack.webs = [LiveServer(stack.env), LiveServer(stack.env)]
    stack.start_webs()
    stack.add_worker()
    stack.add_worker()
    shown = _graded_once(stack, urls)
    assert len({body["id"] for body in shown}) == len(urls)


def test_a_lesson_cell_run_is_run_by_a_worker_and_read_back_by_its_id(stack):
    """A visitor's cell run goes the distributed way too: the web process only enqueues,
    an `arena worker` runs it (the Celery grading task), any web process answers its URL."""
    stack.add_worker()
    answer = requests.post(f"{stack.webs[0].url}/api/v1/lessons/attention-basics/cells/"
                           "example-numpy/runs", json={"code": "print(6 * 7)"}, timeout=30)
    assert answer.status_code in (200, 202), answer.text
    url = answer.json()["url"]
    body = wait_until(lambda: (found := requests.get(stack.webs[1].url + url, timeout=30).json())
                      ["status"] == "done" and found, 240, "cell run done", every=0.25)
    assert body["stdout"] == "42\n" and body["matches"] is False and body["limit"] is None
