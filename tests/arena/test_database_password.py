"""A database password with any character, and a refused one, against a real PostgreSQL that
checks passwords.

The shared server on 127.0.0.1:5432 trusts every connection, so it would accept any password
and prove nothing: this module starts a PostgreSQL cluster of its own (initdb with
scram-sha-256, as the compose stack's postgres does) on a free port, and stops it afterwards.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from click.testing import CliRunner
from psycopg import sql
from sqlalchemy import text

from arena import create_app
from arena.cli import main
from arena.extensions import db

#: Every character a URL gives a meaning to, a percent escape, a quote and a non-ASCII letter.
PASSWORD = "p@ss/w:rd?#%41&=+ 'q\"é$"
SUPERUSER_PASSWORD = "super-user-password"


@dataclass(frozen=True)
class Cluster:
    port: int

    def url(self, user: str = "arena", password: str | None = None) -> str:
        secret = "" if password is None else ":" + quote(password, safe="")
        return f"postgresql+psycopg://{user}{secret}@127.0.0.1:{self.port}/arena"


def _as_postgres() -> list[str]:
    """Return the prefix that runs a PostgreSQL program as `postgres` (it refuses root)."""
    return (["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"]
            if os.geteuid() == 0 else [])


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb")) or [
        Path(p) for p in [shutil.which("initdb")] if p]
    if not found:
        pytest.skip("no PostgreSQL server programs (initdb) to start a cluster with")
    bin_dir = found[-1].parent
    folder = Path(tempfile.mkdtemp(prefix="arena-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    (folder / "pw").write_text(SUPERUSER_PASSWORD + "\n", encoding="utf-8")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    run = [*_as_postgres(), str(bin_dir / "pg_ctl"), "-D", str(folder / "data")]
    try:
        subprocess.run([*_as_postgres(), str(bin_dir / "initdb"), "-D", str(folder / "data"),
                        "-U", "postgres", f"--pwfile={folder / 'pw'}", "-A", "scram-sha-256",
                        "-E", "UTF8", "--no-sync"], check=True, capture_output=True, timeout=300)
        subprocess.run([*run, "-w", "-t", "120", "-l", str(folder / "log"), "-o",
                        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                        "-c shared_buffers=16MB -c max_connections=20", "start"],
                       check=True, capture_output=True, timeout=180)
        with psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres",
                             password=SUPERUSER_PASSWORD, autocommit=True) as admin:
            admin.execute(sql.SQL("CREATE ROLE arena LOGIN PASSWORD {}").format(
                sql.Literal(PASSWORD)))
            admin.execute("CREATE DATABASE arena OWNER arena")
        yield Cluster(port)
    finally:
        subprocess.run([*run, "-m", "immediate", "stop"], capture_output=True, timeout=120)
        shutil.rmtree(folder, ignore_errors=True)


def _settings(tmp_path: Path, **more: str | bool) -> dict:
    return {"TESTING": True, "DATA_DIR": str(tmp_path / "data"), **more}


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, str]:
    """Return the environment of an `arena` command of its own, the suite's ARENA_* variables
    (its ARENA_DATABASE_URL) removed from the process's."""
    for name in [n for n in os.environ if n.startswith("ARENA_")]:
        monkeypatch.delenv(name)
    return {"ARENA_DATA_DIR": str(tmp_path / "data"), "ARENA_SECRET_KEY": "k" * 48}


def test_a_password_of_any_character_connects_given_alone(cluster, environment, tmp_path):
    app = create_app(_settings(tmp_path, DATABASE_URL=cluster.url(), DATABASE_PASSWORD=PASSWORD))
    with app.app_context():
        assert db.session.execute(text("SELECT current_user")).scalar() == "arena"
        db.engine.dispose()


def test_a_password_of_any_character_connects_percent_encoded_in_the_url(
        cluster, environment, tmp_path):
    app = create_app(_settings(tmp_path, DATABASE_URL=cluster.url(password=PASSWORD)))
    with app.app_context():
        assert db.session.execute(text("SELECT current_user")).scalar() == "arena"
        db.engine.dispose()


def test_the_migration_runs_as_compose_runs_it_and_never_prints_the_password(
        cluster, environment):
    """docker-compose.yml: the URL without a password, the password in a setting of its own."""
    environment |= {"ARENA_DATABASE_URL": cluster.url(), "ARENA_DATABASE_PASSWORD": PASSWORD}
    result = CliRunner().invoke(main, ["db", "upgrade"], env=environment)
    assert result.exit_code == 0, result.output
    assert PASSWORD not in result.output and quote(PASSWORD, safe="") not in result.output
    with psycopg.connect(host="127.0.0.1", port=cluster.port, user="arena", dbname="arena",
                         password=PASSWORD) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchone()


def test_a_refused_password_is_one_line_naming_postgresql_and_the_volume(cluster, environment):
    wrong = "wrong/p@ssword"
    environment |= {"ARENA_DATABASE_URL": cluster.url(), "ARENA_DATABASE_PASSWORD": wrong}
    result = CliRunner().invoke(main, ["db", "upgrade"], env=environment)
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith(f"Error: PostgreSQL at 127.0.0.1:{cluster.port} refused the "
                               'password: password authentication failed for user "arena"')
    assert "ALTER USER arena" in lines[0] and "postgres-data volume" in lines[0]
    assert wrong not in result.output and "p@ss" not in result.output


@pytest.mark.parametrize(("url", "said"), [
    ("postgresql+psycopg://arena@127.0.0.1:{closed}/arena",
     "cannot connect to PostgreSQL at 127.0.0.1:{closed}: Connection refused"),
    ("postgresql+psycopg://arena@no-such-host.invalid:5432/arena",
     "cannot connect to PostgreSQL: failed to resolve host 'no-such-host.invalid'"),
    ("postgresql+psycopg://arena@127.0.0.1:{port}/nothing",
     'cannot connect to PostgreSQL at 127.0.0.1:{port}: database "nothing" does not exist'),
])
def test_postgresql_out_of_reach_is_one_line_naming_it_and_the_cause(
        cluster, environment, url, said):
    with socket.socket() as probe:  # a port nothing listens on once the probe is closed
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    environment |= {"ARENA_DATABASE_URL": url.format(closed=closed, port=cluster.port),
                    "ARENA_DATABASE_PASSWORD": PASSWORD}
    result = CliRunner().invoke(main, ["db", "upgrade"], env=environment)
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert result.output.startswith("Error: " + said.format(closed=closed, port=cluster.port))
    assert "p@ss" not in result.output
