"""Submissions as jobs: claimed once across threads under a lease, recorded once, put back when
the lease lapses (and only then)."""

import threading
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from arena.extensions import db
from arena.jobs import grading, kinds, lifecycle
from arena.models import Submission, TestResult, User
from arena.services.submissions import create_submission
from arena.services.users import create_user
from graders.report import GradeReport, TestReport
from graders.verdicts import Verdict

CODE = "def softmax(row):\n    return row\n"


@pytest.fixture
def ctx(app, claimable_catalog):
    """Run the test inside an app context with the catalog loaded."""
    with app.app_context():
        yield app


def _user(name: str = "ann") -> User:
    return db.session.scalar(select(User).where(User.username == name)) or create_user(name)


def _report(verdict: Verdict = Verdict.WRONG_ANSWER) -> GradeReport:
    return GradeReport(verdict, [
        TestReport("public one", hidden=False, passed=True, input={"args": [[1.0]]},
                           expected=[1.0], got=[1.0]),
        TestReport("hidden one", hidden=True, passed=False, message="wrong", mutant="m",
                   explanation={"en": "the bug", "ko": "버그"}, input={"args": [[2.0]]},
                           expected=[9.0], got=[0.0]),
    ], "a message")


def _claimed(name: str = "ann") -> tuple[int, int]:
    submission = create_submission(_user(name), "softmax", CODE)
    assert grading.claim_next() == submission.id
    return submission.id, 1


def test_claim_next_takes_runs_first_then_the_oldest(ctx):
    first = create_submission(_user(), "softmax", CODE).id
    second = create_submission(_user(), "softmax", CODE).id
    run = create_submission(_user(), "softmax", CODE, kind="run").id
    taken = []
    for _ in range(3):  # one job of a user at a time: the next only once the last is done
        taken.append(grading.claim_next())
        assert grading.claim_next() is None
        assert grading.record_report(taken[-1], 1, _report())
    assert taken == [run, first, second] and grading.claim_next() is None
    row = db.session.get(Submission, first, populate_existing=True)
    assert row.status == "done" and row.attempt == 1 and row.started_at


def _race(app, workers: int = 6) -> list[int]:
    """Let threads claim until none is left; return what each claim won."""
    claims: list[int] = []

    def worker() -> None:
        with app.app_context():
            while (claimed := grading.claim_next()) is not None:
                claims.append(claimed)

    threads = [threading.Thread(target=worker) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return claims


def test_claims_are_atomic_across_threads(app, claimable_catalog):
    with app.app_context():
        ids = {create_submission(_user(f"user{i}"), "softmax", CODE).id for i in range(30)}
    assert Counter(_race(app)) == Counter(ids)


def test_threads_racing_on_one_users_jobs_claim_one(app, claimable_catalog):
    """Only one job of a user runs at a time, however many workers race for them (on
    PostgreSQL the user's row is locked, since two statements could each find them idle)."""
    with app.app_context():
        for _ in range(12):
            create_submission(_user(), "softmax", CODE)
        create_submission(_user("bob"), "softmax", CODE)
    claims = _race(app)
    with app.app_context():
        owners = [db.session.get(Submission, sid).user.username for sid in claims]
    assert sorted(owners) == ["ann", "bob"]


def test_record_report_stores_verdict_and_tests_once(ctx):
    submission_id, attempt = _claimed()
    assert grading.record_report(submission_id, attempt, _report())
    assert not grading.record_report(submission_id, attempt, _report(Verdict.ACCEPTED))
    row = db.session.get(Submission, submission_id, populate_existing=True)
    assert (row.status, row.verdict, row.passed, row.total) == ("done", "wrong_answer", 1, 2)
    assert row.message == "a message" and row.finished_at >= row.started_at
    assert db.session.scalar(select(func.count()).select_from(TestResult)) == 2
    public, hidden = row.tests
    assert public.detail == {"input": {"args": [[1.0]]}, "expected": [1.0], "got": [1.0],
                             "weights": None}
    assert hidden.detail is None and hidden.mutant == "m" and hidden.explanation["ko"] == "버그"


def _lapse(*submission_ids: int) -> None:
    """Make the leases of these running submissions lapse, as a dead worker's would."""
    db.session.execute(db.update(Submission).where(Submission.id.in_(submission_ids)).values(
        lease_expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    db.session.commit()


def test_a_stale_attempt_cannot_record(ctx):
    submission_id, attempt = _claimed()
    _lapse(submission_id)
    assert kinds.reap() == 1
    assert grading.claim_next() == submission_id
    assert not grading.record_report(submission_id, attempt, _report())
    assert not grading.record_internal_error(submission_id, attempt, "late")
    assert grading.record_report(submission_id, attempt + 1, _report())


def test_a_queued_submission_cannot_be_recorded(ctx):
    submission = create_submission(_user(), "softmax", CODE)
    assert not grading.record_report(submission.id, 0, _report())


def test_record_internal_error_ends_the_submission(ctx):
    submission_id, attempt = _claimed()
    assert grading.record_internal_error(submission_id, attempt, "the grader broke")
    row = db.session.get(Submission, submission_id, populate_existing=True)
    assert (row.status, row.verdict, row.message) == ("done", "internal_error", "the grader broke")


def test_a_live_lease_is_kept_and_a_lapsed_one_requeued(ctx):
    live, _ = _claimed()
    row = db.session.get(Submission, live)
    assert row.lease_expires_at > datetime.now(UTC) + timedelta(seconds=20)
    assert kinds.reap() == 0  # another process starting up takes nothing from this one
    assert db.session.get(Submission, live, populate_existing=True).status == "running"


def test_reap_puts_lapsed_work_back_and_gives_up_after_three_attempts(ctx):
    stuck, _ = _claimed()
    doomed, _ = _claimed("bob")
    db.session.get(Submission, doomed).attempt = lifecycle.MAX_ATTEMPTS
    db.session.commit()
    _lapse(stuck, doomed)
    assert kinds.reap() == 1
    db.session.expire_all()
    assert db.session.get(Submission, stuck).status == "queued"
    gave_up = db.session.get(Submission, doomed)
    assert (gave_up.status, gave_up.verdict) == ("done", "internal_error")


def test_learner_text_is_stored_safely(ctx):
    """NUL, lone surrogates and long error names come from learner code; none may break a write."""
    submission_id, attempt = _claimed()
    nasty = "a\x00b\ud800c"
    report = GradeReport(Verdict.RUNTIME_ERROR, [
        TestReport("public", hidden=False, passed=False, message=nasty,
                           error_type="E" * 300, got=nasty),
    ], nasty, output=nasty)
    assert grading.record_report(submission_id, attempt, report)
    row = db.session.get(Submission, submission_id, populate_existing=True)
    assert row.message == row.output == "a\ufffdb?c"
    assert row.tests[0].message == "a\ufffdb?c" and len(row.tests[0].error_type) == 128
    assert row.tests[0].detail["got"] == nasty
