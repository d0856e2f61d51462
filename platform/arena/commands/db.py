"""`arena db`: the schema's migrations and the retention's pruning."""

from __future__ import annotations

from dataclasses import replace

import click

from arena.bounds import MAX_DAYS
from arena.db import upgraded_app
from arena.services.retention import Retention, prune


@click.group("db")
def db_group() -> None:
    """Manage the database schema."""


@db_group.command("upgrade")
def db_upgrade() -> None:
    """Bring the database schema to the newest revision."""
    app = upgraded_app()
    click.echo(f"database at the newest revision: {app.config['DATABASE_URL']}")


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
    app = upgraded_app()
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


def _said(setting: float, name: str, line: str) -> None:
    """Print what one retention rule did, or that it is off."""
    click.echo(line if setting else f"ARENA_RETENTION_{name} is 0: nothing removed by it")
