"""Kill the server with work queued and running; start it again; every submission ends done."""

import time

import pytest
import requests

pytestmark = pytest.mark.sandbox

SLOW_SOFTMAX = '''import math, time

def softmax(row):
    time.sleep(0.3)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    return [e / sum(exps) for e in exps]
'''


def wait_for(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError("timed out")


def test_no_submission_is_lost_or_stuck_across_a_crash(server):
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

    wait_for(lambda: "running" in statuses(), 60)
    server.kill()
    server.start()
    wait_for(lambda: set(statuses()) == {"done"}, 240)
    for submission_id in ids:
        body = requests.get(f"{url}/submissions/{submission_id}", headers=headers,
                            timeout=10).json()
        assert body["verdict"] == "accepted"
        assert body["passed"] == body["total"] == len(body["tests"])
