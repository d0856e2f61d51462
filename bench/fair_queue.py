"""How long a learner waits behind another account's flood of slow submissions.

    .venv/bin/python bench/fair_queue.py [--flood 8] [--sleep 2] [--workers 1]

One `arena serve` (SQLite, process sandbox, `--workers` embedded workers). The flood account
posts `--flood` submissions that sleep `--sleep` seconds in each box before solving softmax;
once the first is running, the learner submits the reference. Reported, from the database
(the API shows no `started_at`): the learner's wait for a worker (created to started), a flood
job's grading (started to finished), and how many flood jobs finished before the learner's.
Goal (docs/benchmarks.md): the wait is at most about one grading.
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
from datetime import datetime
from pathlib import Path

from live_server import ROOT, Server, wait_until

REFERENCE = (ROOT / "challenges" / "softmax" / "reference.py").read_text()
SUBMIT = "/api/v1/challenges/softmax/submissions"


def _times(database: Path, submission_id: int) -> tuple[datetime | None, ...]:
    """Return a submission's created, started and finished times (None: not yet)."""
    with sqlite3.connect(database) as connection:
        row = connection.execute("SELECT created_at, started_at, finished_at FROM submission "
                                 "WHERE id = ?", (submission_id,)).fetchone()
    return tuple(value and datetime.fromisoformat(value) for value in row)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", type=int, default=8)
    parser.add_argument("--sleep", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    slow = f"import time\ntime.sleep({args.sleep})\n" + REFERENCE
    with tempfile.TemporaryDirectory(prefix="arena-fair-") as folder:
        server = Server(folder, {"ARENA_WORKERS": str(args.workers),
                                 "ARENA_MAX_PENDING_PER_USER": str(args.flood)})
        try:
            flood = {"Authorization": f"Bearer {server.token('flood')}"}
            flooded = [server.api.post(server.url + SUBMIT, json={"code": slow}, headers=flood,
                                       timeout=30).json()["id"] for _ in range(args.flood)]
            database = Path(folder) / "arena.db"
            wait_until(lambda: _times(database, flooded[0])[1], 300, "the flood under way")
            mine = server.submit("softmax", REFERENCE)
            wait_until(lambda: all(_times(database, i)[2] for i in flooded), 600, "the flood")
        finally:
            server.stop()
        created, started, finished = _times(database, mine["id"])
        gradings = [(end - start).total_seconds()
                    for _, start, end in (_times(database, i) for i in flooded)]
        before = sum(_times(database, i)[2] < finished for i in flooded)
    print(f"flood of {args.flood}, {args.workers} worker(s): the learner waited "
          f"{(started - created).total_seconds():.2f} s for a worker; a flood job's grading "
          f"took {min(gradings):.2f}-{max(gradings):.2f} s; {before} flood job(s) finished "
          "before the learner's")


if __name__ == "__main__":
    main()
