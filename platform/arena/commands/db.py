"""`arena db`: the schema's migrations (the only commands that change it) and the retention's
pruning."""

from __future__ import annotations

from dataclasses import replace

import click
from alembic.util import CommandError
from flask import Flask

from arena import create_app
from arena.bounds import MAX_DAYS
from arena.config import shown_url
from arena.db import checked_app, downgrade, revisions, schema, upgrade
from arena.services.idempotency import KEPT
from arena.services.retention import Retention, prune


@click.group("db")
def db_group() -> None:
    """Manage the database schema."""


@db_group.command("upgrade")
def db_upgrade() -> None:
    """Bring the database schema to the newest revision."""
    app = _known_app()
    upgrade(app)
    click.echo(f"database at the newest revision: {shown_url(app.config['DATABASE_URL'])}")


@db_group.command("downgrade")
@click.argument("revision")
def db_downgrade(revision: str) -> None:
    """Take the database schema back to REVISION (`base`: empty), dropping what the newer
    revisions added: the first step of a rollback, run with the newer version."""
    app = _known_app()
    if revision not in ("base", *revisions()):
        raise click.BadParameter(f"{revision!r} is not a revision of this code (`arena db "
                                 "current` names the database's)", param_hint="REVISION")
    try:
        downgrade(app, revision)
    except CommandError as exc:  # a revision newer than the database's, for one
        raise click.ClickException(f"cannot downgrade to {revision}: {exc}") from exc
    click.echo(f"database at revision {revision}")


@db_group.command("current")
def db_current() -> None:
    """Print the database's schema revision; exit 1, saying what to do, unless it is this
    code's newest."""
    state = schema(create_app())
    if state.problem:
        raise click.ClickException(state.problem)
    click.echo(f"database at revision {state.newest}, this code's newest")


def _known_app() -> Flask:
    """Create the app; stop with one line when its database was migrated by a newer code."""
    app = create_app()
    state = schema(app)
    if not state.known:
        raise click.ClickException(state.problem)
    return app


def _days(_ctx: click.Context, _param: click.Parameter, value: float | None) -> float | None:
    """Refuse a span of days that no date can be taken back by (arena.bounds.MAX_DAYS)."""
    if value is not None and not 0 <= value <= MAX_DAYS:  # NaN too
        raise click.BadParameter(f"must be from 0 to {MAX_DAYS} days, not {value}")
    return value


@db_group.command("prune")
@click.option("--run-days", type=float, callback=_days, default=None,
              help="Delete runs finished longer ago (default ARENA_RETENTION_RUN_DAYS).")
@click.option("--detail-days", type=float, callback=_days, default=None,
              help="Drop output and public test details older (default "
                   "ARENA_RETENTION_DETAIL_DAYS).")
def db_prune(run_days: float | None, detail_days: float | None) -> None:
    """Apply the retention to stored runs, outputs and drafts (docs/configuration.md), print
    what was removed. Safe while the server runs: queued and running work and gradebook submissions
    are never touched."""
    app = checked_app()
    retention = Retention.from_config(app.config)
    retention = replace(retention, run_days=retention.run_days if run_days is None else run_days,
                        detail_days=retention.detail_days if detail_days is None else detail_days)
    with app.app_context():
        report = prune(retention)
    _said(retention.run_days, "RUN_DAYS",
          f"runs finished over {retention.run_days:g} days ago: {report.old_runs} deleted")
    _said(retention.run_bytes_per_user, "RUN_BYTES_PER_USER",
          f"runs beyond a user's newest {retention.run_bytes_per_user} bytes: "
          f"{report.runs_over_share} deleted")
    _said(retention.detail_days, "DETAIL_DAYS",
          f"work finished over {retention.detail_days:g} days ago, outside gradebooks: "
          f"{report.trimmed} trimmed (output and public test details dropped)")
    _said(retention.draft_days, "DRAFT_DAYS",
          f"superseded drafts made over {retention.draft_days:g} days ago that nothing uses: "
          f"{report.drafts} deleted (with the runs on them)")
    _said(retention.cell_run_hours, "CELL_RUN_HOURS",
          f"lesson cell runs finished over {retention.cell_run_hours:g} hours ago: "
          f"{report.cell_runs} deleted")
    click.echo(f"idempotency keys over {KEPT.total_seconds() / 3600:g} hours old: "
               f"{report.keys} deleted")


def _said(setting: float, name: str, line: str) -> None:
    """Print what one retention rule did, or that it is off."""
    click.echo(line if setting else f"ARENA_RETENTION_{name} is 0: nothing removed by it")
