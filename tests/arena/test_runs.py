"""POST .../runs: a bounded set of request threads waits for a result, a share per user;
everyone else is answered 202 at once and polls. No worker grades here: a run ends when the
test marks it done, so what waits and what does not is seen, not timed."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import update

from arena.extensions import db
from arena.jobs.waiters import Waiters, waiters_of
from arena.models import Submission
from bench.live_server import wait_until
from graders.verdicts import Status

CODE = {"code": "def softmax(row):\n    return row\n"}
RUNS = "/api/v1/challenges/softmax/runs"


@pytest.fixture
def app_config() -> dict:
    """Two places to wait in, one per user, and a wait that only a finished run ends."""
    return {"RUN_WAITERS": 2, "RUN_WAITERS_PER_USER": 1, "RUN_WAIT_SECONDS": 600}


def test_waiters_bound_the_total_and_each_users_share():
    waiters = Waiters(total=2, per_user=1)
    with waiters.place(1) as first, waiters.place(1) as again, waiters.place(2) as second, \
            waiters.place(3) as third:
        assert (first, again, second, third) == (True, False, True, False)
        assert waiters.waiting() == 2
    assert waiters.waiting() == 0
    with waiters.place(3) as later:
        assert later


class Request(threading.Thread):
    """One POST .../runs on a client of its own, in a thread (as a server thread would be)."""

    def __init__(self, app, token: str) -> None:
        super().__init__(daemon=True)
        self.app, self.headers, self.response = app, {"Authorization": f"Bearer {token}"}, None
        self.start()

    def run(self) -> None:
        self.response = self.app.test_client().post(RUNS, json=CODE, headers=self.headers)


def _finish_runs(app) -> None:
    with app.app_context():
        db.session.execute(update(Submission).values(status=Status.DONE, verdict="accepted"))
        db.session.commit()


def test_a_user_waits_in_one_place_and_the_rest_answer_202_at_once(app, catalog, make_token):
    waiters = waiters_of(app)
    ann, bob, cy = make_token("ann"), make_token("bob"), make_token("cy")
    first = Request(app, ann)
    wait_until(lambda: waiters.waiting() == 1, 30, "ann's first run waiting")
    second = Request(app, ann)  # ann already waits: answered at once
    wait_until(lambda: second.response or waiters.waiting() > 1, 30, "ann's second run")
    assert second.response.status_code == 202 and first.is_alive()
    body = second.response.get_json()
    assert body["status"] == "queued" and second.response.headers["Location"] == body["url"]
    bob_waits = Request(app, bob)
    wait_until(lambda: waiters.waiting() == 2, 30, "bob's run waiting")
    third = Request(app, cy)  # both places are taken: answered at once
    wait_until(lambda: third.response or waiters.waiting() > 2, 30, "cy's run")
    assert third.response.status_code == 202 and first.is_alive() and bob_waits.is_alive()
    _finish_runs(app)
    first.join(30), bob_waits.join(30)
    assert first.response.status_code == bob_waits.response.status_code == 200
    assert first.response.get_json()["status"] == "done" and waiters.waiting() == 0


def test_no_places_means_every_run_answers_202(app, catalog, auth_headers):
    app.config["RUN_WAITERS"] = 0
    app.extensions.pop("arena.waiters", None)
    response = app.test_client().post(RUNS, json=CODE, headers=auth_headers)
    assert response.status_code == 202 and response.get_json()["status"] == "queued"
