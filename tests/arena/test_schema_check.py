"""Migrations are one explicit step: `arena db upgrade` (and `downgrade`) change the schema,
every other command checks it and refuses, in one line, a database behind the code or migrated
by a newer one (arena.db.Schema). On SQLite and on PostgreSQL (ARENA_DATABASE_URL)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner
from sqlalchemy import text

from arena.cli import main
from arena.db import current_revision, downgrade, revisions
from arena.extensions import db

NEWEST, PREVIOUS = revisions()[:2]
FUTURE = "from-a-newer-version"


@pytest.fixture
def arena(app, monkeypatch, tmp_path):
    """Return a function that runs an `arena` command on the test app's database."""
    monkeypatch.setenv("ARENA_DATABASE_URL", app.config["DATABASE_URL"])
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ARENA_SANDBOX", "process")

    def invoke(*args: str):
        return app.test_cli_runner().invoke(main, list(args))

    return invoke


def _one_line(result) -> str:
    """Return the one line a refused command printed; it exits 1, with no traceback."""
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    return lines[0]


def _from_the_future(app) -> None:
    """Leave the database at a revision only a newer version of the code knows."""
    with app.app_context(), db.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": FUTURE})


COMMANDS = [("serve", "--port", "0"), ("worker",), ("challenges", "sync"),
            ("users", "create", "ann"), ("tokens", "create", "ann"), ("db", "prune"),
            ("challenges", "list"), ("db", "current")]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_schema_behind_the_code_is_refused_in_one_line_and_left_as_it_is(app, arena, command):
    downgrade(app, PREVIOUS)
    line = _one_line(arena(*command))
    assert f"at revision {PREVIOUS}, behind this code's {NEWEST}: run `arena db upgrade`" in line
    assert current_revision(app) == PREVIOUS  # nothing migrated it


@pytest.mark.parametrize("command", [*COMMANDS, ("db", "upgrade"), ("db", "downgrade", PREVIOUS)],
                         ids=" ".join)
def test_a_schema_newer_than_the_code_is_refused_in_one_line(app, arena, command):
    _from_the_future(app)
    line = _one_line(arena(*command))
    assert f"at revision {FUTURE}, which this code does not know" in line
    assert f"`arena db downgrade {NEWEST}`" in line
    assert current_revision(app) == FUTURE


def test_an_empty_database_is_refused_until_upgraded(app, arena):
    downgrade(app)
    assert "has no schema yet" in _one_line(arena("users", "create", "ann"))
    upgraded = arena("db", "upgrade")
    assert upgraded.exit_code == 0, upgraded.output
    assert arena("users", "create", "ann").exit_code == 0


def test_upgrade_on_a_fresh_sqlite_data_folder(tmp_path, monkeypatch):
    """The README's first start: no database at all, the default SQLite in the data folder."""
    monkeypatch.delenv("ARENA_DATABASE_URL", raising=False)
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    runner = CliRunner()
    assert "has no schema yet" in _one_line(runner.invoke(main, ["challenges", "list"]))
    upgraded = runner.invoke(main, ["db", "upgrade"])
    assert upgraded.exit_code == 0, upgraded.output
    assert (tmp_path / "data" / "arena.db").is_file()
    current = runner.invoke(main, ["db", "current"])
    assert current.output == f"database at revision {NEWEST}, this code's newest\n"
    assert runner.invoke(main, ["challenges", "list"]).exit_code == 0


def test_downgrade_then_upgrade_round_trip(app, arena):
    downgraded = arena("db", "downgrade", PREVIOUS)
    assert downgraded.exit_code == 0 and downgraded.output == f"database at revision {PREVIOUS}\n"
    assert current_revision(app) == PREVIOUS
    assert arena("db", "upgrade").exit_code == 0
    assert arena("db", "current").exit_code == 0
    assert current_revision(app) == NEWEST


def test_downgrade_refuses_what_is_no_way_down(app, arena):
    unknown = arena("db", "downgrade", "9999")
    assert unknown.exit_code == 2 and "'9999' is not a revision of this code" in unknown.output
    downgrade(app, PREVIOUS)
    upwards = _one_line(arena("db", "downgrade", NEWEST))
    assert f"cannot downgrade to {NEWEST}" in upwards
    assert current_revision(app) == PREVIOUS


def test_gunicorn_refuses_before_it_listens(app, arena):
    """The web tier of the compose file: the master checks the schema once, in its hook (in a
    process of its own: the settings module patches the process for gevent)."""
    def on_starting() -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", "from arena import gunicorn_conf\n"
                               "gunicorn_conf.on_starting(None)"], capture_output=True,
                              text=True, timeout=120)  # the environment: the `arena` fixture's

    started = on_starting()
    assert started.returncode == 0, started.stderr  # the schema is the code's: it goes on
    downgrade(app, PREVIOUS)
    refused = on_starting()
    assert refused.returncode == 1
    line = refused.stderr.strip().splitlines()[-1]
    assert line.startswith("Error: ") and "`arena db upgrade`" in line
