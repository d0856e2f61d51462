"""Submissions: validated, queued pinned to a version, visible to their owner, to the
instructors of a course they are a student of when made to its assignments, and to admins."""

import shutil
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from arena.errors import NotFound, PayloadTooLarge, Unprocessable
from arena.extensions import db
from arena.jobs import grading
from arena.jobs.finished import wait_until_done
from arena.models import Submission, User
from arena.services import submissions as service
from arena.services.assignments import AssignmentFields, create_assignment
from arena.services.catalog import sync_catalog
from arena.services.courses import create_course, join_course
from arena.services.users import create_user
from graders.authoring.record import update_record
from graders.challenge.spec import load_catalog
from graders.report import GradeReport, TestReport
from graders.verdicts import Verdict

CODE = "def softmax(row):\n    return row\n"


@pytest.fixture
def ctx(app, claimable_catalog):
    """Run the test inside an app context with the catalog loaded."""
    with app.app_context():
        yield app


def _user(name: str = "ann", role: str = "student") -> User:
    return db.session.scalar(select(User).where(User.username == name)) or create_user(name, role)


def _report(verdict: Verdict = Verdict.WRONG_ANSWER) -> GradeReport:
    return GradeReport(verdict, [
        TestReport("public one", hidden=False, passed=True),
    ])


@pytest.mark.parametrize(("code", "error"), [
    ("", Unprocessable), ("   \n", Unprocessable), ("x = 1\x00", Unprocessable),
    ("x = '\ud800'", Unprocessable), ("#" * (64 * 1024 + 1), PayloadTooLarge),
    ("#" + "가" * 21846, PayloadTooLarge),  # 65,539 bytes of UTF-8 in 21,847 characters
])
def test_bad_code_is_refused(code, error):
    with pytest.raises(error, match="code"):
        service.validate_code(code)


def test_code_of_exactly_64_kib_is_accepted():
    service.validate_code("#" * (64 * 1024))


def test_submission_is_queued_and_pinned_to_the_current_version(ctx, tmp_path):
    submission = service.create_submission(_user(), "softmax", CODE)
    assert submission.status == "queued" and submission.attempt == 0
    assert submission.version_id == submission.challenge.current_version_id
    assert submission.kind == "submission" and submission.created_at.tzinfo


def test_unknown_challenge_is_not_found(ctx):
    with pytest.raises(NotFound):
        service.create_submission(_user(), "no-such-thing", CODE)


def test_lists_show_own_submissions_and_a_course_to_its_instructors(ctx):
    ann, bob = _user("ann"), _user("bob")
    teacher, admin = _user("ines", "instructor"), _user("ada", "admin")
    mine = service.create_submission(ann, "softmax", CODE)
    run = service.create_submission(ann, "softmax", CODE, kind="run")
    other = service.create_submission(ann, "scaled-scores", "def scaled_scores(Q, K): pass")
    theirs = service.create_submission(bob, "scaled-scores", "def scaled_scores(Q, K): pass")
    assert [s.id for s in service.list_submissions(ann)] == [other.id, mine.id]
    assert service.list_submissions(teacher) == []
    assert [s.id for s in service.list_submissions(admin)] == [theirs.id, other.id, mine.id]
    course = create_course(teacher, "Unit")
    join_course(ann, course.join_code)
    assert service.list_submissions(teacher) == []  # a student, but nothing assigned yet
    opened = mine.created_at - timedelta(days=1)
    create_assignment(teacher, course.id, AssignmentFields(
        "Week 1", ["softmax"], opened, opened + timedelta(days=7)))
    assert [s.id for s in service.list_submissions(teacher)] == [mine.id]
    assert [s.id for s in service.list_submissions(
        teacher, service.Filters(challenge="scaled-scores"))] == []
    assert service.get_submission(teacher, mine.id) is not None
    for unreadable in (run, other, theirs):  # a run; a challenge not assigned; not a student
        with pytest.raises(NotFound):
            service.get_submission(teacher, unreadable.id)
    with pytest.raises(NotFound):
        service.get_submission(bob, mine.id)
    assert service.get_submission(ann, run.id) is not None


def _record(root: Path) -> None:
    """Record the folders under `root` as proven, as `arena challenges validate` would."""
    specs, _ = load_catalog(root)
    update_record(root, {spec.slug: spec.content_hash for spec in specs}, set())


def test_old_submissions_keep_their_version_after_a_resync(ctx, app, tmp_path):
    root = tmp_path / "catalog"
    shutil.copytree(app.config["CHALLENGES_DIR"] + "/softmax", root / "softmax")
    _record(root)
    sync_catalog(root)
    before = service.create_submission(_user(), "softmax", CODE)
    (root / "softmax" / "statement.en.md").write_text("Changed.\n", encoding="utf-8")
    _record(root)
    sync_catalog(root)
    after = service.create_submission(_user(), "softmax", CODE)
    assert before.version_id != after.version_id


def test_wait_until_done_gives_up_after_the_timeout(ctx):
    submission = service.create_submission(_user(), "softmax", CODE)
    assert not wait_until_done(Submission, submission.id, timeout=0.2)
    grading.claim_next()
    grading.record_report(submission.id, 1, _report())
    assert wait_until_done(Submission, submission.id, timeout=0.2)
