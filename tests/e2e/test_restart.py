"""Kill the server with work queued and running; start it again; every submission ends done."""

import pytest
import requests

from bench.live_server import wait_until

# The embedded server on its SQLite default; tests/e2e/test_distributed.py kills a stack on
# PostgreSQL (make test-postgres leaves this one out).
pytestmark = [pytest.mark.sandbox, pytest.mark.any_database]

# Slow enough (0.1 s a call, about 2.5 s for the 23 cases) to be caught running, and far
# enough inside the 10 s time limit, which is wall clock, to leave room for the restart's own
# start-up (three processes importing, two warm pools filling) on a loaded host: at 0.3 s a
# call (7 s) a correct solution once ran past it in CI. A host loaded enough still could.
SLOW_SOFTMAX = '''import math, time

def softmax(row):
    time.sleep(0.1)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    return [e / sum(exps) for e in exps]
'''


def test_no_submission_is_lost_or_stuck_across_a_crash(ready_server):
    server = ready_server
    server.env["ARENA_MAX_PENDING_PER_USER"] = "6"  # one account's six, all in hand at once
    server.start()
    headers = {"Authorization": f"Bearer {server.token()}"}
    url = f"{server.url}/api/v1"
    ids = []
    for _ in range(6):
        answer = requests.post(f"{url}/challenges/softmax/submissions", headers=headers,
                               json={"code": SLOW_SOFTMAX}, timeout=10)
        assert answer.status_code == 202
        ids.append(answer.json()["id"])

    def statuses():
        return [requests.get(f"{url}/submissions/{i}", headers=headers, timeout=10)
                .json()["status"] for i in ids]

    wait_until(lambda: "running" in statuses(), 60, "a submission running", every=0.2)
    server.kill()
    server.start()
    wait_until(lambda: set(statuses()) == {"done"}, 240, "every submission done", every=0.2)
    for submission_id in ids:
        body = requests.get(f"{url}/submissions/{submission_id}", headers=headers,
                            timeout=10).json()
        assert body["verdict"] == "accepted"
        assert body["passed"] == body["total"] == len(body["tests"])
