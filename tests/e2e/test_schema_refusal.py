"""`arena serve` and `arena worker` never migrate, run as an operator runs them: on a schema
behind the code each exits at once with one line that says to run `arena db upgrade`, and
after it each starts (tests/arena/test_schema_check.py has every command and the newer
schema)."""

from __future__ import annotations

from arena.db import revisions
from bench.live_server import LiveServer, Worker, wait_until

PREVIOUS = revisions()[1]


def _refusal(done) -> str:
    """Return the one line of a process that refused to start: exit 1, no traceback."""
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1 and len(lines) == 1, done.stderr
    assert "`arena db upgrade`" in lines[0] and f"revision {PREVIOUS}, behind" in lines[0]
    return lines[0]


def _behind(server: LiveServer) -> None:
    """Take the server's database one revision back; grade in the process sandbox (these
    processes grade nothing, and it starts at once)."""
    server.env["ARENA_SANDBOX"] = "process"
    downgraded = server.cli("db", "downgrade", PREVIOUS)
    assert downgraded.returncode == 0, downgraded.stderr


def test_serve_refuses_a_schema_behind_the_code_until_it_is_upgraded(server):
    _behind(server)
    refused = _refusal(server.cli("serve", "--port", str(server.port)))
    assert server.cli("users", "create", "ann").stderr.strip() == refused  # the same line
    assert server.cli("db", "upgrade").returncode == 0
    server.start()
    assert server.cli("db", "current").returncode == 0


def test_a_worker_refuses_a_schema_behind_the_code_until_it_is_upgraded(server, own_redis,
                                                                        tmp_path):
    server.env.update(ARENA_QUEUE="distributed", ARENA_REDIS_URL=own_redis)
    _behind(server)
    _refusal(server.cli("worker"))
    assert server.cli("db", "upgrade").returncode == 0
    alive = tmp_path / "alive"
    worker = Worker(server.env, 1, None, "--alive-file", str(alive))
    try:

        def first_round() -> bool:
            assert worker.process.poll() is None, "the worker exited"
            return alive.exists()

        wait_until(first_round, 120, "the worker's first round")
    finally:
        worker.stop()

