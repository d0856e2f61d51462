"""What stops a command at its start, said in one line that holds no secret: a setting refused
(arena.config.SettingError) or a database that cannot be reached (SQLAlchemy's
OperationalError: psycopg's or SQLite's message, folded onto one line and led by the service
it names). The `arena` command prints it instead of a traceback (arena.cli)."""

from __future__ import annotations

import re

from sqlalchemy.exc import OperationalError

from arena.config import SettingError

#: What the operator can do when PostgreSQL refuses the password (psycopg says which user).
PASSWORD_ADVICE = (
    "a PostgreSQL data folder keeps the password it was created with, whatever "
    "ARENA_DB_PASSWORD says later: with docker compose, set it anew inside the container "
    "(docker compose exec postgres psql -U arena -d arena -c \"ALTER USER arena PASSWORD "
    "'...'\") or remove the postgres-data volume (docker compose down -v deletes every "
    "submission)")


def failure(exc: BaseException) -> str | None:
    """Return the one line that says why `exc` stopped the start, or None when it is not a
    failure of the settings or of reaching the database."""
    if isinstance(exc, SettingError):
        return f"configuration: {exc}"
    if isinstance(exc, OperationalError):
        return _database(exc.orig)
    return None


def _database(error: BaseException | None) -> str:
    """Return one line for a database that refused or could not be reached."""
    said = " ".join(str(error).split())  # one line: libpq's messages span several
    pgconn = getattr(error, "pgconn", None)  # psycopg's failed connection, when it got one
    if pgconn is None and "sqlite" in type(error).__module__:
        return f"the SQLite database (ARENA_DATABASE_URL, ARENA_DATA_DIR) cannot be used: {said}"
    where = "PostgreSQL"
    if pgconn is not None and pgconn.host:
        where += f" at {pgconn.host.decode()}:{pgconn.port.decode()}"
    said = re.sub(r"^connection failed: |connection to server at \S+ port \d+ failed: "
                  r"|FATAL: +", "", said)
    if "password authentication failed" in said:
        return f"{where} refused the password: {said}; {PASSWORD_ADVICE}"
    return f"cannot connect to {where}: {said} (ARENA_DATABASE_URL)"
