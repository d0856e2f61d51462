"""Schema migrations, run programmatically with Alembic on the app's own engine."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from flask import Flask

from arena import create_app
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
    """Run one Alembic command on a connection of the app's engine, in one transaction.

    SQLite alters a table by copying it to a new one: its foreign keys are off meanwhile (the
    pragma only takes effect outside a transaction), then checked, then on again.
    """
    config = alembic_config(app)
    with app.app_context(), db.engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                config.attributes["connection"] = connection
                action(config, revision)
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first():
                    raise RuntimeError("the migration left rows whose foreign keys dangle")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


def upgrade(app: Flask, revision: str = "head") -> None:
    """Bring the database schema up to `revision` (the newest by default)."""
    _run(app, command.upgrade, revision)


def upgraded_app() -> Flask:
    """Create the app from the environment, with its database schema up to date."""
    app = create_app()
    upgrade(app)
    return app


def downgrade(app: Flask, revision: str = "base") -> None:
    """Take the database schema down to `revision` (empty by default)."""
    _run(app, command.downgrade, revision)


def current_revision(app: Flask) -> str | None:
    """Return the revision the database is at, or None when it has none."""
    with app.app_context(), db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
