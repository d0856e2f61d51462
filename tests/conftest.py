"""Shared fixtures: a fresh app and database per test, clients, users with tokens, the catalog.

The database is a temporary SQLite file, unless ARENA_DATABASE_URL names another one (CI also
runs the suite against PostgreSQL): then its schema is dropped and migrated afresh per test.
A SQLite database is a copy of one migrated once per session.

Preparing a challenge version runs its cases, reference and every mutant in the sandbox; the
`catalog` fixture gives each fresh database the cases that an earlier test of the session
prepared for the same content hash, so that each version is prepared once per session.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, select, text, update

from arena import create_app
from arena.config import database_url
from arena.db import upgrade
from arena.extensions import db
from arena.jobs.queue import EmbeddedQueue, get_queue
from arena.jobs.sandbox import close_sandbox
from arena.models import ChallengeVersion, User
from arena.services.authoring import import_challenge
from arena.services.catalog import list_challenges, sync_catalog
from arena.services.users import create_token, create_user
from arena.services.versions import publish
from graders.sandbox.base import Sandbox, SandboxUnavailable
from graders.sandbox.selection import select_sandbox


def _reset_postgres(url: str) -> None:
    """Drop every table, type and sequence of the test database's public schema."""
    engine = create_engine(database_url(url))
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def _settings(url: str, folder: Path) -> dict[str, Any]:
    """Return the test mapping of an app on `url` with its data in `folder`."""
    return {"TESTING": True, "DATA_DIR": str(folder / "data"), "DATABASE_URL": url,
            "SECRET_KEY": "test",
            # The documented rate limits, counted afresh per app (not in a Redis that
            # ARENA_REDIS_URL may name): tests/web/test_rate_limit.py configures its own.
            "RATE_LIMIT_STORAGE_URI": "memory://"}


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a SQLite file migrated to the newest revision once per session: each test's
    database starts as a copy (an upgrade loads every revision file: a quarter second)."""
    folder = tmp_path_factory.mktemp("migrated")
    template = create_app(_settings(f"sqlite:///{folder / 'arena.db'}", folder))
    upgrade(template)
    with template.app_context():
        db.engine.dispose()  # the last connection checkpoints the WAL into the file
    return folder / "arena.db"


@pytest.fixture
def fresh_database_url(tmp_path: Path, migrated_sqlite: Path) -> str:
    """Return the URL of a fresh database: ARENA_DATABASE_URL's schema dropped (empty), or a
    copy of the session's migrated SQLite file (at the newest revision, no rows)."""
    url = os.environ.get("ARENA_DATABASE_URL")
    if url and not url.startswith("sqlite"):
        _reset_postgres(url)
        return url
    shutil.copyfile(migrated_sqlite, tmp_path / "arena.db")
    return f"sqlite:///{tmp_path / 'arena.db'}"


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Return settings that the `app` fixture adds to its test mapping (a module overrides it)."""
    return {}


@pytest.fixture
def app(fresh_database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        app_config: dict[str, Any]) -> Iterator:
    """Create an app on a fresh, fully migrated database."""
    # The environment overrides the test mapping: keep it from sharing state between tests.
    for name in ("ARENA_DATABASE_URL", "ARENA_DATA_DIR", "ARENA_RATE_LIMIT_STORAGE_URI"):
        monkeypatch.delenv(name, raising=False)
    app = create_app({**_settings(fresh_database_url, tmp_path), **app_config})
    if not fresh_database_url.startswith("sqlite"):
        upgrade(app)
    yield app
    get_queue(app).stop(timeout=30)
    close_sandbox(app)
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    """Return a test client for the app."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """Return a runner for the app's Flask CLI commands."""
    return app.test_cli_runner()


@pytest.fixture(scope="session")
def prepared_cache() -> dict[str, Any]:
    """Return the session's prepared cases (`ChallengeVersion.prepared`) by content hash."""
    return {}


@pytest.fixture
def unprepared_catalog(app, prepared_cache: dict[str, Any]) -> Iterator[list[str]]:
    """Load the repository's challenges into the database, none prepared; yield their slugs.

    For the tests of preparing itself. Whatever the test prepared is kept for the session.
    """
    with app.app_context():
        report = sync_catalog(Path(app.config["CHALLENGES_DIR"]))
        # challenges/validated.toml names every folder as `make validate` proved it; a folder
        # changed since is left a draft, and its tests fail here until it is validated again.
        assert not report.broken and not report.pending, (
            f"broken: {report.broken}; not proven: {[v.challenge.slug for v in report.pending]}"
            " (run `arena challenges validate`)")
        slugs = [c.slug for c in list_challenges()]
    yield slugs
    with app.app_context():
        for version in db.session.scalars(
                select(ChallengeVersion).where(ChallengeVersion.prepared.is_not(None))):
            prepared_cache.setdefault(version.content_hash, version.prepared)
        db.session.rollback()


@pytest.fixture
def catalog(app, unprepared_catalog: list[str], prepared_cache: dict[str, Any]) -> list[str]:
    """Load the repository's challenges, each prepared if the session prepared its content."""
    with app.app_context():
        for version in db.session.scalars(select(ChallengeVersion)):
            if version.prepared is None and version.content_hash in prepared_cache:
                version.prepared = prepared_cache[version.content_hash]
        db.session.commit()
    return unprepared_catalog


@pytest.fixture
def mark_prepared(app) -> Callable[[], None]:
    """Return a function that marks every version's preparation over, for tests of claiming
    that grade nothing: a version the session never prepared has no cases then (grading it
    would end as NOT_PREPARED), but work on it may be claimed."""

    def mark() -> None:
        with app.app_context():
            db.session.execute(update(ChallengeVersion)
                               .where(ChallengeVersion.prepare_status.is_(None))
                               .values(prepare_status="done"))
            db.session.commit()

    return mark


@pytest.fixture
def claimable_catalog(catalog: list[str], mark_prepared: Callable[[], None]) -> list[str]:
    """Load the repository's challenges, each claimable (`mark_prepared`)."""
    mark_prepared()
    return catalog


@pytest.fixture
def make_token(app) -> Callable[..., str]:
    """Return a function that creates a user and returns a fresh API token for them."""

    def make(username: str = "ann", role: str = "student") -> str:
        with app.app_context():
            create_user(username, role)
            return create_token(username)

    return make


@pytest.fixture
def auth_headers(make_token) -> dict[str, str]:
    """Return the Authorization header of a fresh student, 'ann'."""
    return {"Authorization": f"Bearer {make_token()}"}


@pytest.fixture
def queue(app) -> Iterator[EmbeddedQueue]:
    """Start the app's embedded queue (the real sandbox) for the test."""
    worker_queue = get_queue(app)
    worker_queue.start()
    yield worker_queue
    worker_queue.stop(timeout=60)


def _make_sandbox(name: str) -> Sandbox:
    """Return the named backend; without Docker, skip, unless ARENA_REQUIRE_DOCKER=1 (CI)."""
    try:
        return select_sandbox(name, pool_size=2 if name == "docker" else 0)
    except SandboxUnavailable as exc:
        if os.environ.get("ARENA_REQUIRE_DOCKER") == "1":
            pytest.fail(f"the Docker tier must run here: {exc}")
        pytest.skip(f"no Docker sandbox: {exc}")


@pytest.fixture(scope="session")
def make_sandbox() -> Callable[..., Sandbox]:
    """Return a function that builds a sandbox backend by name (skipping Docker if absent)."""
    return _make_sandbox


TINY_TOML = '''slug = "running-max"
entry_point = "running_max"
difficulty = "easy"
track = "foundations"
order = 50
time_limit = 2.0

[title]
en = "Running maximum"
ko = "누적 최댓값"

[hints]
en = ["Keep the largest value seen so far."]
ko = ["지금까지 본 가장 큰 값을 기억하세요."]

[mutants.returns_input]
en = "Your function returns the row as it is: it never keeps the largest value seen so far."
ko = "행을 그대로 돌려줍니다. 지금까지 본 가장 큰 값을 기억하지 않습니다."
'''
TINY_CASES = '''def cases():
    return [
        {"name": {"en": "three increasing", "ko": "증가하는 세 값"}, "args": [[1.0, 2.0, 3.0]],
         "public": True},
        {"name": {"en": "one value", "ko": "값 하나"}, "args": [[5.0]]},
        {"name": {"en": "ten increasing", "ko": "증가하는 열 값"},
         "args": [[float(i) for i in range(10)]]},
    ]
'''


@pytest.fixture
def tiny_files() -> dict[str, str]:
    """Return a small valid challenge's files; its cases miss its one mutant until a case
    where the row goes down is added (`tiny_killing_case`)."""
    return {
        "challenge.toml": TINY_TOML,
        "statement.en.md": "# Running maximum\n\nReturn $m_i = \\max_{j \\le i} x_j$.\n",
        "statement.ko.md": "# 누적 최댓값\n\n$m_i = \\max_{j \\le i} x_j$를 돌려주세요.\n",
        "starter.py": "def running_max(row):\n    return [0.0 for _ in row]\n",
        "reference.py": ("def running_max(row):\n    out, top = [], float('-inf')\n"
                         "    for x in row:\n        top = max(top, x)\n        out.append(top)\n"
                         "    return out\n"),
        "cases.py": TINY_CASES,
        "mutants/returns_input.py": "def running_max(row):\n    return list(row)\n",
    }


@pytest.fixture
def publish_files(app) -> Callable[[str, dict[str, str]], int]:
    """Return a function that makes files their challenge's draft, owned by `owner` (a
    username), and publishes it as a finished, valid validation would; it returns the
    published version's number."""

    def publish_as(owner: str, files: dict[str, str]) -> int:
        with app.app_context():
            user = db.session.scalar(select(User).where(User.username == owner))
            version = import_challenge({path: text.encode() for path, text in files.items()},
                                       user, publish_when_valid=False)
            version.validation_status, version.validation = "done", {"valid": True}
            publish(version.challenge, version)
            db.session.commit()
            return version.number

    return publish_as


@pytest.fixture
def tiny_valid_files(tiny_files: dict[str, str]) -> dict[str, str]:
    """Return the small challenge with a hidden case that catches its mutant: valid."""
    cases = tiny_files["cases.py"].replace(
        "    ]\n", '        {"name": {"en": "a dip", "ko": "내려감"}, "args": [[3.0, 1.0, 2.0]]},\n'
                   "    ]\n")
    return {**tiny_files, "cases.py": cases}


REDIS_URL = os.environ.get("ARENA_REDIS_URL") or "redis://127.0.0.1:6379"


@pytest.fixture
def redis_url() -> str:
    """Return the URL of a Redis that answers; skip without one, unless ARENA_REQUIRE_REDIS=1."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        if os.environ.get("ARENA_REQUIRE_REDIS") == "1":
            pytest.fail(f"Redis must answer at {REDIS_URL} here: {exc}")
        pytest.skip(f"no Redis at {REDIS_URL}: {exc}")
    return REDIS_URL
