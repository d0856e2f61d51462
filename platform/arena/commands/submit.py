"""`arena submit`: a learner's client of the HTTP API, which needs none of the server."""

from __future__ import annotations

import os
from typing import TextIO

import click

from arena.client import ArenaClient, ClientError, format_result


@click.command()
@click.argument("slug")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--run", is_flag=True, help="Run on the public examples only; nothing recorded.")
def submit(slug: str, file: TextIO, run: bool) -> None:
    """Submit FILE for SLUG; print the tests and the verdict; exit 0 only when accepted."""
    client = ArenaClient(os.environ.get("ARENA_URL", "http://127.0.0.1:8000"),
                         os.environ.get("ARENA_TOKEN"))
    try:
        result = client.grade(slug, file.read(), run=run)
    except ClientError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(format_result(result))
    if result.get("verdict") != "accepted":
        raise SystemExit(1)
