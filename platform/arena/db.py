"""Schema migrations, run programmatically with Alembic on the app's own engine, and the check
that every other command makes instead of migrating: only `arena db upgrade` (and `downgrade`)
change the schema, and the code refuses a database whose schema is not its own newest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import click
from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
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


def downgrade(app: Flask, revision: str = "base") -> None:
    """Take the database schema down to `revision` (empty by default)."""
    _run(app, command.downgrade, revision)


def current_revision(app: Flask) -> str | None:
    """Return the revision the database is at, or None when it has none."""
    with app.app_context(), db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def revisions() -> list[str]:
    """Return this code's revisions, the newest first."""
    return [script.revision for script in ScriptDirectory(str(MIGRATIONS)).walk_revisions()]


@dataclass(frozen=True)
class Schema:
    """Where a database's schema stands against this code's migrations."""

    current: tuple[str, ...]  # the revisions in its alembic_version: none when it is empty
    newest: str  # this code's newest revision
    known: bool  # every current revision is one of this code's (False: a newer code's)

    @property
    def problem(self) -> str | None:
        """Return the one line that says why this code must not run on the database, or None
        when its schema is this code's newest."""
        at = ", ".join(self.current)
        if self.current == (self.newest,):
            return None
        if not self.current:
            return (f"the database has no schema yet (this code's is revision {self.newest}): "
                    "run `arena db upgrade`")
        if not self.known:
            return (f"the database's schema is at revision {at}, which this code does not know "
                    f"(its newest is {self.newest}): a newer version migrated it; run that "
                    f"version, or first roll the schema back with its `arena db downgrade "
                    f"{self.newest}`")
        return (f"the database's schema is at revision {at}, behind this code's {self.newest}: "
                "run `arena db upgrade`")


def schema(app: Flask) -> Schema:
    """Return where the app's database schema stands against this code's migrations."""
    ours = revisions()
    with app.app_context(), db.engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_heads()
    return Schema(current=tuple(current), newest=ours[0],
                  known=all(revision in ours for revision in current))


def checked_app() -> Flask:
    """Create the app from the environment; stop with one line unless its database's schema
    is this code's newest (migrating is `arena db upgrade`'s alone, never a side effect)."""
    app = create_app()
    problem = schema(app).problem
    if problem:
        raise click.ClickException(problem)
    return app
