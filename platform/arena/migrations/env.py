"""Alembic environment: migrate the connection `arena.db` hands over, or the configured URL."""

from alembic import context
from sqlalchemy import engine_from_config, pool

import arena.models  # noqa: F401  (registers every table on the metadata)
from arena.extensions import Base

config = context.config
target_metadata = Base.metadata


def run_migrations(connection) -> None:
    """Run the migrations on one connection, in batch mode so that SQLite can alter tables."""
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite", compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Use the shared connection when there is one; otherwise connect to sqlalchemy.url."""
    shared = config.attributes.get("connection")
    if shared is not None:
        run_migrations(shared)
        return
    engine = engine_from_config(config.get_section(config.config_ini_section, {}),
                                prefix="sqlalchemy.", poolclass=pool.NullPool)
    with engine.connect() as connection:
        run_migrations(connection)


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"),
                      target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_online()
