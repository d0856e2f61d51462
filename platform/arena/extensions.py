"""Flask extensions, created here so that models and services import them without cycles."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask_babel import Babel
from flask_login import LoginManager
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import Engine, MetaData, event
from sqlalchemy.orm import DeclarativeBase

#: Stable constraint names, so that Alembic can find them again on every database.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """The declarative base of every model."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)
babel = Babel()
csrf = CSRFProtect()
login_manager = LoginManager()


@event.listens_for(Engine, "connect")
def _configure_sqlite(dbapi_connection: Any, _record: Any) -> None:
    """Put SQLite in WAL mode so that worker threads and web threads read and write together."""
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=15000")
    cursor.close()
