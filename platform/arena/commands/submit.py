"""`arena submit`, `show` and `pull`: a learner's client of the HTTP API, which needs none of
the server."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO

import click

from arena.client import ArenaClient, ClientError, format_result


def _client() -> ArenaClient:
    return ArenaClient(os.environ.get("ARENA_URL", "http://127.0.0.1:8000"),
                       os.environ.get("ARENA_TOKEN"))


@click.command()
@click.argument("slug")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--run", is_flag=True, help="Run on the public examples only; nothing recorded.")
def submit(slug: str, file: TextIO, run: bool) -> None:
    """Submit FILE for SLUG; print the tests and the verdict; exit 0 only when accepted."""
    try:
        result = _client().grade(slug, file.read(), run=run)
    except ClientError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(format_result(result))
    if result.get("verdict") != "accepted":
        raise SystemExit(1)


@click.command()
@click.argument("slug")
@click.option("--lang", default=None, help="The language of the text (en, ko); by default "
              "the one LANG names, else English.")
def show(slug: str, lang: str | None) -> None:
    """Print SLUG's statement and the function to write."""
    try:
        challenge = _client().challenge(slug, lang)
    except ClientError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"# {challenge['title']}\n\n{challenge['statement'].strip()}\n")
    click.echo("".join(f"- {rule}\n" for rule in challenge.get("rules", [])))
    click.echo(f"Write `{challenge['entry_point']}`: `arena pull {slug}` writes the starter.")


@click.command()
@click.argument("slug")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The file to write (default: SLUG.py here).")
@click.option("--force", is_flag=True, help="Replace the file if it exists.")
def pull(slug: str, output: Path | None, force: bool) -> None:
    """Write SLUG's starter code into a file to solve it in."""
    target = output or Path(f"{slug}.py")
    if target.exists() and not force:
        raise click.ClickException(f"{target} exists: keep your work, or replace it with --force")
    try:
        starter = _client().challenge(slug)["starter_code"]
    except ClientError as exc:
        raise click.ClickException(str(exc)) from exc
    target.write_text(starter, encoding="utf-8")
    click.echo(f"wrote {target}; `arena submit {slug} {target}` grades it")
