"""Fair use per account, through the app: the cap on work in hand, the rate limits per user
(in memory and in Redis), and the fair order in which workers claim jobs.

The limits are small configured ones; no queue runs, so what is taken in stays queued until a
test marks it done or claims it."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select, update

from arena import create_app
from arena.config import DEFAULTS
from arena.extensions import db
from arena.jobs import grading
from arena.models import Submission, User
from arena.ratelimit import KEY_PREFIX, limiter_of
from arena.services.submissions import create_submission
from arena.services.users import create_token, create_user
from graders.verdicts import Status

CODE = "def softmax(row):\n    return row\n"
CAP = 2
SUBMIT = "/api/v1/challenges/softmax/submissions"
RUN = "/api/v1/challenges/softmax/runs"


@pytest.fixture
def app_config() -> dict[str, Any]:
    """A cap of two jobs in hand; rate limits far away unless a test sets its own."""
    return {"MAX_PENDING_PER_USER": CAP}


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _submit(client, headers: dict[str, str], path: str = SUBMIT):
    return client.post(path, json={"code": CODE}, headers=headers)


def _assert_refused(response, code: str) -> int:
    """Check a 429 in the API's error shape with Retry-After; return its seconds."""
    assert response.status_code == 429, response.get_data(as_text=True)
    error = response.get_json()["error"]
    assert error["code"] == code and error["message"]
    seconds = int(response.headers["Retry-After"])
    assert seconds >= 1
    return seconds


def _finish_all(app, username: str) -> None:
    """Mark every job of the user done, as a worker would."""
    with app.app_context():
        user_id = db.session.scalar(select(User.id).where(User.username == username))
        db.session.execute(update(Submission).where(Submission.user_id == user_id)
                           .values(status=Status.DONE, verdict="wrong_answer"))
        db.session.commit()


def test_the_documented_defaults():
    assert DEFAULTS["MAX_PENDING_PER_USER"] == 4
    assert DEFAULTS["SUBMISSION_RATE_LIMIT"] == "10 per minute; 200 per hour"
    assert DEFAULTS["RUN_RATE_LIMIT"] == "30 per minute; 600 per hour"


def test_past_the_cap_submissions_and_runs_answer_429_until_one_is_graded(
        app, client, catalog, make_token):
    ann, bob = _bearer(make_token("ann")), _bearer(make_token("bob"))
    assert [_submit(client, ann).status_code for _ in range(CAP)] == [202] * CAP
    refused = _submit(client, ann)
    assert _assert_refused(refused, "too_many_pending") == 10  # softmax's time limit
    assert f"at most {CAP}" in refused.get_json()["error"]["message"]
    _assert_refused(_submit(client, ann, RUN), "too_many_pending")  # runs count alike
    assert _submit(client, bob).status_code == 202  # another account is not held back
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(Submission)) == CAP + 1
    _finish_all(app, "ann")
    assert _submit(client, ann).status_code == 202


def test_the_cap_holds_against_requests_at_the_same_moment(app, catalog, make_token):
    headers = _bearer(make_token("ann"))
    start = threading.Barrier(8)
    statuses: list[int] = []

    def post() -> None:
        client = app.test_client()
        start.wait()
        statuses.append(_submit(client, headers).status_code)

    threads = [threading.Thread(target=post) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(statuses) == [202] * CAP + [429] * (8 - CAP)
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(Submission)) == CAP


@pytest.fixture
def make_app(fresh_database_url, tmp_path) -> Callable[..., Any]:
    """Return a function that creates an app on the test's database with these settings."""

    def make(**settings: Any):
        return create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"),
                           "DATABASE_URL": fresh_database_url, "SECRET_KEY": "test",
                           "RATE_LIMIT_STORAGE_URI": "memory://", "MAX_PENDING_PER_USER": 50,
                           **settings})

    return make


def _rate_limited_per_user(client, ann: dict, bob: dict) -> None:
    """Two submissions and three runs a minute each: the next answer 429, per user."""
    assert [_submit(client, ann).status_code for _ in range(2)] == [202, 202]
    _assert_refused(_submit(client, ann), "rate_limited")
    # The run limit is its own.
    assert [_submit(client, ann, RUN).status_code for _ in range(3)] == [202] * 3
    _assert_refused(_submit(client, ann, RUN), "rate_limited")
    assert _submit(client, bob).status_code == 202


def test_submissions_and_runs_are_rate_limited_per_user(make_app, catalog, app):
    # No worker runs: a run has no place to wait in and answers 202 at once.
    limited = make_app(SUBMISSION_RATE_LIMIT="2 per minute", RUN_RATE_LIMIT="3 per minute",
                       RUN_WAITERS=0)
    with limited.app_context():
        tokens = [_bearer(create_token(create_user(name).username)) for name in ("ann", "bob")]
    _rate_limited_per_user(limited.test_client(), *tokens)


def test_through_redis_two_replicas_share_each_users_count(make_app, catalog, app, redis_url):
    import redis

    first, second = (make_app(RATE_LIMIT_STORAGE_URI=redis_url,
                              SUBMISSION_RATE_LIMIT="3 per minute") for _ in range(2))
    assert type(limiter_of(first).storage).__name__ == "RedisStorage"
    store = redis.Redis.from_url(redis_url)
    with first.app_context():
        name = f"ann-{uuid.uuid4().hex[:8]}"
        user_id = create_user(name).id
        headers = _bearer(create_token(name))
    pattern = f"*LIMITER/{KEY_PREFIX}/user:{user_id}/intake-*"
    for key in store.scan_iter(match=pattern):  # another run's database had this id too
        store.delete(key)
    try:
        statuses = [_submit(replica.test_client(), headers).status_code
                    for replica in (first, second, first)]
        assert statuses == [202] * 3
        for replica in (second, first):
            _assert_refused(_submit(replica.test_client(), headers), "rate_limited")
        keys = list(store.scan_iter(match=pattern))
        assert keys and max(int(store.get(key)) for key in keys) == 5
    finally:
        for key in store.scan_iter(match=pattern):
            store.delete(key)


def _queue(user: User, count: int, kind: str = "submission") -> list[int]:
    return [create_submission(user, "softmax", CODE, kind).id for _ in range(count)]


def _done(submission_id: int) -> None:
    db.session.execute(update(Submission).where(Submission.id == submission_id)
                       .values(status=Status.DONE))
    db.session.commit()


def _serve() -> int | None:
    """Claim the next job and finish it, as one worker does."""
    claimed = grading.claim_next()
    if claimed is not None:
        _done(claimed)
    return claimed


def test_claims_take_turns_between_users(app, claimable_catalog):
    with app.app_context():
        flood, learner, third = (create_user(name) for name in ("flood", "lee", "tia"))
        flooded = _queue(flood, 5)
        [submitted] = _queue(learner, 1)
        [later] = _queue(third, 1)
        # One turn each: the flood's first, then the learner's, then the third user's; the
        # rest of the flood one at a time, as each of its jobs ends.
        claimed = [grading.claim_next() for _ in range(4)]
        assert claimed == [flooded[0], submitted, later, None]
        _done(flooded[0])
        assert [_serve() for _ in range(5)] == [*flooded[1:], None]


def test_a_user_with_a_job_running_waits_behind_one_without(app, claimable_catalog):
    with app.app_context():
        flood, learner = create_user("flood"), create_user("lee")
        flooded = _queue(flood, 4)
        assert [grading.claim_next(), grading.claim_next()] == [flooded[0], None]  # one at a time
        runs = _queue(flood, 2, "run")  # the flood's runs come before its own submissions...
        [submitted] = _queue(learner, 1)  # ...but not before another user's turn
        assert grading.claim_next() == submitted
        _done(flooded[0])
        assert [_serve() for _ in range(6)] == [*runs, *flooded[1:], None]


def test_a_user_just_served_waits_behind_one_not_served_yet(app, claimable_catalog):
    """One worker: the flood's job has just finished, so none of its jobs runs, and still the
    learner's job goes before the flood's next; then they alternate."""
    with app.app_context():
        flood, learner = create_user("flood"), create_user("lee")
        flooded = _queue(flood, 3)
        assert _serve() == flooded[0]
        first, second = _queue(learner, 2)
        assert [_serve() for _ in range(5)] == [first, flooded[1], second, flooded[2], None]


def test_an_empty_rate_limit_turns_it_off(make_app, catalog, app):
    unlimited = make_app(SUBMISSION_RATE_LIMIT="")
    with unlimited.app_context():
        headers = _bearer(create_token(create_user("ann").username))
    client = unlimited.test_client()
    assert {_submit(client, headers).status_code
            for _ in range(int(DEFAULTS["SUBMISSION_RATE_LIMIT"].split()[0]) + 1)} == {202}


@pytest.mark.parametrize("settings", [{"MAX_PENDING_PER_USER": 0},
                                      {"SUBMISSION_RATE_LIMIT": "lots"},
                                      {"RUN_RATE_LIMIT": "5 a minute"}])
def test_a_bad_setting_stops_the_start(make_app, settings):
    with pytest.raises(ValueError, match="ARENA_"):
        make_app(**settings)
