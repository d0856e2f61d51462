"""Shared fixtures: a fresh app and database per test, clients, users with tokens, the catalog.

The database is a temporary SQLite file, unless ARENA_DATABASE_URL names another one (CI also
runs the suite against PostgreSQL): then its schema is dropped and migrated afresh per test.

Preparing a challenge version runs its cases, reference and every mutant in the sandbox; the
`catalog` fixture gives each fresh database the cases that an earlier test of the session
prepared for the same content hash, so that each version is prepared once per session.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, select, text

from arena import create_app
from arena.config import database_url
from arena.db import upgrade
from arena.extensions import db
from arena.models import ChallengeVersion
from arena.queue import EmbeddedQueue, get_queue
from arena.sandbox import close_sandbox
from arena.services.catalog import sync_catalog
from arena.services.users import create_token, create_user
from graders.sandbox import Sandbox, SandboxUnavailable, select_sandbox


def _reset_postgres(url: str) -> None:
    """Drop every table, type and sequence of the test database's public schema."""
    engine = create_engine(database_url(url))
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture
def fresh_database_url(tmp_path: Path) -> str:
    """Return the URL of an empty database: ARENA_DATABASE_URL reset, or a new SQLite file."""
    url = os.environ.get("ARENA_DATABASE_URL")
    if url and not url.startswith("sqlite"):
        _reset_postgres(url)
        return url
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
    app = create_app({
        "TESTING": True,
        "DATA_DIR": str(tmp_path / "data"),
        "DATABASE_URL": fresh_database_url,
        "SECRET_KEY": "test",
        # The documented rate limits, counted afresh per app (not in a Redis that
        # ARENA_REDIS_URL may name): tests/web/test_rate_limit.py configures its own.
        "RATE_LIMIT_STORAGE_URI": "memory://",
        **app_config,
    })
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
        slugs = [c.slug for c in sync_catalog(Path(app.config["CHALLENGES_DIR"]))]
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
