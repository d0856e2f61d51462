"""Runs that sleep to their limit, on a real `arena serve`: the server keeps answering while
they wait (arena.cooperative), and the runs still end with their results through `arena
submit`'s client (which polls a 202)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from sqlalchemy import create_engine, func, select, text

from arena.client import ArenaClient
from bench.live_server import wait_until

# A server's waits, whatever its database (make test-postgres leaves it out).
pytestmark = [pytest.mark.sandbox, pytest.mark.any_database]

SOLUTION = ("import numpy as np\n\ndef softmax(row):\n    e = np.exp(np.asarray(row) - max(row))"
            "\n    return e / e.sum()\n")
SLEEPER = "import time\n\ndef softmax(row):\n    time.sleep(3600)\n"
USERS, RUNS_EACH = 4, 2  # eight runs: as many as `arena serve` had threads, before gevent


def _runs(url: str, done: bool = False) -> int:
    """Count the sleeping runs stored (the finished ones only, if `done`), from the database."""
    engine = create_engine(url)
    query = select(func.count()).select_from(text("submission")).where(
        text("kind = 'run' AND code LIKE '%sleep%'"))
    if done:
        query = query.where(text("status = 'done'"))
    with engine.connect() as connection:
        count = connection.scalar(query)
    engine.dispose()
    return count


def test_sleeping_runs_never_hold_the_server_and_still_end_by_polling(ready_server):
    server = ready_server
    # A wait ends when its run does or after 25 s (under the client's 30 s per request): if
    # waiting held the server, the health check would wait until a run ended.
    server.env.update(ARENA_WORKERS="4", ARENA_RUN_WAIT_SECONDS="25")
    server.start()
    clients = [ArenaClient(server.url, server.token(f"hostile{i}"), timeout=600)
               for i in range(USERS)]
    assert clients[0].grade("softmax", SOLUTION, run=True)["verdict"] == "accepted"
    database = server.env["ARENA_DATABASE_URL"]
    with ThreadPoolExecutor(USERS * RUNS_EACH) as pool:
        runs = [pool.submit(client.grade, "softmax", SLEEPER, True)
                for client in clients for _ in range(RUNS_EACH)]
        wait_until(lambda: _runs(database) == USERS * RUNS_EACH, 120, "every run stored")
        health = requests.get(f"{server.url}/api/v1/health", timeout=300)
        assert health.status_code == 200
        # Answered while every run still sleeps: it waited for no run to end.
        assert _runs(database, done=True) == 0
        # Each run waited 25 s, was answered 202 and is polled to its end.
        results = [run.result() for run in runs]
    assert all(r["status"] == "done" and r["verdict"] == "time_limit_exceeded" for r in results)
    assert len({r["id"] for r in results}) == USERS * RUNS_EACH
