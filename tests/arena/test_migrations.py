"""Alembic migrations: from an empty database to head and back, and in step with the models."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from arena.db import current_revision, downgrade, upgrade
from arena.extensions import Base, db

TABLES = {"user_account", "api_token", "challenge", "challenge_version", "submission",
          "test_result"}


def _tables(app) -> set[str]:
    with app.app_context():
        return set(inspect(db.engine).get_table_names()) - {"alembic_version"}


def test_upgrade_creates_every_table(app):
    assert _tables(app) == TABLES
    assert current_revision(app) == "0001"


def test_downgrade_removes_every_table_and_upgrade_restores_them(app):
    downgrade(app)
    assert _tables(app) == set()
    assert current_revision(app) is None
    upgrade(app)
    assert _tables(app) == TABLES


def test_upgrade_twice_is_harmless(app):
    upgrade(app)
    assert current_revision(app) == "0001"


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
