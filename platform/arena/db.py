"""Schema migrations, run programmatically with Alembic on the app's own engine."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from flask import Flask

from arena.extensions import db

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(app: Flask) -> Config:
    """Return an Alembic configuration for this app's migrations and database."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url",
                           app.config["SQLALCHEMY_DATABASE_URI"].replace("%", "%%"))
    return config


def _run(app: Flask, action: Callable[[Config, str], None], revision: str) -> None:
    """Run one Alembic command on a connection of the app's engine, in one transaction."""
    config = alembic_config(app)
    with app.app_context(), db.engine.begin() as connection:
        config.attributes["connection"] = connection
        action(config, revision)


def upgrade(app: Flask, revision: str = "head") -> None:
    """Bring the database schema up to `revision` (the newest by default)."""
    _run(app, command.upgrade, revision)


def downgrade(app: Flask, revision: str = "base") -> None:
    """Take the database schema down to `revision` (empty by default)."""
    _run(app, command.downgrade, revision)


def current_revision(app: Flask) -> str | None:
    """Return the revision the database is at, or None when it has none."""
    with app.app_context(), db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
