"""Retention (arena.services.retention, `arena db prune`): what goes, and what never does."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from arena.cli import main
from arena.extensions import db
from arena.jobs.pruner import Pruner
from arena.models import CellRun, Kind, Submission, TestResult
from arena.models.types import utcnow
from arena.services.assignments import AssignmentFields, create_assignment
from arena.services.courses import create_course, join_course, membership
from arena.services.gradebook_cells import refresh_submission
from arena.services.lessons import create_cell_run
from arena.services.retention import Retention, prune
from arena.services.submissions import create_submission
from arena.services.users import create_user
from bench.live_server import wait_until
from graders.verdicts import Status

CODE = "def softmax(row):\n    return row\n"
DETAIL = {"input": [[1.0]], "expected": [1.0], "got": [1.0], "weights": None}


def _stored(user, kind: str, days_ago: float, status: str = Status.DONE,
            output: str = "printed\n") -> int:
    """Store a piece of work that ended `days_ago` (or is still `status`), with one public test."""
    submission = create_submission(user, "softmax", CODE, kind)
    when = utcnow() - timedelta(days=days_ago)
    submission.created_at, submission.status, submission.output = when, status, output
    if status == Status.DONE:
        submission.verdict, submission.finished_at = "accepted", when
    submission.tests.append(TestResult(position=0, name="example", hidden=False, passed=True,
                                       detail=DETAIL))
    db.session.commit()
    return submission.id


def _left() -> dict[int, tuple[str, bool]]:
    """Return each stored submission's id -> (output, whether its test keeps its detail)."""
    db.session.expire_all()
    return {s.id: (s.output, s.tests[0].detail is not None)
            for s in db.session.scalars(select(Submission))}


def _gone(submission_id: int) -> bool:
    """Tell whether a submission is deleted, read in a fresh transaction."""
    db.session.commit()
    return db.session.get(Submission, submission_id, populate_existing=True) is None


def _graded_in_a_course(student) -> int:
    """Store a student's accepted submission of 100 days ago, counted in an assignment."""
    teacher = create_user("teach", "instructor")
    course = create_course(teacher, "Attention")
    join_course(student, course.join_code)
    now = utcnow()
    membership(student, course).joined_at = now - timedelta(days=200)  # before the work
    create_assignment(teacher, course.id, AssignmentFields(
        "Week 1", ["softmax"], now - timedelta(days=365), now + timedelta(days=7)))
    submission_id = _stored(student, Kind.SUBMISSION, 100)
    refresh_submission(submission_id)
    db.session.commit()
    return submission_id


def test_prune_deletes_old_runs_and_trims_old_work_outside_gradebooks(app, catalog):
    with app.app_context():
        ann, bob = create_user("ann"), create_user("bob")
        old_run = _stored(ann, Kind.RUN, 20)
        new_run = _stored(ann, Kind.RUN, 1)
        queued = _stored(ann, Kind.RUN, 20, status=Status.QUEUED)
        running = _stored(ann, Kind.RUN, 20, status=Status.RUNNING)
        old_submission = _stored(ann, Kind.SUBMISSION, 100)
        new_submission = _stored(ann, Kind.SUBMISSION, 10)
        graded = _graded_in_a_course(bob)
        report = prune(Retention(run_days=14, detail_days=90))
        assert (report.old_runs, report.trimmed) == (1, 1)
        assert _left() == {
            new_run: ("printed\n", True), queued: ("printed\n", True),
            running: ("printed\n", True), old_submission: ("", False),
            new_submission: ("printed\n", True), graded: ("printed\n", True)}
        assert old_run not in _left()
        assert prune(Retention(run_days=14, detail_days=90)).old_runs == 0  # repeatable


def test_a_users_oldest_runs_go_beyond_their_share_and_the_newest_stays(app, catalog):
    with app.app_context():
        ann, bob = create_user("ann"), create_user("bob")
        anns = [_stored(ann, Kind.RUN, 3 - i, output="x" * 1000) for i in range(3)]
        running = _stored(ann, Kind.RUN, 5, status=Status.RUNNING, output="x" * 5000)
        bobs = _stored(bob, Kind.RUN, 2, output="é" * 3000)  # 6000 bytes, over the share alone
        report = prune(Retention(run_bytes_per_user=2500))
        assert report.runs_over_share == 1
        assert set(_left()) == {*anns[1:], running, bobs}


def test_nothing_is_pruned_when_retention_is_off(app, catalog):
    with app.app_context():
        ann = create_user("ann")
        ids = {_stored(ann, Kind.RUN, 400), _stored(ann, Kind.SUBMISSION, 400)}
        assert prune(Retention()) == prune(Retention()) and set(_left()) == ids


@pytest.fixture
def environment(app, monkeypatch, tmp_path):
    """Point `arena` commands at the test app's database."""
    monkeypatch.setenv("ARENA_DATABASE_URL", app.config["DATABASE_URL"])
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))


def test_arena_db_prune_says_what_it_removed(app, catalog, environment):
    with app.app_context():
        ann = create_user("ann")
        _stored(ann, Kind.RUN, 20), _stored(ann, Kind.RUN, 1), _stored(ann, Kind.SUBMISSION, 100)
    result = app.test_cli_runner().invoke(main, ["db", "prune"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "runs finished over 14 days ago: 1 deleted",
        "runs beyond a user's newest 16777216 bytes: 0 deleted",
        "work finished over 90 days ago, outside gradebooks: 1 trimmed (output and public "
        "test details dropped)",
        "superseded drafts made over 30 days ago that nothing uses: 0 deleted (with the runs "
        "on them)",
        "lesson cell runs finished over 24 hours ago: 0 deleted",
        "idempotency keys over 24 hours old: 0 deleted"]
    result = app.test_cli_runner().invoke(main, ["db", "prune", "--run-days", "0"])
    assert "ARENA_RETENTION_RUN_DAYS is 0: nothing removed by it" in result.output
    for days in ("1e9", "inf", "nan", "-1"):  # 1e9: a date before year 1, a traceback
        refused = app.test_cli_runner().invoke(main, ["db", "prune", "--detail-days", days])
        assert refused.exit_code == 2 and "must be from 0 to 36500 days" in refused.output
    with app.app_context():
        assert len(_left()) == 2


def test_the_pruner_applies_the_retention_in_the_background(app, catalog):
    app.config["PRUNE_EVERY_HOURS"] = 1  # it prunes at its start, then hourly
    with app.app_context():
        old_run = _stored(create_user("ann"), Kind.RUN, 20)
    pruner = Pruner(app)
    pruner.start()
    try:
        with app.app_context():
            wait_until(lambda: _gone(old_run), 30, "the old run pruned")
    finally:
        pruner.stop()


def test_finished_lesson_cell_runs_are_deleted_after_their_hours(app):
    with app.app_context():
        ann = create_user("ann")
        runs = [create_cell_run(who, "attention-basics", "example", "print(1)")
                for who in (ann, None, None)]
        old, recent, queued = runs
        for run, hours in ((old, 30), (recent, 2)):
            run.status, run.finished_at = Status.DONE, utcnow() - timedelta(hours=hours)
        db.session.commit()
        assert prune(Retention(cell_run_hours=24)).cell_runs == 1
        assert prune(Retention(cell_run_hours=24)).cell_runs == 0  # repeatable
        left = set(db.session.scalars(select(CellRun.id)))
        assert left == {recent.id, queued.id}  # queued work is never touched
