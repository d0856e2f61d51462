"""The embedded queue grades through the real sandbox and never leaves work stuck."""

import itertools
import shutil
import time
from pathlib import Path

import pytest
from sqlalchemy import select

from arena.extensions import db
from arena.jobs.grading import NOT_PREPARED, claim_next
from arena.jobs.queue import get_queue
from arena.models import ChallengeVersion, Submission, User
from arena.services.catalog import get_challenge, sync_catalog
from arena.services.submissions import create_submission
from graders.authoring.record import update_record
from graders.challenge.spec import load_catalog

pytestmark = pytest.mark.sandbox


@pytest.fixture
def app_config() -> dict:
    """Leases of a second: a lapse is seen in seconds, and renewals must keep up."""
    return {"LEASE_SECONDS": 1.0}


def _reference(app, slug: str = "softmax") -> str:
    return (Path(app.config["CHALLENGES_DIR"]) / slug / "reference.py").read_text()


def _submit(app, code: str, slug: str = "softmax", kind: str = "submission") -> int:
    with app.app_context():
        return create_submission(db.session.scalar(select(User)), slug, code, kind).id


def _wait(app, submission_id: int, timeout: float = 60) -> Submission:
    deadline = time.monotonic() + timeout
    with app.app_context():
        while time.monotonic() < deadline:
            row = db.session.get(Submission, submission_id, populate_existing=True)
            if row.status == "done":
                db.session.expunge(row)
                return row
            db.session.commit()
            time.sleep(0.1)
    raise AssertionError(f"submission {submission_id} is still {row.status}")


def test_the_queue_grades_a_submission(app, catalog, make_token, queue):
    make_token()
    submission_id = _submit(app, _reference(app))
    queue.notify()
    row = _wait(app, submission_id)
    assert row.verdict == "accepted" and row.passed == row.total > 0 and row.attempt == 1


def test_a_job_a_dead_worker_held_is_graded_when_its_lease_lapses(app, catalog, make_token):
    make_token()
    submission_id = _submit(app, _reference(app))
    with app.app_context():
        assert claim_next() == submission_id  # then the worker "dies": no heartbeat
    app.extensions["arena.queue"].start()
    row = _wait(app, submission_id)
    assert row.verdict == "accepted" and row.attempt == 2


def test_a_long_grading_keeps_its_lease(app, catalog, make_token, queue):
    """A grading three leases long is renewed throughout: never reaped, graded once."""
    make_token()
    slow = "import time\n" + _reference(app).replace("def softmax", "time.sleep(3)\ndef softmax", 1)
    row = _wait(app, _submit(app, slow))
    assert row.verdict == "accepted" and row.attempt == 1


def test_an_exception_while_grading_ends_in_internal_error(app, catalog, make_token, queue):
    make_token()
    with app.app_context():
        version = get_challenge("softmax").current_version
        version.spec = {"not": "a spec"}
        db.session.commit()
    row = _wait(app, _submit(app, _reference(app)))
    assert row.verdict == "internal_error" and "not yours" in row.message


def test_a_challenge_that_cannot_be_prepared_ends_in_internal_error(
        app, make_token, tmp_path, queue):
    make_token()
    root = tmp_path / "catalog"
    shutil.copytree(Path(app.config["CHALLENGES_DIR"]) / "softmax", root / "softmax")
    (root / "softmax" / "cases.py").write_text("def cases():\n    return 1 / 0\n")
    # Published as a stale validation record would have it (a version proven by an earlier
    # engine, say): grading must still end, as the platform's fault.
    specs, _ = load_catalog(root)
    update_record(root, {"softmax": specs[0].content_hash}, set())
    with app.app_context():
        sync_catalog(root)
    row = _wait(app, _submit(app, _reference(app)))
    assert row.verdict == "internal_error" and row.message == NOT_PREPARED


def test_an_idle_queue_shows_every_example_first_then_prepares_the_catalog(app, tmp_path):
    """A fresh start: the lane runs every version's examples before it prepares any."""
    root = tmp_path / "catalog"
    for slug in ("softmax", "causal-attention", "layer-norm"):
        shutil.copytree(Path(app.config["CHALLENGES_DIR"]) / slug, root / slug)
    specs, _ = load_catalog(root)
    update_record(root, {spec.slug: spec.content_hash for spec in specs}, set())
    with app.app_context():
        sync_catalog(root)
    worker_queue = get_queue(app)
    worker_queue.start()
    try:
        versions = _prepared_versions(app, deadline=time.monotonic() + 240)
    finally:
        worker_queue.stop(timeout=60)
    assert len(versions) == 3
    assert all(examples for examples, _, _ in versions)
    assert max(shown for _, shown, _ in versions) <= min(begun for _, _, begun in versions)


def _prepared_versions(app, deadline: float) -> list[tuple[list, object, object]]:
    """Wait until every version is prepared (a deadline against a hang, not a speed goal);
    return each one's example cases, when they were shown and when preparing began."""
    with app.app_context():
        while time.monotonic() < deadline:
            versions = db.session.scalars(select(ChallengeVersion)).all()
            if all(v.prepared is not None for v in versions):
                return [((v.examples or {}).get("cases"), v.examples_finished_at,
                         v.prepare_started_at) for v in versions]
            db.session.commit()
            time.sleep(0.2)
    raise AssertionError("the lane never prepared every version")


def test_one_users_jobs_run_one_at_a_time(app, catalog, make_token, queue):
    """Two workers, one learner's submissions and runs: one at a time (a box holding their
    hidden inputs never runs beside a box whose output they see: docs/security.md)."""
    make_token()
    jobs = [_submit(app, _reference(app), kind=kind)
            for kind in ("submission", "run", "submission", "run", "submission")]
    queue.notify()
    queue.notify()
    rows = sorted((_wait(app, job) for job in jobs), key=lambda row: row.started_at)
    assert all(row.verdict == "accepted" for row in rows)
    for earlier, later in itertools.pairwise(rows):
        assert earlier.finished_at <= later.started_at, (earlier.id, later.id)
