"""Alembic migrations: from an empty database to head and back, and in step with the models."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from arena.db import current_revision, downgrade, upgrade
from arena.extensions import Base, db
from arena.models import Submission, TestResult
from arena.presenters import present_submission as present

TABLES = {"user_account", "api_token", "assignment", "assignment_challenge", "challenge",
          "challenge_version", "course", "course_member", "gradebook_cell", "regrade",
          "regrade_item", "submission", "submission_grade", "test_result"}
HEAD = "0012"


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
        assert (row.name, row.message, row.translations) == ("old case", "not run", None)
        shown = present(db.session.get(Submission, 1), "ko")
        assert shown["tests"][0]["name"] == "old case" and shown["message"] == ""


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
