"""Exactly once through a web replica's death: two web replicas behind the proxy, 100
submissions sent by `arena submit`'s client (a fresh Idempotency-Key each, retried with it),
one replica killed (`docker kill`) while they go, then every submission stored once and
graded, every key answered. Counted in PostgreSQL, not through the API.
"""

from __future__ import annotations

import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from arena.client import ArenaClient
from tests.compose.stack import CORRECT, SLUG, Stack, run, wait

pytestmark = pytest.mark.timeout(2400)

SUBMISSIONS = 100
#: 4 submissions per student: within the documented per-user limits (4 queued at most,
#: ARENA_MAX_PENDING_PER_USER; 10 a minute, ARENA_SUBMISSION_RATE_LIMIT).
STUDENTS = 25
CLIENTS = 10  # sending at once
KILL_AFTER = 30  # answers received before a replica is killed
MARK = "# failover "
#: The students made in one process of a web container (`arena users create` and `tokens
#: create` would start 50): each name's token on a line of its own.
MAKE_STUDENTS = """
import sys
from arena import create_app
from arena.services.users import create_token, create_user
with create_app().app_context():
    for name in sys.argv[1:]:
        create_user(name)
        print(create_token(name))
"""


def _sql(stack: Stack, query: str) -> str:
    return stack.compose("exec", "-T", "postgres", "psql", "-U", "arena", "-d", "arena",
                         "-tAc", query).strip()


def test_a_web_replica_killed_during_100_submissions_stores_each_once(stack: Stack) -> None:
    stack.build()
    stack.up("--scale", "web=2", "--scale", "worker=1")
    wait("two healthy web replicas",
         lambda: len(stack.containers("web", "health=healthy")) == 2, timeout=240)
    tokens = stack.compose("exec", "-T", "web", "python", "-c", MAKE_STUDENTS,
                           *(f"fo{number}" for number in range(STUDENTS))).split()
    assert len(tokens) == STUDENTS
    codes = [f"{CORRECT}\n{MARK}{number}\n" for number in range(SUBMISSIONS)]

    answered: list[int] = []
    enough = threading.Event()

    def send(number: int) -> dict:
        answer = ArenaClient(stack.url, tokens[number % STUDENTS]).send(SLUG, codes[number])
        answered.append(number)
        if len(answered) >= KILL_AFTER:
            enough.set()
        return answer

    victim = stack.containers("web", "status=running")[0]
    with ThreadPoolExecutor(CLIENTS) as pool:
        futures = [pool.submit(send, number) for number in range(SUBMISSIONS)]
        assert enough.wait(600), "no answers before the kill"
        killed_at = time.monotonic()
        run(["docker", "kill", victim])
        answers = [future.result() for future in futures]  # raises what a client could not
    stack.timings["after the kill"] = round(time.monotonic() - killed_at, 1)
    served = len(re.findall(r'"POST /api/v1/challenges/[^ ]+/submissions',
                            run(["docker", "logs", victim], check=False).stdout))
    assert served > 0, "the killed replica served no submission: nothing was tested"

    ids = [answer["id"] for answer in answers]
    assert len(set(ids)) == SUBMISSIONS, "two submissions were answered with one id"
    marked = f"code LIKE '%{MARK}%'"
    stored = _sql(stack, f"SELECT count(*), count(DISTINCT code) FROM submission WHERE {marked}")
    assert stored == f"{SUBMISSIONS}|{SUBMISSIONS}", f"stored (rows|distinct): {stored}"
    stored_ids = {int(row) for row in _sql(
        stack, f"SELECT id FROM submission WHERE {marked}").split()}
    assert stored_ids == set(ids)
    keys = _sql(stack, "SELECT count(*), count(status) FROM idempotency_key")
    assert keys == f"{SUBMISSIONS}|{SUBMISSIONS}", f"keys (stored|answered): {keys}"

    def graded() -> bool:
        return _sql(stack, f"SELECT count(*) FROM submission WHERE {marked} AND "
                           "status = 'done'") == str(SUBMISSIONS)
    stack.timed("graded", lambda: wait("every submission graded", graded, timeout=1200,
                                       every=5))
    verdicts = dict(line.split("|") for line in _sql(
        stack, f"SELECT verdict, count(*) FROM submission WHERE {marked} GROUP BY verdict")
        .splitlines())
    # A correct solution: accepted, or over its wall clock on a machine loaded many times over
    # (docs/deploy.md, "Sizing"); never the platform's fault.
    assert set(verdicts) <= {"accepted", "time_limit_exceeded"}, verdicts
    print(f"\nfailover: the killed replica served {served} submissions; verdicts {verdicts}; "
          f"timings {stack.timings}")
    stack.compose("down", "-v", "--remove-orphans", timeout=300)
