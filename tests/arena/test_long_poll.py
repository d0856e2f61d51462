"""GET /api/v1/submissions/<id>?wait=S: the answer waits for the verdict (long polling), in
the places runs wait in, and wakes when this process records it; GET .../events pushes the
same verdict as server-sent events. No worker grades here: the
test records the verdict through the service a worker uses, so what waits is seen, not timed."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import types

import pytest
from sqlalchemy import select

from arena.api.submissions import accepted
from arena.extensions import db
from arena.jobs import finished, grading
from arena.jobs.cells import CELL_RUNS, record_cell
from arena.jobs.distributed import FINISHED, DistributedQueue
from arena.jobs.intake import run_cell
from arena.jobs.waiters import waiters_of
from arena.models import CellRun, Submission
from bench.live_server import wait_until
from graders.lessons.run import CellRun as Printed

CODE = {"code": "def softmax(row):\n    return row\n"}


@pytest.fixture
def app_config() -> dict:
    """Places to wait in, and a wait that only a recorded verdict ends."""
    return {"RUN_WAITERS": 2, "RUN_WAITERS_PER_USER": 1, "RUN_WAIT_SECONDS": 600,
            "READ_WAIT_SECONDS": 600}


def _submit(client, headers) -> str:
    response = client.post("/api/v1/challenges/softmax/submissions", json=CODE, headers=headers)
    assert response.status_code == 202
    return response.get_json()["url"]


class Read(threading.Thread):
    """One GET on a client of its own, in a thread (as a server thread would be)."""

    def __init__(self, app, url: str, headers: dict) -> None:
        super().__init__(daemon=True)
        self.app, self.url, self.headers, self.response = app, url, headers, None
        self.start()

    def run(self) -> None:
        self.response = self.app.test_client().get(self.url, headers=self.headers, buffered=True)


def _record(app, url: str) -> None:
    """Claim the submission and record a verdict, as a worker would (it announces it)."""
    submission_id = int(url.rsplit("/", 1)[1])
    with app.app_context():
        assert grading.SUBMISSIONS.claim(submission_id)
        attempt = db.session.get(Submission, submission_id).attempt
        assert grading.record_internal_error(submission_id, attempt, "recorded by the test")


def test_a_read_with_wait_answers_when_the_verdict_is_recorded(app, client, catalog,
                                                               auth_headers):
    url = _submit(client, auth_headers)
    read = Read(app, f"{url}?wait=60", auth_headers)
    wait_until(lambda: waiters_of(app).waiting() == 1, 30, "the read waiting")
    assert read.is_alive() and read.response is None
    _record(app, url)
    read.join(30)
    assert read.response.status_code == 200
    body = read.response.get_json()
    assert body["status"] == "done" and body["verdict"] == "internal_error"
    assert waiters_of(app).waiting() == 0


def test_a_lesson_cells_run_answers_when_its_output_is_recorded(app, client):
    """The POST of a lesson cell's run waits for its output (here up to 600 s) and answers as
    soon as it is recorded, as a read waits for its verdict."""
    answer: list = []

    def post() -> None:
        answer.append(app.test_client().post("/api/v1/lessons/attention-basics/cells/example/"
                                             "runs", json={"code": "print(1)"}, buffered=True))

    thread = threading.Thread(target=post, daemon=True)
    thread.start()
    wait_until(lambda: waiters_of(app).waiting() == 1, 30, "the cell run waiting")
    with app.app_context():
        run_id = db.session.scalars(select(CellRun.id)).one()
        assert CELL_RUNS.claim(run_id)
        assert record_cell(run_id, 1, Printed(stdout="1\n", stderr="", failed=False))
    thread.join(30)
    assert answer and answer[0].status_code == 200
    assert answer[0].get_json()["status"] == "done" and waiters_of(app).waiting() == 0


def test_a_read_of_a_cell_run_with_wait_answers_when_its_output_is_recorded(app, client):
    with app.test_request_context():
        run = run_cell(None, "attention-basics", "example", "print(1)")
        run_id, url = run.id, f"/api/v1/cell-runs/{run.token}"
    assert client.get(f"{url}?wait=61").status_code == 422
    assert client.get(url).get_json()["status"] == "queued"  # no wait asked: at once
    read = Read(app, f"{url}?wait=60", {})
    wait_until(lambda: waiters_of(app).waiting() == 1, 30, "the read waiting")
    assert read.is_alive() and read.response is None
    with app.app_context():
        assert CELL_RUNS.claim(run_id)
        assert record_cell(run_id, 1, Printed(stdout="1\n", stderr="", failed=False))
    read.join(30)
    assert read.response.get_json()["status"] == "done" and waiters_of(app).waiting() == 0


def test_a_202_never_passes_for_the_result_even_if_graded_before_it_is_sent(app, client,
                                                                            catalog,
                                                                            auth_headers):
    """Under load a worker may record the verdict between the POST's commit and its answer: the
    202 still says `queued` (what the request stored), so no client takes it for the result."""
    url = _submit(client, auth_headers)
    _record(app, url)
    with app.test_request_context():
        body, status, headers = accepted(db.session.get(Submission, int(url.rsplit("/", 1)[1])))
    assert (status, body["status"], headers["Location"]) == (202, "queued", url)
    assert client.get(url, headers=auth_headers).get_json()["status"] == "done"


def test_a_read_waits_at_most_the_servers_read_wait_whatever_runs_wait(app, client,
                                                                       catalog, auth_headers):
    app.config.update(READ_WAIT_SECONDS=0.2, RUN_WAIT_SECONDS=600)
    url = _submit(client, auth_headers)
    read = Read(app, f"{url}?wait=60", auth_headers)
    read.join(30)  # not the 60 s asked, nor the runs' 600
    assert not read.is_alive() and read.response.get_json()["status"] == "queued"
    app.config.update(READ_WAIT_SECONDS=600, RUN_WAIT_SECONDS=0)
    read = Read(app, f"{url}?wait=60", auth_headers)
    wait_until(lambda: waiters_of(app).waiting() == 1, 30, "the read waiting")
    _record(app, url)
    read.join(30)
    assert read.response.get_json()["status"] == "done"


def test_without_a_free_place_a_read_answers_at_once(app, client, catalog, auth_headers):
    url = _submit(client, auth_headers)
    first = Read(app, f"{url}?wait=60", auth_headers)
    wait_until(lambda: waiters_of(app).waiting() == 1, 30, "the first read waiting")
    second = Read(app, f"{url}?wait=60", auth_headers)  # the same user: no second place
    second.join(30)
    assert second.response.status_code == 200
    assert second.response.get_json()["status"] == "queued" and first.is_alive()
    _record(app, url)
    first.join(30)
    assert first.response.get_json()["status"] == "done"


def test_a_read_without_wait_or_of_a_done_submission_does_not_wait(app, client, catalog,
                                                                   auth_headers):
    url = _submit(client, auth_headers)
    assert client.get(url, headers=auth_headers).get_json()["status"] == "queued"
    _record(app, url)
    assert client.get(f"{url}?wait=60", headers=auth_headers).get_json()["status"] == "done"
    assert waiters_of(app).waiting() == 0


@pytest.mark.parametrize("wait", ["-1", "61", "soon"])
def test_a_wait_out_of_range_answers_422(client, catalog, auth_headers, wait):
    url = _submit(client, auth_headers)
    response = client.get(f"{url}?wait={wait}", headers=auth_headers)
    assert response.status_code == 422 and "wait" in response.get_json()["error"]["message"]


def _events(response) -> list[tuple[str, dict]]:
    """Return a text/event-stream's events as (name, data) pairs."""
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    found = []
    for block in response.get_data(as_text=True).split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "event" in fields:
            found.append((fields["event"], json.loads(fields["data"])))
    return found


def test_the_events_of_a_submission_push_its_status_then_its_verdict(app, client, catalog,
                                                                     auth_headers):
    url = _submit(client, auth_headers)
    stream = Read(app, f"{url}/events?lang=en", auth_headers)
    wait_until(lambda: waiters_of(app).waiting() == 1, 30, "the stream waiting")
    _record(app, url)
    stream.join(30)
    events = _events(stream.response)
    assert events[0] == ("status", {"status": "queued"})
    name, done = events[-1]
    assert name == "done" and done["status"] == "done" and done["verdict"] == "internal_error"
    assert done == client.get(f"{url}?lang=en", headers=auth_headers).get_json()
    assert stream.response.get_data(as_text=True).startswith("retry: ")
    assert waiters_of(app).waiting() == 0


def test_without_a_free_place_the_events_end_after_the_status(app, client, catalog,
                                                               auth_headers):
    url = _submit(client, auth_headers)
    first = Read(app, f"{url}?wait=60", auth_headers)
    wait_until(lambda: waiters_of(app).waiting() == 1, 30, "the read waiting")
    response = client.get(f"{url}/events", headers=auth_headers)  # the user's one place is taken
    assert _events(response) == [("status", {"status": "queued"})]
    _record(app, url)
    first.join(30)


def test_the_events_of_another_learners_submission_answer_404(client, catalog, auth_headers,
                                                               make_token):
    url = _submit(client, auth_headers)
    other = {"Authorization": f"Bearer {make_token('bo')}"}
    assert client.get(f"{url}/events", headers=other).status_code == 404
    assert client.get(f"{url}/events").status_code == 401


def _watch(model: type, job_id: int, woken: list, seconds: float = 600) -> threading.Thread:
    """Wait in a thread for one job's announcement; `woken` gets whether it came."""
    def wait() -> None:
        with finished.watching(model, job_id) as recorded:
            watching.set()
            woken.append(recorded.wait(seconds))

    watching = threading.Event()
    thread = threading.Thread(target=wait, daemon=True)
    thread.start()
    assert watching.wait(30)
    return thread


def test_an_announcement_wakes_the_waits_for_its_job_only():
    woken_41, woken_42, woken_42_too, cell_42 = [], [], [], []
    waits = [_watch(Submission, 41, woken_41, seconds=0.5), _watch(Submission, 42, woken_42),
             _watch(Submission, 42, woken_42_too), _watch(CellRun, 42, cell_42, seconds=0.5)]
    finished.announce(Submission, 42)
    for thread in waits:
        thread.join(30)
    assert woken_42 == woken_42_too == [True]  # both woken by the word, not after 600 s
    assert woken_41 == [False]  # another submission's word does not wake it
    assert cell_42 == [False]  # nor does it wake a lesson cell's run of the same id


PUBLISHER = """
import sys, types
from arena.jobs.distributed import DistributedQueue
DistributedQueue(types.SimpleNamespace(config={"REDIS_URL": sys.argv[1]}))._publish(sys.argv[2])
"""


def test_a_verdict_a_worker_process_publishes_wakes_a_wait_in_the_web_process(redis_url):
    """The distributed queue: the word comes through Redis from another process."""
    web_side = DistributedQueue(types.SimpleNamespace(config={"REDIS_URL": redis_url}))
    woken = []
    waiting = _watch(Submission, 7, woken)
    wait_until(lambda: web_side.redis.pubsub_numsub(FINISHED)[0][1] >= 1, 30,
               "the web side subscribed")
    published = subprocess.run([sys.executable, "-c", PUBLISHER, redis_url,
                                finished.word(Submission, 7)], timeout=60,
                               capture_output=True, text=True)
    assert published.returncode == 0, published.stderr
    waiting.join(30)
    assert woken == [True]  # woken by the word, not at the end of its 600 s
