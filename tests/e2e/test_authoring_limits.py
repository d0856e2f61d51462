"""Authoring within bounds, measured on real processes: `arena serve` (embedded queue: its two
worker threads and its authoring lane) or `arena serve` with an `arena worker` on a Redis of
the test's own (distributed); the process sandbox; SQLite, or PostgreSQL when
ARENA_DATABASE_URL names it.

- Two instructors' draft Runs on drafts whose preparation never ends (the reference sleeps)
  do not slow a learner: the lane prepares them, never a grading worker, so the learner's
  verdict comes in about one grading (it took 131 s when workers prepared); both runs then
  end as the platform's fault once their preparation passes its time budget.
- An instructor's trivial validation waits for at most the slow one running when it came, not
  for all the slow ones another instructor queued before it (turns between authors).
- Drafts whose reference or mutants answer with tens of MiB, and one with 30,000 cases, are
  refused with the numbers, and leave the server's memory and the database about as they were
  (one draft Run took the server from 502 to 1532 MiB and the database 188 MiB bigger).
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, text

from bench.live_server import LiveServer, Worker, environment, wait_until

pytestmark = pytest.mark.sandbox
ROOT = Path(__file__).resolve().parents[2]
REFERENCE = (ROOT / "challenges/softmax/reference.py").read_text()
SLEEPS = "import time\ntime.sleep(600)\n"
BUDGET_SECONDS = 15  # the lane's time budget in these servers
MIB = 1024 * 1024


def _catalog(tmp_path: Path) -> Path:
    """Return a challenges folder holding softmax alone (and the record that publishes it),
    so that the server is ready, softmax prepared, seconds after it starts."""
    folder = tmp_path / "challenges"
    shutil.copytree(ROOT / "challenges/softmax", folder / "softmax")
    shutil.copy(ROOT / "challenges/validated.toml", folder / "validated.toml")
    return folder


def _settings(tmp_path: Path, database_url: str, **more: str) -> dict[str, str]:
    return environment(**{"ARENA_DATA_DIR": str(tmp_path / "data"),
                          "ARENA_DATABASE_URL": database_url, "ARENA_SANDBOX": "process",
                          "ARENA_WORKERS": "2", "ARENA_CHALLENGES_DIR": str(_catalog(tmp_path)),
                          "ARENA_AUTHORING_SECONDS": str(BUDGET_SECONDS), **more})


class Client:
    """An account on a live server, through the API."""

    def __init__(self, server: LiveServer, username: str, role: str = "student") -> None:
        self.url = server.url
        self.api = requests.Session()
        self.api.headers["Authorization"] = f"Bearer {server.token(username, role)}"

    def call(self, method: str, path: str, **kwargs) -> requests.Response:
        return self.api.request(method, self.url + "/api/v1" + path, timeout=30, **kwargs)

    def done(self, path: str, seconds: float = 300) -> dict:
        """Wait for the submission at `path` (an API url) to be graded; return it."""
        return wait_until(lambda: (body := self.api.get(self.url + path, timeout=30).json())[
            "status"] == "done" and body, seconds, f"{path} graded", every=0.1)

    def draft(self, files: dict[str, str]) -> str:
        """Upload a new challenge's files; return its slug."""
        created = self.call("POST", "/challenges", json={"files": files})
        assert created.status_code == 201, created.text
        return created.json()["slug"]

    def draft_run(self, slug: str) -> str:
        ran = self.call("POST", f"/challenges/{slug}/runs",
                        json={"code": REFERENCE, "version": "draft"})
        assert ran.status_code in (200, 202), ran.text
        return ran.json()["url"]

    def validation(self, slug: str, seconds: float = 300) -> dict:
        """Wait for the draft's validation to finish; return it."""
        return wait_until(lambda: (body := self.call("GET", f"/challenges/{slug}/validation")
                                   .json())["status"] == "done" and body,
                          seconds, f"{slug} validated", every=0.1)


def _named(files: dict[str, str], slug: str, **changed: str) -> dict[str, str]:
    """Return the small challenge's files under another slug, some files changed."""
    return {**files, "challenge.toml": files["challenge.toml"].replace("running-max", slug),
            **changed}


def _ready(server: LiveServer) -> None:
    """Wait until softmax's examples show: its version is prepared, as in steady state."""
    server.wait_prepared(120)


def _learner_is_not_held_back(server: LiveServer, tiny_valid_files: dict[str, str]) -> None:
    ivy = Client(server, "ivy", "instructor")
    ian = Client(server, "ian", "instructor")
    lee = Client(server, "lee")
    runs = []
    for author, slug in ((ivy, "slow-one"), (ian, "slow-two")):
        slow = _named(tiny_valid_files, slug,
                      **{"reference.py": SLEEPS + tiny_valid_files["reference.py"]})
        runs.append((author, author.draft_run(author.draft(slow))))
    time.sleep(2)  # the lane is preparing the first now, and will for BUDGET_SECONDS
    started = time.monotonic()
    answer = lee.call("POST", "/challenges/softmax/submissions", json={"code": REFERENCE})
    assert answer.status_code == 202, answer.text
    graded = lee.done(answer.json()["url"])
    waited = time.monotonic() - started
    assert graded["verdict"] == "accepted", graded
    # About one grading (under a second here when idle): a worker that prepared would have
    # held the learner for the whole preparation (BUDGET_SECONDS at least, 131 s unbounded).
    assert waited < BUDGET_SECONDS / 2, waited
    for author, url in runs:  # never stuck: both end, as the platform's fault
        ended = author.done(url, seconds=4 * BUDGET_SECONDS + 60)
        assert ended["verdict"] == "internal_error", ended
        assert "could not be prepared" in ended["message"]


@pytest.mark.any_database  # on PostgreSQL, the distributed queue's test below: a team's setup
def test_the_embedded_queue_grades_a_learner_while_draft_runs_prepare(
        tmp_path, fresh_database_url, tiny_valid_files):
    server = LiveServer(_settings(tmp_path, fresh_database_url))
    with open(tmp_path / "serve.log", "wb") as log:
        server.start(log)
        try:
            _ready(server)
            _learner_is_not_held_back(server, tiny_valid_files)
        finally:
            server.stop()



def test_the_distributed_queue_grades_a_learner_while_draft_runs_prepare(
        tmp_path, fresh_database_url, tiny_valid_files, own_redis):
    env = _settings(tmp_path, fresh_database_url, ARENA_QUEUE="distributed",
                    ARENA_REDIS_URL=own_redis)
    server = LiveServer(env)
    with open(tmp_path / "serve.log", "wb") as log, \
            open(tmp_path / "worker.log", "wb") as worker_log:
        server.start(log)
        worker = Worker(server.env, 2, worker_log)
        try:
            _ready(server)
            _learner_is_not_held_back(server, tiny_valid_files)
        finally:
            worker.stop()
            server.stop()


@pytest.mark.any_database  # turns between authors, whatever the database
def test_an_authors_validation_waits_for_one_slow_validation_not_for_all(
        tmp_path, fresh_database_url, tiny_valid_files):
    # Slow, and within its limits: each box of the reference sleeps four seconds.
    napping = {"reference.py": "import time\ntime.sleep(4)\n" + tiny_valid_files["reference.py"]}
    server = LiveServer(_settings(tmp_path, fresh_database_url, ARENA_AUTHORING_SECONDS="120"))
    with open(tmp_path / "serve.log", "wb") as log:
        server.start(log)
        try:
            _ready(server)
            ivy, ian = Client(server, "ivy", "instructor"), Client(server, "ian", "instructor")
            slow = [ivy.draft(_named({**tiny_valid_files, **napping}, f"slow-{i}"))
                    for i in range(3)]
            quick = ian.draft(_named(tiny_valid_files, "quick"))
            for slug in slow:
                assert ivy.call("POST", f"/challenges/{slug}/validate").status_code == 202
            time.sleep(1)  # the first slow one is under way
            started = time.monotonic()
            assert ian.call("POST", f"/challenges/{quick}/validate").status_code == 202
            assert ian.validation(quick)["valid"] is True
            waited = time.monotonic() - started
            done_after = [slug for slug in slow if ivy.call(
                "GET", f"/challenges/{slug}/validation").json()["status"] != "done"]
            for slug in slow:
                assert ivy.validation(slug)["valid"] is True, ivy.validation(slug)
            slow_took = time.monotonic() - started
        finally:
            server.stop()
    # In turns: the quick one went after the slow one running, before the other two (measured:
    # 10 s of the slow ones' 29 s; first come, first served, it waited for all three).
    assert done_after == slow[1:], done_after
    assert waited < slow_took / 2, (waited, slow_took)


def _rss(server: LiveServer) -> int:
    """Return the resident memory of the server's process, in bytes."""
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines()
                    if line.startswith("VmRSS:"))) * 1024


def _stored(database_url: str) -> tuple[int, int, int]:
    """Return the bytes the database takes (SQLite's file, checkpointed), the characters of
    prepared data it holds, and its test rows."""
    engine = create_engine(database_url)
    with engine.connect() as connection:
        if database_url.startswith("sqlite"):
            connection.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
            size = Path(engine.url.database).stat().st_size
        else:
            size = connection.execute(text("SELECT pg_database_size(current_database())")).scalar()
        prepared = connection.execute(text(
            "SELECT coalesce(sum(length(prepared)), 0) FROM challenge_version")).scalar()
        rows = connection.execute(text("SELECT count(*) FROM test_result")).scalar()
    engine.dispose()
    return size, prepared, rows


def _huge(files: dict[str, str], slug: str, reference: str, mutant: str) -> dict[str, str]:
    """Six mutants answering with `mutant`, and the reference with `reference`."""
    names = [f"m{i}" for i in range(6)]
    toml = files["challenge.toml"].replace("running-max", slug).split("[mutants.")[0] + "".join(
        f'[mutants.{name}]\nen = "wrong"\nko = "틀림"\n\n' for name in names)
    return {**{path: text for path, text in files.items() if not path.startswith("mutants/")},
            "challenge.toml": toml, "reference.py": reference,
            **{f"mutants/{name}.py": mutant for name in names}}


def test_oversized_drafts_are_refused_with_their_numbers_and_leave_memory_and_storage_be(
        tmp_path, fresh_database_url, tiny_valid_files):
    server = LiveServer(_settings(tmp_path, fresh_database_url, ARENA_AUTHORING_SECONDS="120"))
    answer = "def running_max(row):\n    return [0.123456789] * {}\n"
    drafts = {
        # 1.5 million numbers a case: 19 MB of JSON each
        "huge-reference": _huge(tiny_valid_files, "huge-reference", answer.format(1_500_000),
                                answer.format(1_500_000)),
        # the reference within its share; each mutant four times that, as a case allows
        "huge-mutants": _huge(tiny_valid_files, "huge-mutants", answer.format(20_000),
                              answer.format(80_000)),
        "many-cases": _named(tiny_valid_files, "many-cases", **{"cases.py": (
            'def cases():\n    return [{"name": {"en": f"case {i}", "ko": "k"}, "args": '
            '[[1.0, 2.0]], "public": i == 0} for i in range(30_000)]\n')}),
    }
    with open(tmp_path / "serve.log", "wb") as log:
        server.start(log)
        try:
            _ready(server)
            ivy = Client(server, "ivy", "instructor")
            warm = ivy.draft(_named(tiny_valid_files, "warm-up"))  # the lane's first work
            ivy.done(ivy.draft_run(warm))
            ivy.call("POST", f"/challenges/{warm}/validate")
            assert ivy.validation(warm)["valid"] is True
            rss, stored = _rss(server), _stored(fresh_database_url)
            problems = {}
            for slug, files in drafts.items():
                ivy.draft(files)
                ended = ivy.done(ivy.draft_run(slug))  # prepared by the lane: refused
                assert ended["verdict"] == "internal_error", ended
                assert ivy.call("POST", f"/challenges/{slug}/validate").status_code == 202
                validation = ivy.validation(slug)
                assert validation["valid"] is False
                problems[slug] = validation["problems"]
            grown = _rss(server) - rss
            added = [after - before for after, before in zip(_stored(fresh_database_url),
                                                              stored, strict=True)]
        finally:
            server.stop()
    share = 8 * MIB // 7
    assert problems["huge-reference"] == [{
        "file": "reference.py", "line": 1,  # where running_max starts
        "message": f"huge-reference: reference.py's outputs take more than {share:,} bytes "
                   "(after 0 of 4 cases), its share of the output budget: the reference and "
                   "each mutant (7 in all) may answer with that much"}]
    [mutant] = problems["huge-mutants"]
    assert mutant["file"].startswith("mutants/m") and f"more than {share:,} bytes" in mutant[
        "message"]
    assert problems["many-cases"] == [{
        "file": "cases.py", "line": 1,  # where cases() starts
        "message": "many-cases: the cases take more than 1,048,576 bytes as JSON, the most a "
                   "version's cases may take"}]
    # Nothing past a share was read, parsed or kept: at most a share (1.1 MiB) of text per
    # box, two boxes at once, and what parsing it takes (measured: 20 to 50 MiB, the
    # allocator keeping some of it per thread), where one unbounded draft Run took 1 GiB;
    # no prepared data nor test rows stored, three drafts' files (a few kB each).
    assert grown < 128 * MIB, grown / MIB
    assert added[1:] == [0, 0] and added[0] < 2 * MIB, added
