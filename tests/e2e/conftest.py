"""A live `arena serve` in a subprocess (bench/live_server.py), with the CLI run as a newcomer
would run it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.live_server import LiveServer, environment


@pytest.fixture
def server(tmp_path: Path, fresh_database_url: str) -> Iterator[LiveServer]:
    """Return a live server (not started) on a fresh data folder and database."""
    # The default backend: Docker where an engine and the image are there (CI), else process.
    live = LiveServer(environment(ARENA_DATA_DIR=str(tmp_path / "data"),
                                  ARENA_DATABASE_URL=fresh_database_url))
    yield live
    live.stop()
