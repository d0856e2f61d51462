"""`arena serve` grades in processes of its own (ARENA_GRADING_PROCESSES, arena.jobs.processes):
they grade while the web process answers, wake a waiting read at once, are started again when
one dies, and end with the server, however it ends, leaving no sandbox box behind. Its web
process waits without threads (arena.cooperative): a class of 200 waits at once."""

from __future__ import annotations

import os
import signal
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import docker
import pytest
import requests

from bench.live_server import LiveServer, student_tokens, wait_until
from graders.sandbox.reaper import OWNER_LABEL

# The embedded server on its SQLite default (make test-postgres leaves it out).
pytestmark = [pytest.mark.sandbox, pytest.mark.any_database]

SOFTMAX = ("import math\n\n\ndef softmax(row):\n    top = max(row)\n"
           "    exps = [math.exp(x - top) for x in row]\n    total = sum(exps)\n"
           "    return [e / total for e in exps]\n")


def graders_of(pid: int) -> list[int]:
    """Return the `arena grader` processes whose parent is `pid`."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes().split(b"\0")
        except (OSError, IndexError, ValueError):
            continue  # gone since the listing
        if parent == pid and b"grader" in command:
            found.append(int(stat.parent.name))
    return sorted(found)


def alive(pid: int) -> bool:
    return Path(f"/proc/{pid}").exists() and "Z" not in \
        Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:1]


def boxes_of(pids: list[int]) -> list[str]:
    """Return what is left of the sandbox boxes of these grading processes: their Docker
    containers (labelled with each as owner) and their process boxes' launchers."""
    left = [f"launcher of {p}" for p in pids for child in Path("/proc").glob("[0-9]*/cmdline")
            if _box_of(child, p)]
    try:
        client = docker.from_env(timeout=30)
        client.ping()
    except docker.errors.DockerException:
        return left
    host = socket.gethostname()
    for pid in pids:
        left += [c["Id"] for c in client.api.containers(all=True, filters={
            "label": OWNER_LABEL}) if c["Labels"][OWNER_LABEL].startswith(f"{host}:{pid}:")]
    return left


def _box_of(cmdline: Path, pid: int) -> bool:
    try:
        return b"launcher.py" in cmdline.read_bytes() and f"arena-box-{socket.gethostname()}:" \
            f"{pid}:".encode() in cmdline.read_bytes()
    except OSError:
        return False


def submit_and_wait(server: LiveServer, headers: dict) -> dict:
    """Submit a correct softmax and read it back, each read waiting on the server for the
    verdict (as `arena submit` does), until it is done; return the finished body."""
    answer = requests.post(f"{server.url}/api/v1/challenges/softmax/submissions",
                           headers=headers, json={"code": SOFTMAX}, timeout=30)
    assert answer.status_code == 202, answer.text

    def finished() -> dict | None:
        body = requests.get(f"{server.url}{answer.json()['url']}", params={"wait": 5},
                            headers=headers, timeout=60).json()
        return body if body["status"] == "done" else None

    return wait_until(finished, 120, "the submission graded", every=0.05)


def _gauges(server: LiveServer, prefix: str = "arena_worker") -> dict[str, float]:
    text = requests.get(f"{server.url}/metrics", timeout=10).text
    return {name: float(value) for name, value in
            (line.split() for line in text.splitlines() if line.startswith(prefix))}


def threads_of(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/task").iterdir()))


@pytest.fixture
def grading(ready_server: LiveServer, tmp_path: Path):
    """Start the live server with two grading processes; return it and their pids."""
    ready_server.env.update(ARENA_GRADING_PROCESSES="2", ARENA_WORKERS="2",
                            ARENA_READ_WAIT_SECONDS="60")
    log = open(tmp_path / "serve.log", "wb")
    ready_server.start(log)
    pids = wait_until(lambda: len(found := graders_of(ready_server.process.pid)) == 2 and found,
                      60, "two grading processes")
    yield ready_server, pids
    ready_server.stop()
    log.close()


def test_the_server_grades_in_processes_of_its_own_and_starts_a_dead_one_again(grading):
    server, pids = grading
    headers = {"Authorization": f"Bearer {server.token()}"}
    assert submit_and_wait(server, headers)["verdict"] == "accepted"
    # The web process's metrics show them: each tells its state every few seconds.
    wait_until(lambda: _gauges(server) == {"arena_workers": 2.0, "arena_worker_threads": 4.0},
               30, "both grading processes in the metrics")
    os.kill(pids[0], 9)
    replaced = wait_until(lambda: len(found := graders_of(server.process.pid)) == 2
                          and pids[0] not in found and found, 60, "the dead one started again")
    assert pids[1] in replaced
    for _ in range(4):  # whichever process grades it
        assert submit_and_wait(server, headers)["verdict"] == "accepted"


def test_the_grading_processes_end_with_a_stopped_server_leaving_no_box(grading):
    server, pids = grading
    server.stop()
    wait_until(lambda: not any(alive(p) for p in pids), 90, "the grading processes ended")
    wait_until(lambda: not boxes_of(pids), 60, "their boxes removed")


def test_the_grading_processes_end_with_a_killed_server(grading):
    """SIGKILL gives the server no say: each grading process reads the end of its stdin."""
    server, pids = grading
    server.kill()
    wait_until(lambda: not any(alive(p) for p in pids), 90, "the grading processes ended")
    wait_until(lambda: not boxes_of(pids), 60, "their boxes removed")


LEARNERS = 200


def test_two_hundred_learners_wait_for_their_verdicts_at_once_without_a_thread_each(grading):
    """Grading paused (the grading processes stopped), 200 learners each read their
    submission with `?wait=`: all 200 wait in the web process at once, which runs no more
    threads than before, and each gets its verdict once grading goes on."""
    server, pids = grading
    tokens = student_tokens(server.env, [f"waiter{i}" for i in range(LEARNERS)])
    before = threads_of(server.process.pid)
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        def submit(token: str) -> str:
            answer = requests.post(f"{server.url}/api/v1/challenges/softmax/submissions",
                                   headers={"Authorization": f"Bearer {token}"},
                                   json={"code": SOFTMAX}, timeout=60)
            assert answer.status_code == 202, answer.text
            return answer.json()["url"]

        with ThreadPoolExecutor(16) as pool:
            urls = list(pool.map(submit, tokens))

        def read(url: str, token: str) -> tuple[dict, float]:
            asked = time.monotonic()
            body = requests.get(f"{server.url}{url}", params={"wait": 60}, timeout=120,
                                headers={"Authorization": f"Bearer {token}"}).json()
            return body, time.monotonic() - asked

        with ThreadPoolExecutor(LEARNERS) as pool:
            reads = [pool.submit(read, url, token) for url, token in zip(urls, tokens, strict=True)]
            wait_until(lambda: _gauges(server, "arena_waiting_reads")
                       == {"arena_waiting_reads": float(LEARNERS)}, 60, "every read waiting")
            waiting_threads = threads_of(server.process.pid)
            paused = time.monotonic()
            for pid in pids:
                os.kill(pid, signal.SIGCONT)
            answers = [done.result() for done in reads]
        resumed = time.monotonic() - paused
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)
    assert waiting_threads <= before + 2, (before, waiting_threads)
    assert [body["verdict"] for body, _ in answers] == ["accepted"] * LEARNERS
    # Each read was answered by its verdict, not by the end of its wait: held until grading
    # went on, and answered within the minute it could have waited.
    assert all(body["status"] == "done" for body, _ in answers)
    assert resumed < 60
