"""How fast a course's gradebook is served: 500 students x 30 challenges x 20 submissions each.

Migrates a database the app's own way (`arena.db.upgrade`, what `arena db upgrade` runs) and
seeds it in bulk (SQLAlchemy Core inserts of lists of rows): 30 published challenges, an
instructor, a course with 500 students, six assignments of five challenges each (opening
twelve days apart, due fourteen days after opening: five already due, one of them
`not_counted`), and 20 finished submissions per student and challenge (300,000 rows, ids in
time order, a mix of verdicts, some after the due time); then the gradebook's cells, computed
by the app's own `refresh_assignment` (what creating an assignment does).
Then starts a real `arena serve` (waitress, process sandbox) on loopback on that database and
times, as the course's instructor, the whole HTTP exchange (request sent to last byte read) of
the page /courses/<id> (a logged-in session) and of GET /api/v1/courses/<id>/gradebook and
.../gradebook.csv (a bearer token): N requests one after another after a warm-up, then N with
two clients at once.
In-process, where the time goes: the gradebook's SQL alone (the driver fetching every cell),
the service's gradebook() (that query through SQLAlchemy, and the cells), as_csv(), and each
endpoint through the Flask test client (no HTTP), what keeping the cells costs (a verdict's
refresh, an assignment's); and the query's plan (EXPLAIN QUERY PLAN on
SQLite, EXPLAIN ANALYZE on PostgreSQL).
The goal (issue 13) is the gradebook page and the CSV served in under 300 ms.

The database is a temporary SQLite file unless --database-url names one. A database that
already holds this bench's course (same sizes) is reused as it is; an empty one is seeded; any
other is refused unless --reset, which empties it first (PostgreSQL: drops its public schema).
Usage: .venv/bin/python bench/gradebook.py [--database-url URL] [--runs 20] [--out FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import os
import platform
import pstats
import random
import re
import shlex
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import requests
from live_server import LiveServer, environment
from measure import measure
from sqlalchemy import bindparam, event, insert, inspect, select, text, update
from sqlalchemy.engine import make_url

from arena import create_app
from arena.config import database_url
from arena.db import upgrade
from arena.extensions import db
from arena.models import (
    Assignment,
    AssignmentChallenge,
    Challenge,
    ChallengeVersion,
    Course,
    CourseMember,
    GradebookCell,
    Submission,
    User,
)
from arena.services.gradebook import gradebook
from arena.services.gradebook_cells import refresh_assignment, refresh_cells
from arena.services.gradebook_csv import as_csv
from arena.services.usernames import skeleton
from arena.services.users import create_token, create_user
from graders.challenge.spec import ChallengeSpec

GOAL_MS = 300
INSTRUCTOR = "bench-instructor"
PASSWORD = "correct horse battery"
BENCH_SECRET_KEY = "bench-" + "k" * 32  # the app refuses a key under 32 characters
ASSIGNMENTS = 6
DAY = timedelta(days=1)
BATCH = 10_000
# Before a student's first accept: what a wrong attempt was (internal_error: the platform's
# own failures, which the gradebook does not count).
WRONG = {"wrong_answer": 60, "runtime_error": 24, "time_limit_exceeded": 7,
         "compilation_error": 5, "memory_limit_exceeded": 1, "output_limit_exceeded": 1,
         "internal_error": 2}
CODE = '''import math


def {name}(Q, K, V):
    d = len(K[0])
    out = []
    for q in Q:
        scores = [sum(a * b for a, b in zip(q, k)) / math.sqrt(d) for k in K]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        weights = [e / total for e in exps]
        out.append([sum(w * v[c] for w, v in zip(weights, V)) for c in range(len(V[0]))])
    return out  # attempt {attempt}
'''


def title(students: int, challenges: int, per_cell: int) -> str:
    """The bench course's title, which names its sizes (a database is reused only for them)."""
    return f"Gradebook bench (v2): {students} students x {challenges} challenges x {per_cell}"


def percentile95(values: list[float]) -> float:
    """The p95 by nearest rank, as bench/measure.py takes it."""
    values = sorted(values)
    return values[max(0, int(round(0.95 * len(values))) - 1)]


# ---------------------------------------------------------------------------------------------
# The database


def open_database(url: str, folder: Path, reset: bool, sizes: tuple[int, int, int]):
    """Return the app on `url`, migrated, and whether its data must be seeded."""
    app = create_app({"DATABASE_URL": url, "DATA_DIR": str(folder / "data"),
                      "SECRET_KEY": BENCH_SECRET_KEY,
                      "CHALLENGES_DIR": str(folder / "no-challenges"),
                      "SANDBOX": "process", "RATE_LIMIT_STORAGE_URI": "memory://"})
    with app.app_context():
        tables = set(inspect(db.engine).get_table_names())
        ours = "course" in tables and db.session.scalar(
            select(Course.id).where(Course.title == title(*sizes))) is not None
        db.session.remove()
        if tables and not ours:
            if not reset:
                sys.exit(f"{make_url(url).render_as_string()} holds other data: give --reset to "
                         "empty it (its tables are dropped), or name an empty database")
            if db.engine.dialect.name == "postgresql":
                with db.engine.begin() as connection:
                    connection.execute(text("DROP SCHEMA public CASCADE"))
                    connection.execute(text("CREATE SCHEMA public"))
            else:
                db.engine.dispose()
                Path(make_url(url).database).unlink()
        db.engine.dispose()
    upgrade(app)
    return app, not ours


def _spec(slug: str, i: int) -> ChallengeSpec:
    """Return what the bench's challenge `i` says: a title, a track, a statement."""
    return ChallengeSpec(
        slug=slug, title={"en": f"Bench challenge {i}", "ko": f"벤치 문제 {i}"},
        difficulty="easy", track="bench", track_order=9, track_title={"en": "Bench"}, order=i,
        tags=(), entry_point="attention", time_limit=2.0, memory_mb=256, rtol=1e-6, atol=1e-8,
        properties=(), statement={"en": "Implement attention."}, hints={},
        starter="def attention(Q, K, V):\n", reference="", cases_source="")


def _challenges(connection, count: int, now: datetime) -> list[int]:
    """Insert `count` published challenges (one version each, validated, never prepared: no
    test runs against them); return their ids in order."""
    slugs = [f"bench-{i:02d}" for i in range(1, count + 1)]
    connection.execute(insert(Challenge.__table__), [
        {"slug": slug, "active": True, "origin": "authored"} for slug in slugs])
    ids = dict(connection.execute(select(Challenge.slug, Challenge.id)
                                  .where(Challenge.slug.in_(slugs))).all())
    connection.execute(insert(ChallengeVersion.__table__), [
        {"challenge_id": ids[slug], "number": 1,
         "content_hash": hashlib.sha256(slug.encode()).hexdigest(), "files": None,
         "spec": _spec(slug, i).to_json(), "prepared": None,
         "prepare_error": "bench: a gradebook row, never graded", "prepare_status": "done",
         "created_at": now - 100 * DAY,
         "published_at": now - 100 * DAY, "validation_status": "done",
         "validation": {"valid": True, "problems": []}, "publish_when_valid": False}
        for i, slug in enumerate(slugs, 1)])
    versions = dict(connection.execute(select(ChallengeVersion.challenge_id, ChallengeVersion.id)
                                       .where(ChallengeVersion.challenge_id.in_(list(ids.values())))).all())
    table = Challenge.__table__
    connection.execute(update(table).where(table.c.id == bindparam("cid"))
                       .values(current_version_id=bindparam("vid")),
                       [{"cid": cid, "vid": vid} for cid, vid in versions.items()])
    return [ids[slug] for slug in slugs]


def _cell(rng: random.Random, skill: float, start: datetime, end: datetime, per_cell: int):
    """Yield (created_at, verdict) for one student's attempts at one challenge, oldest first."""
    span = (end - start).total_seconds()
    # Most work comes close to the due time: a triangular spread leaning to the window's end.
    times = sorted(start + timedelta(seconds=rng.triangular(0, span, span * 0.8))
                   for _ in range(per_cell))
    solved = rng.random() < 0.55 + 0.4 * skill
    first = min(per_cell - 1, int(rng.expovariate(0.12 + 0.5 * skill))) if solved else per_cell
    for i, at in enumerate(times):
        if i < first:
            verdict = rng.choices(list(WRONG), list(WRONG.values()))[0]
        else:  # after the first accept: improvements, and the odd regression
            verdict = "accepted" if rng.random() < 0.8 else "wrong_answer"
        yield at, verdict


def seed(app, students: int, challenges: int, per_cell: int, seed_value: int) -> float:
    """Fill the empty database; return the seconds it took."""
    started = time.perf_counter()
    rng = random.Random(seed_value)
    now = datetime.now(UTC).replace(microsecond=0)
    with app.app_context():
        create_user(INSTRUCTOR, "instructor", password=PASSWORD)
        instructor = db.session.scalar(select(User.id).where(User.username == INSTRUCTOR))
        with db.engine.begin() as connection:
            challenge_ids = _challenges(connection, challenges, now)
            versions = dict(connection.execute(select(Challenge.id, Challenge.current_version_id)
                                               .where(Challenge.id.in_(challenge_ids))).all())
            names = [f"student-{i:04d}" for i in range(1, students + 1)]
            connection.execute(insert(User.__table__), [
                {"username": name, "username_key": skeleton(name), "role": "student",
                 "password_hash": None, "created_at": now - 90 * DAY} for name in names])
            student_ids = list(connection.execute(
                select(User.id).where(User.username.in_(names)).order_by(User.id)).scalars())
            connection.execute(insert(Course.__table__), [{
                "title": title(students, challenges, per_cell), "join_code": "BENCHGB1",
                "created_at": now - 90 * DAY}])
            course = connection.execute(select(Course.id).where(
                Course.title == title(students, challenges, per_cell))).scalar_one()
            connection.execute(insert(CourseMember.__table__), [
                {"course_id": course, "user_id": uid, "role": role, "joined_at": now - 80 * DAY}
                for uid, role in [(instructor, "instructor"),
                                  *((uid, "student") for uid in student_ids)]])
            windows = _assignments(connection, course, challenge_ids, versions, now)
            _submissions(connection, rng, student_ids, windows, versions, per_cell, now)
        for assignment in db.session.scalars(select(Assignment).where(
                Assignment.course_id == course)):
            refresh_assignment(assignment)  # the cells, as the app computes them
        db.session.commit()
        db.session.remove()
    return time.perf_counter() - started


def settle(app) -> None:
    """On PostgreSQL, VACUUM ANALYZE: the state autovacuum leaves a table in once it has run
    (statistics, and the visibility map that index-only scans need), so that the plan does
    not depend on when the bench runs. No other transaction of this process may be open: it
    would keep VACUUM from marking the new rows' pages all-visible."""
    with app.app_context(), db.engine.connect() as connection:
        if connection.dialect.name != "postgresql":
            return
        connection.execution_options(isolation_level="AUTOCOMMIT").execute(
            text("VACUUM ANALYZE"))
        pages, visible = connection.execute(text(
            "SELECT relpages, relallvisible FROM pg_class WHERE relname = 'submission'")).one()
        print(f"submission: {visible} of {pages} pages all-visible after VACUUM",
              file=sys.stderr)


def _assignments(connection, course: int, challenge_ids: list[int], versions: dict[int, int],
                 now: datetime):
    """Insert the assignments, each challenge pinning its published version (`versions`, by
    challenge id) since before any work; return, per challenge id, its submissions' time
    window."""
    per = -(-len(challenge_ids) // ASSIGNMENTS)
    start = now - 70 * DAY
    windows = {}
    for k in range(ASSIGNMENTS):
        opens, due = start + 12 * k * DAY, start + (12 * k + 14) * DAY
        policy = "not_counted" if k == 2 else "marked"
        connection.execute(insert(Assignment.__table__), [{
            "course_id": course, "title": f"Week {2 * k + 1}", "opens_at": opens, "due_at": due,
            "late_policy": policy}])
        assignment = connection.execute(select(Assignment.id).where(
            Assignment.course_id == course, Assignment.title == f"Week {2 * k + 1}")).scalar_one()
        items = challenge_ids[k * per:(k + 1) * per]
        connection.execute(insert(AssignmentChallenge.__table__), [
            {"assignment_id": assignment, "challenge_id": cid, "position": i,
             "version_id": versions[cid], "pinned_at": start - DAY}
            for i, cid in enumerate(items)])
        # Work goes on up to three days after the due time (late), and never into the future.
        end = min(due + 3 * DAY, now - timedelta(hours=1))
        windows.update({cid: (opens, end) for cid in items})
    return windows


def _submissions(connection, rng, student_ids, windows, versions, per_cell, now) -> None:
    """Insert every finished submission, in time order (ids grow with time, as they do)."""
    rows = []
    for uid in student_ids:
        skill = rng.random()
        for cid, (start, end) in windows.items():
            for attempt, (at, verdict) in enumerate(_cell(rng, skill, start, end, per_cell)):
                rows.append((at, uid, cid, verdict, attempt))
    rows.sort(key=lambda row: row[0])
    table = Submission.__table__
    for first in range(0, len(rows), BATCH):
        connection.execute(insert(table), [
            {"user_id": uid, "challenge_id": cid, "version_id": versions[cid],
             "kind": "submission", "code": CODE.format(name="attention", attempt=attempt),
             "status": "done", "verdict": verdict, "passed": 17 if verdict == "accepted" else 9,
             "total": 17, "message": "" if verdict == "accepted" else "Wrong answer on a test.",
             "output": "", "message_data": None, "attempt": 1,
             "created_at": at, "started_at": at + timedelta(milliseconds=40),
             "finished_at": at + timedelta(milliseconds=180)}
            for at, uid, cid, verdict, attempt in rows[first:first + BATCH]])


# ---------------------------------------------------------------------------------------------
# Over HTTP


def log_in(url: str) -> requests.Session:
    """Log the instructor in through the /login form; return the session."""
    web = requests.Session()
    form = web.get(f"{url}/login", timeout=30).text
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1)
    done = web.post(f"{url}/login", data={"csrf_token": csrf, "username": INSTRUCTOR,
                                          "password": PASSWORD, "next": ""}, timeout=30)
    assert done.ok and "Wrong username" not in done.text, "the instructor could not log in"
    return web


def timed_get(session: requests.Session, url: str) -> float:
    """GET `url` and read the whole body; return the seconds it took."""
    started = time.perf_counter()
    response = session.get(url, timeout=300)
    seconds = time.perf_counter() - started
    assert response.status_code == 200, f"{url}: {response.status_code}"
    return seconds


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system, every thread) a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def check_answers(api, web, base: str, course: int, students: int, challenges: int) -> dict:
    """Check what each URL answers (rows, columns); return the page's status and sizes."""
    book = api.get(f"{base}/api/v1/courses/{course}/gradebook", timeout=300)
    assert book.ok, book.text[:500]
    body = book.json()
    assert len(body["rows"]) == students and len(body["challenges"]) == challenges
    late = sum(cell["late"] for row in body["rows"] for cell in row["cells"].values())
    table = api.get(f"{base}/api/v1/courses/{course}/gradebook.csv", timeout=300)
    assert table.ok and table.text.count("\n") == students + 1
    page = web.get(f"{base}/courses/{course}", timeout=300)
    found = {"json_bytes": len(book.content), "csv_bytes": len(table.content),
             "late_cells": late, "page_status": page.status_code, "page_bytes": len(page.content)}
    if page.ok:
        found["page_gradebook"] = 'data-testid="gradebook"' in page.text
        found["page_students"] = sum(f"student-{i:04d}" in page.text
                                     for i in range(1, students + 1))
    return found


def over_http(url: str, folder: Path, course: int, args) -> tuple[dict, dict]:
    """Start `arena serve` on the database; time each URL; return the timings and checks."""
    server = LiveServer(environment(
        ARENA_DATABASE_URL=url, ARENA_DATA_DIR=str(folder / "data"),
        ARENA_CHALLENGES_DIR=str(folder / "no-challenges"), ARENA_SANDBOX="process",
        ARENA_SECRET_KEY=BENCH_SECRET_KEY))
    with open(folder / "serve.log", "wb") as log:
        server.start(log)
        try:
            api = requests.Session()
            api.headers["Authorization"] = f"Bearer {args.token}"
            web = log_in(server.url)
            checks = check_answers(api, web, server.url, course, *args.sizes[:2])
            targets = {
                "page": (web, f"{server.url}/courses/{course}"),
                "json": (api, f"{server.url}/api/v1/courses/{course}/gradebook"),
                "csv": (api, f"{server.url}/api/v1/courses/{course}/gradebook.csv"),
            }
            if checks["page_status"] != 200:
                del targets["page"]
            results = {}
            for name, (session, target) in targets.items():
                for _ in range(args.warmup):
                    timed_get(session, target)
                cpu = cpu_seconds(server.process.pid)
                results[name] = measure(lambda s=session, t=target: timed_get(s, t),
                                        args.runs, args.clients)
                results[name]["cpu"] = (cpu_seconds(server.process.pid) - cpu) / (2 * args.runs)
        finally:
            server.stop()
    return results, checks


# ---------------------------------------------------------------------------------------------
# In-process: where the time goes, and the plan


def captured_query(app, user_id: int, course: int) -> tuple[list[str], str, object]:
    """Run gradebook() once; return the settings it made (SET ...), and the SQL and
    parameters it sent for the submissions."""
    seen, settings = [], []

    def capture(_conn, _cursor, statement, parameters, _context, _many) -> None:
        if "FROM gradebook_cell" in statement:
            seen.append((statement, parameters))
        elif statement.startswith("SET "):
            settings.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", capture)
        try:
            gradebook(db.session.get(User, user_id), course)
        finally:
            event.remove(db.engine, "before_cursor_execute", capture)
            db.session.remove()
    assert len(seen) == 1, f"expected one query over gradebook_cell, saw {len(seen)}"
    return settings, *seen[0]


def plan(app, settings: list[str], statement: str, parameters) -> list[str]:
    """The engine's plan for the gradebook's query (PostgreSQL: executed, with timings)."""
    with app.app_context(), db.engine.connect() as connection:
        for setting in settings:
            connection.exec_driver_sql(setting)
        if connection.dialect.name == "sqlite":
            rows = connection.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters)
            depth = {0: -1}
            lines = []
            for node, parent, _, detail in rows:
                depth[node] = depth.get(parent, -1) + 1
                lines.append("  " * depth[node] + detail)
            return lines
        rows = connection.exec_driver_sql("EXPLAIN (ANALYZE, BUFFERS) " + statement, parameters)
        return [shorten(line) for (line,) in rows]


def shorten(line: str, width: int = 160) -> str:
    """A plan's line with its long lists of ids elided, cut at `width` characters."""
    line = re.sub(r"'\{(\d+,){8,}\d+\}'", lambda m: f"'{{{m.group(0).count(',') + 1} ids}}'",
                  line)
    return line if len(line) <= width else line[:width - 1] + "…"


def sign_in(app, client, user_id: int) -> None:
    """Give the test client the session Flask-Login would (the user and session version)."""
    with app.app_context():
        session_id = db.session.get(User, user_id).get_id()
    with client.session_transaction() as session:
        session["_user_id"], session["_fresh"] = session_id, True


def in_process(app, user_id: int, course: int, token: str, runs: int) -> dict:
    """Median seconds of each step, no HTTP: the query alone, the service, the endpoints."""
    settings, statement, parameters = captured_query(app, user_id, course)
    client = app.test_client()
    bearer = {"Authorization": f"Bearer {token}"}
    sign_in(app, client, user_id)

    def sql() -> None:
        with db.engine.connect() as connection:
            for setting in settings:
                connection.exec_driver_sql(setting)
            connection.exec_driver_sql(statement, parameters).fetchall()

    def service():
        try:
            return gradebook(db.session.get(User, user_id), course)
        finally:
            db.session.remove()

    def get(path: str, headers: dict | None = None):
        def call() -> None:
            response = client.get(path, headers=headers or {})
            assert response.status_code in (200, 404), (path, response.status_code)
        return call

    def refreshed(refresh, *args):
        def call() -> None:
            refresh(*args)
            db.session.commit()
            db.session.remove()
        return call

    with app.app_context():
        book = service()
        page_there = client.get(f"/courses/{course}").status_code == 200
        steps = {
            "sql": sql,
            "service": service,
            "csv_text": lambda: as_csv(book),
            "json_endpoint": get(f"/api/v1/courses/{course}/gradebook", bearer),
            "csv_endpoint": get(f"/api/v1/courses/{course}/gradebook.csv", bearer),
        }
        if page_there:
            steps["page_endpoint"] = get(f"/courses/{course}")
        steps["refresh_cells"] = refreshed(refresh_cells, *db.session.execute(
            select(GradebookCell.user_id, GradebookCell.challenge_id).limit(1)).one())
        steps["refresh_assignment"] = refreshed(lambda a: refresh_assignment(
            db.session.get(Assignment, a)), db.session.scalar(select(Assignment.id).where(
                Assignment.course_id == course).limit(1)))
        timings = {}
        for name, step in steps.items():
            step()  # warm
            samples, cpu = [], []
            for _ in range(runs):
                started, used = time.perf_counter(), time.process_time()
                step()
                samples.append(time.perf_counter() - started)
                cpu.append(time.process_time() - used)
            timings[name] = (statistics.median(samples), percentile95(samples),
                             statistics.median(cpu))
    return {"timings": timings, "statement": statement, "parameters": parameters,
            "plan": plan(app, settings, statement, parameters), "settings": settings}


def profile(app, user_id: int, course: int, token: str, path: str) -> str:
    """A cProfile of one request to `path` through the test client, top 25 by own time."""
    client = app.test_client()
    sign_in(app, client, user_id)
    headers = {"Authorization": f"Bearer {token}"} if path.startswith("/api") else {}
    with app.app_context():
        client.get(path, headers=headers)
        profiler = cProfile.Profile()
        profiler.enable()
        client.get(path, headers=headers)
        profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
    return out.getvalue()


# ---------------------------------------------------------------------------------------------
# The report


def engine_version(app) -> str:
    """The database engine and its version."""
    with app.app_context(), db.engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            version = connection.exec_driver_sql("select sqlite_version()").scalar()
            return f"SQLite {version} (WAL)"
        version = connection.exec_driver_sql("show server_version").scalar()
        return f"PostgreSQL {version}"


def indexes(app) -> list[str]:
    """The indexes of the gradebook's tables, as the migrations made them."""
    with app.app_context():
        found = [(table, ix) for table in ("gradebook_cell", "submission")
                 for ix in inspect(db.engine).get_indexes(table)]
    return [f"{table}: {ix['name']} ({', '.join(ix['column_names'])})" for table, ix in found]


def render(engine: str, http: dict, checks: dict, local: dict, info: dict, args) -> str:
    """The report as Markdown: the HTTP table, where the time goes, the plan, the command."""
    names = {"page": f"page `/courses/{info['course']}` (HTML, session)",
             "json": f"`GET /api/v1/courses/{info['course']}/gradebook` (JSON, token)",
             "csv": f"`GET /api/v1/courses/{info['course']}/gradebook.csv` (CSV, token)"}
    sizes = {"page": checks.get("page_bytes", 0), "json": checks["json_bytes"],
             "csv": checks["csv_bytes"]}
    lines = [f"| {engine}: what | median (ms) | p95 (ms) | server CPU per request (ms) "
             f"| per second, {args.clients} clients | body (KB) |", "|---|---|---|---|---|---|"]
    for key in ("page", "json", "csv"):
        if key in http:
            row = http[key]
            lines.append(f"| {names[key]} | {row['median'] * 1000:.1f} | {row['p95'] * 1000:.1f}"
                         f" | {row['cpu'] * 1000:.0f} | {row['throughput']:.2f} "
                         f"| {sizes[key] / 1024:.0f} |")
        else:
            lines.append(f"| {names[key]} | not served ({checks['page_status']}) | | | | |")
    steps = {
        "sql": "the query alone: the driver fetching every row (no SQLAlchemy)",
        "service": "`gradebook()`: the query through SQLAlchemy, and the cells",
        "csv_text": "`as_csv()` of a built gradebook",
        "json_endpoint": "JSON endpoint, Flask test client (service + serialisation)",
        "csv_endpoint": "CSV endpoint, Flask test client (service + `as_csv`)",
        "page_endpoint": "page, Flask test client (service + template)",
        "refresh_cells": "a verdict recorded: `refresh_cells()` of one student and challenge, "
                         "committed",
        "refresh_assignment": "an assignment edited: `refresh_assignment()` of its cells "
                              f"({args.sizes[0]} students x {args.sizes[1] // ASSIGNMENTS} "
                              "challenges), committed",
    }
    local_lines = [f"| {engine}, in-process | median (ms) | p95 (ms) | CPU, this process: "
                   "median (ms) |", "|---|---|---|---|"]
    for key, (median, p95, cpu) in local["timings"].items():
        local_lines.append(f"| {steps[key]} | {median * 1000:.1f} | {p95 * 1000:.1f} "
                           f"| {cpu * 1000:.1f} |")
    worst = [http[k]["p95"] * 1000 for k in ("page", "csv") if k in http]
    verdict = ("met" if worst and max(worst) < GOAL_MS and "page" in http else
               "not met" if worst and max(worst) >= GOAL_MS else "not known (no page)")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Linux {platform.release()}"
    return "\n".join([
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {machine}, {engine}; load average "
        f"{info['load_before']:.1f} before, {info['load_after']:.1f} after. {info['rows']:,} "
        f"submissions ({args.sizes[0]} students x {args.sizes[1]} challenges x "
        f"{args.sizes[2]}), {checks['late_cells']} late cells; {info['seeding']}"
        + (f"; the page shows {checks['page_students']} of the {args.sizes[0]} students"
           if "page_students" in checks else "") + ". "
        f"`arena serve` (waitress, 8 threads) on loopback; request sent to last byte read "
        f"(Python requests), {args.runs} requests one after another after {args.warmup} to "
        f"warm up, then {args.runs} with {args.clients} clients at once; server CPU: the `arena "
        f"serve` process's CPU time over those requests, per request (PostgreSQL's own "
        f"processes not included).", "",
        *lines, "", *local_lines, "",
        "Indexes (besides the primary keys; gradebook_cell's is (assignment_id, challenge_id, "
        f"user_id)): {'; '.join(info['indexes'])}.", "",
        "The gradebook's query over `gradebook_cell`, its plan"
        + (f" (after `{'; '.join(local['settings'])}`, as the service does)"
           if local["settings"] else "") + ":", "", "```",
        *local["plan"], "```", "",
        f"Goal: the page and the CSV under {GOAL_MS} ms (p95): {verdict}.", "",
        f"Command: `{info['command']}`", ""])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    parser.add_argument("--reset", action="store_true",
                        help="empty a database that holds other data (drops its tables)")
    parser.add_argument("--students", type=int, default=500)
    parser.add_argument("--challenges", type=int, default=30)
    parser.add_argument("--submissions", type=int, default=20,
                        help="finished submissions per student and challenge")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--profile", action="store_true",
                        help="also print a cProfile of each endpoint (test client)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.challenges % ASSIGNMENTS:
        parser.error(f"--challenges: a multiple of {ASSIGNMENTS} (the assignments)")
    args.sizes = (args.students, args.challenges, args.submissions)
    for name in [n for n in os.environ if n.startswith("ARENA_")]:
        del os.environ[name]  # the app reads ARENA_* over its settings: keep to the ones here
    command = "python bench/gradebook.py " + shlex.join(sys.argv[1:])
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="bench-gradebook-") as name:
        folder = Path(name)
        (folder / "no-challenges").mkdir()
        url = database_url(args.database_url or f"sqlite:///{folder / 'arena.db'}")
        app, fresh = open_database(url, folder, args.reset, args.sizes)
        seeding = "the database seeded by an earlier run"
        if fresh:
            seconds = seed(app, *args.sizes, args.seed)
            seeding = f"seeded in {seconds:.0f} s"
            print(f"seeded in {seconds:.1f} s", file=sys.stderr)
        settle(app)
        with app.app_context():
            course = db.session.scalar(select(Course.id).where(Course.title == title(*args.sizes)))
            user_id = db.session.scalar(select(User.id).where(User.username == INSTRUCTOR))
            rows = db.session.scalar(select(db.func.count()).select_from(Submission))
            args.token = create_token(INSTRUCTOR)
            db.session.remove()
        http, checks = over_http(url, folder, course, args)
        local = in_process(app, user_id, course, args.token, args.runs)
        info = {"course": course, "rows": rows, "seeding": seeding, "indexes": indexes(app),
                "command": command, "load_before": load_before,
                "load_after": os.getloadavg()[0]}
        report = render(engine_version(app), http, checks, local, info, args)
        if args.profile:
            for path in (f"/courses/{course}", f"/api/v1/courses/{course}/gradebook",
                         f"/api/v1/courses/{course}/gradebook.csv"):
                print(f"## cProfile: {path}\n\n{profile(app, user_id, course, args.token, path)}",
                      file=sys.stderr)
        with app.app_context():
            db.engine.dispose()
    print(report)
    if not checks.get("page_gradebook", True) or checks["page_status"] != 200:
        print(f"the page /courses/{course} answered {checks['page_status']}"
              + ("" if checks["page_status"] != 200 else " without data-testid=\"gradebook\""),
              file=sys.stderr)
    if args.out:
        args.out.write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
