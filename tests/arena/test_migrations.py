"""Alembic migrations: from an empty database to head and back, and in step with the models;
existing rows carried through (translations, pinned versions)."""

from datetime import UTC, datetime, timedelta

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from arena.db import current_revision, downgrade, upgrade
from arena.extensions import Base, db
from arena.jobs.grading import SUBMISSIONS, record_report
from arena.jobs.regrading import claim_next_item, record_regrade
from arena.models import (
    Assignment,
    AssignmentChallenge,
    ChallengeVersion,
    Submission,
    TestResult,
    User,
)
from arena.presenters import present_submission as present
from arena.services.assignments import AssignmentFields, create_assignment
from arena.services.authoring import import_challenge
from arena.services.courses import create_course, join_course
from arena.services.gradebook_cells import refresh_assignment
from arena.services.regrades import request_regrade
from arena.services.submissions import create_submission
from arena.services.users import create_user
from graders.report import GradeReport
from graders.verdicts import Verdict

TABLES = {"user_account", "api_token", "assignment", "assignment_challenge",
          "assignment_extension", "challenge",
          "challenge_version", "course", "course_member", "gradebook_cell", "regrade",
          "regrade_item", "review", "submission", "submission_grade", "test_result", "cell_run",
          "draft", "password_reset", "idempotency_key", "lti_platform", "lti_key", "lti_login",
          "lti_account", "lti_context", "lti_resource_link", "lti_score"}
HEAD = "0025"


def _tables(app) -> set[str]:
    with app.app_context():
        return set(inspect(db.engine).get_table_names()) - {"alembic_version"}


def test_upgrade_creates_every_table(app):
    assert _tables(app) == TABLES
    assert current_revision(app) == HEAD


def test_downgrade_removes_every_table_and_upgrade_restores_them(app):
    downgrade(app)
    assert _tables(app) == set()
    assert current_revision(app) is None
    upgrade(app)
    assert _tables(app) == TABLES


def test_upgrade_twice_is_harmless(app):
    upgrade(app)
    assert current_revision(app) == HEAD


def test_translations_arrive_on_a_database_with_graded_rows(app):
    """Rows graded before 0002 keep everything and show English in every language."""
    downgrade(app, "0001")
    with app.app_context(), db.engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO user_account (id, username, role, created_at) "
            "VALUES (1, 'ann', 'student', '2026-01-01 00:00:00')"))
        connection.execute(text(
            "INSERT INTO challenge (id, slug, title, difficulty, track, \"order\", tags, "
            "entry_point, active) VALUES (1, 'c', '{}', 'easy', 'foundations', 1, '[]', 'f', "
            "true)"))
        connection.execute(text(
            "INSERT INTO challenge_version (id, challenge_id, content_hash, statement, starter, "
            "hints, entry_point, time_limit, memory_mb, rtol, atol, spec, created_at) VALUES "
            "(1, 1, 'h', '{}', '', '{}', 'f', 1, 64, 0, 0, '{}', '2026-01-01 00:00:00')"))
        connection.execute(text(
            "INSERT INTO submission (id, user_id, challenge_id, version_id, kind, code, status, "
            "verdict, passed, total, message, output, attempt, created_at) VALUES "
            "(1, 1, 1, 1, 'submission', 'x', 'done', 'wrong_answer', 0, 1, '', '', 1, "
            "'2026-01-01 00:00:00')"))
        connection.execute(text(
            "INSERT INTO test_result (id, submission_id, position, name, hidden, passed, "
            "message) VALUES (1, 1, 0, 'old case', true, false, 'not run')"))
    upgrade(app)
    with app.test_request_context():
        row = db.session.get(TestResult, 1)
        assert (row.name, row.message, row.message_data) == ("old case", "not run", None)
        old = db.session.get(Submission, 1)
        shown = present(old, "ko", old.user)
        assert shown["tests"][0]["name"] == "old case" and shown["message"] == ""


def test_a_versions_jobs_keep_their_lease_start_and_failure_through_0013(app):
    """0013 gives the lease and start a version's two jobs shared to the one that held them,
    and a failed preparation becomes done with its error; the downgrade puts both back."""
    downgrade(app, "0012")
    with app.app_context(), db.engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO challenge (id, slug, title, difficulty, track, \"order\", tags, "
            "entry_point, active, origin) VALUES (1, 'c', '{}', 'easy', 'foundations', 1, '[]', "
            "'f', true, 'folder')"))
        connection.execute(text(
            "INSERT INTO challenge_version (id, challenge_id, number, content_hash, statement, "
            "starter, hints, entry_point, time_limit, memory_mb, rtol, atol, spec, created_at, "
            "publish_when_valid, validation_status, prepare_status, prepare_error, "
            "lease_expires_at, job_started_at) VALUES (1, 1, 1, 'h', '{}', '', '{}', 'f', 1, "
            "64, 0, 0, '{}', '2026-01-01 00:00:00', false, 'running', 'failed', 'it broke', "
            "'2026-01-01 00:05:00', '2026-01-01 00:01:00')"))
    upgrade(app)
    columns = ("validation_status", "validation_attempt", "validation_lease_expires_at",
               "validation_started_at", "prepare_status", "prepare_attempt",
               "prepare_lease_expires_at", "prepare_started_at", "prepare_error")
    with app.app_context():
        version = db.session.get(ChallengeVersion, 1)
        values = {column: getattr(version, column) for column in columns}
    lease, start = (datetime(2026, 1, 1, 0, minute, tzinfo=UTC) for minute in (5, 1))
    assert values == {
        "validation_status": "running", "validation_attempt": 1,
        "validation_lease_expires_at": lease, "validation_started_at": start,
        "prepare_status": "done", "prepare_attempt": 1, "prepare_lease_expires_at": None,
        "prepare_started_at": start, "prepare_error": "it broke"}
    downgrade(app, "0012")
    with app.app_context(), db.engine.connect() as connection:
        back = connection.execute(text(
            "SELECT prepare_status, lease_expires_at IS NOT NULL, job_started_at IS NOT NULL "
            "FROM challenge_version"))
        assert tuple(back.one()) == ("failed", True, True)


def test_migrations_match_the_models(app):
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []


def test_constraints_follow_the_naming_convention(app):
    with app.app_context():
        inspector = inspect(db.engine)
        uniques = {u["name"] for u in inspector.get_unique_constraints("user_account")}
        foreign = {f["name"] for f in inspector.get_foreign_keys("challenge")}
    assert "uq_user_account_username" in uniques
    assert "fk_challenge_current_version_id_challenge_version" in foreign


def _cells(app) -> set[tuple]:
    with app.app_context(), db.engine.connect() as connection:
        return set(connection.execute(text("SELECT * FROM gradebook_cell")).all())


def test_existing_assignments_pin_the_published_version_and_keep_their_cells(
        app, tiny_files, tiny_valid_files, publish_files, mark_prepared):
    """0011 pins each assigned challenge's published version (else its newest published one)
    and changes no cell: neither the stored ones nor their recomputation by the new rule."""
    other = {**tiny_files, "challenge.toml": tiny_files["challenge.toml"].replace(
        'slug = "running-max"', 'slug = "running-max-b"')}
    with app.app_context():
        create_user("ivy", "instructor")
        create_user("sam", "student")
        create_user("sue", "student")
    publish_files("ivy", tiny_files)
    publish_files("ivy", other)
    with app.app_context():
        ivy, sam = _user("ivy"), _user("sam")
        course = create_course(ivy, "Attention")
        join_course(sam, course.join_code)
        join_course(_user("sue"), course.join_code)
        opens = datetime(2026, 1, 1, tzinfo=UTC)
        create_assignment(ivy, course.id, AssignmentFields(
            "Week 1", ["running-max", "running-max-b"], opens, opens + timedelta(days=9000)))
        first = _graded(sam, "running-max", "accepted")
        _graded(_user("sue"), "running-max", "accepted")  # never regraded: still version 1
    publish_files("ivy", tiny_valid_files)  # running-max's version 2
    with app.app_context():
        ivy, sam = _user("ivy"), _user("sam")
        _graded(sam, "running-max", "wrong_answer")
        _graded(sam, "running-max-b", "runtime_error")
        request_regrade(ivy, "running-max", student="sam")  # Sam's first goes to version 2
        mark_prepared()  # no sandbox grades here
        while (item := claim_next_item()) is not None:
            record_regrade(item, 1, GradeReport(Verdict.WRONG_ANSWER))
        assert db.session.get(Submission, first).verdict == "wrong_answer"
        import_challenge({path: text.encode() + b"\n" for path, text in other.items()}, ivy,
                         publish_when_valid=False)
    downgrade(app, "0008")  # the cells as the code before 0011 counted them
    upgrade(app, "0010")
    with app.app_context(), db.engine.begin() as connection:
        connection.execute(text("UPDATE challenge SET current_version_id = NULL "
                                "WHERE slug = 'running-max-b'"))  # unpublished since
    before = _cells(app)
    assert {(cell[1], cell[2], cell[3], cell[6]) for cell in before} == {
        (1, 2, 2, "wrong_answer"), (2, 2, 1, "runtime_error"),
        (1, 3, 1, "accepted")}  # (challenge, user, attempts, verdict)

    upgrade(app)
    with app.app_context():
        pins = {item.challenge.slug: (item.version.number, item.pinned_at)
                for item in db.session.scalars(db.select(AssignmentChallenge))}
        assert {slug: number for slug, (number, _) in pins.items()} == {
            "running-max": 2, "running-max-b": 1}  # not running-max-b's draft, version 2
        newest = db.session.scalar(db.select(db.func.max(Submission.finished_at)))
        assert all(pinned_at > newest for _, pinned_at in pins.values())
    assert _cells(app) == before
    with app.app_context():
        for assignment in db.session.scalars(db.select(Assignment)):
            refresh_assignment(assignment)
        db.session.commit()
    assert _cells(app) == before


def _user(username: str) -> User:
    return db.session.scalar(db.select(User).where(User.username == username))


def _graded(user: User, slug: str, verdict: str) -> int:
    """Record a verdict for a new submission as a worker does (no pinned version differs)."""
    submission = create_submission(user, slug, "def running_max(row):\n    return row\n")
    assert SUBMISSIONS.claim(submission.id)
    assert record_report(submission.id, 1, GradeReport(Verdict(verdict)))
    return submission.id
