"""A live `arena serve` in a subprocess (bench/live_server.py), with the CLI run as a newcomer
would run it; a Redis of a test's own for the distributed queue."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from bench.live_server import LiveServer, environment, free_port, wait_until


@pytest.fixture
def server(tmp_path: Path, fresh_database_url: str) -> Iterator[LiveServer]:
    """Return a live server (not started) on a fresh data folder and a fresh database at the
    newest revision (`arena serve` never migrates)."""
    # The default backend: Docker where an engine and the image are there (CI), else process.
    live = LiveServer(environment(ARENA_DATA_DIR=str(tmp_path / "data"),
                                  ARENA_DATABASE_URL=fresh_database_url))
    yield live
    live.stop()


@pytest.fixture
def ready_server(server: LiveServer, fresh_database_url: str,
                 seed_database) -> LiveServer:
    """Return the live server (not started) on a database holding the catalog prepared, as in
    steady state: its lane has nothing to prepare beside the test."""
    seed_database(fresh_database_url)
    return server


@pytest.fixture
def own_redis() -> Iterator[str]:
    """Start a Redis of this test's own (the Celery lists are shared by every client of a
    Redis); return its URL."""
    if shutil.which("redis-server") is None:
        pytest.skip("no redis-server (apt-get install redis-server)")
    port = free_port()
    process = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                                "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        wait_until(lambda: _answers(url), 20, "redis-server answering")
        yield url
    finally:
        process.kill()
        process.wait()


def _answers(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False
