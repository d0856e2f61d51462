"""The `arena` command line: run the platform, manage its data, submit as a learner.

A learner's `arena submit` needs none of the server: this module imports only click and the
HTTP client at the top; each server command imports what it uses when it runs.
"""

from __future__ import annotations

import importlib
import ipaddress
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from arena import create_app
from arena.client import ArenaClient, ClientError, format_result

if TYPE_CHECKING:
    from flask import Flask


def _app() -> Flask:
    """Create the app from the environment, with its database schema up to date."""
    from arena import db

    app = create_app()
    db.upgrade(app)
    return app


class _Commands(click.Group):
    """The `arena` group, with command groups whose module is loaded only when named."""

    #: name -> "module:attribute" of a click group that imports the graders at its top.
    lazy = {"sandbox": "arena.sandbox_cli:sandbox_group"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module, attribute = self.lazy[cmd_name].split(":")
            return getattr(importlib.import_module(module), attribute)
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Commands)
def main() -> None:
    """Attention Arena: auto-graded challenges for learning attention."""


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
def serve(host: str, port: int) -> None:
    """Serve the web app and the API, with embedded grading workers."""
    import waitress

    from arena.queue import get_queue
    from arena.sandbox import close_sandbox, get_sandbox
    from arena.services.catalog import sync_catalog

    app = _app()
    sandbox = get_sandbox(app)
    if (sandbox.name == "process" and not _is_loopback(host)
            and os.environ.get("ARENA_ALLOW_PROCESS_SANDBOX") != "1"):
        raise click.ClickException(
            "the process sandbox is for one person on their own machine: bind to 127.0.0.1, "
            "use Docker, or set ARENA_ALLOW_PROCESS_SANDBOX=1 to accept the risk")
    with app.app_context():
        synced = sync_catalog(Path(app.config["CHALLENGES_DIR"]))
    click.echo(f"sandbox: {sandbox.name} ({sandbox.reason})")
    click.echo(f"challenges: {len(synced)}; database: {app.config['DATABASE_URL']}")
    queue = get_queue(app)
    queue.start()
    # SIGTERM (docker stop, systemd, Ctrl+C's cousin) must run the clean-up below, which
    # drains the warm pool; the default action would leave its containers to the reaper.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    click.echo(f"Attention Arena on http://{host}:{port}/ (Ctrl+C stops it)")
    try:
        waitress.serve(app, host=host, port=port, threads=8, ident="arena")
    finally:
        queue.stop(timeout=30)
        close_sandbox(app)



@main.group("db")
def db_group() -> None:
    """Manage the database schema."""


@db_group.command("upgrade")
def db_upgrade() -> None:
    """Bring the database schema to the newest revision."""
    app = _app()
    click.echo(f"database at the newest revision: {app.config['DATABASE_URL']}")


@main.group()
def challenges() -> None:
    """Load, list and validate the challenge folders."""


@challenges.command("sync")
def challenges_sync() -> None:
    """Load every challenge folder into the database (a new version per changed folder)."""
    from arena.services.catalog import sync_catalog

    app = _app()
    with app.app_context():
        for challenge in sync_catalog(Path(app.config["CHALLENGES_DIR"])):
            click.echo(f"{challenge.slug}")


@challenges.command("list")
def challenges_list() -> None:
    """List the challenges in the database."""
    from arena.services.catalog import list_challenges

    app = _app()
    with app.app_context():
        for c in list_challenges():
            click.echo(f"{c.slug:32} {c.difficulty:7} {c.track:12} {c.title.get('en', '')}")


@challenges.command("validate")
@click.argument("slugs", nargs=-1)
@click.option("--jobs", "-j", default=2, show_default=True, type=click.IntRange(1, 16),
              help="Challenges validated at the same time.")
def challenges_validate(slugs: tuple[str, ...], jobs: int) -> None:
    """Prove each challenge's tests strong, print their strength; exit 1 if any check fails."""
    from arena.sandbox import close_sandbox, get_sandbox
    from graders.authoring.validate import Validation, strength_table, validate_all

    app = create_app()
    specs, broken = _chosen_specs(app, slugs)
    results = {slug: Validation(slug, [problem]) for slug, problem in broken.items()}
    # The bar goes to stderr and draws only on a terminal; the table goes to stdout.
    with click.progressbar(length=len(specs), label="validating", file=sys.stderr,
                           item_show_func=lambda r: r.slug if r else "") as bar:
        try:
            for result in validate_all(specs, get_sandbox(app), workers=jobs):
                results[result.slug] = result
                bar.update(1, result)
        finally:
            close_sandbox(app)
    for line in strength_table([results[s.slug] for s in specs]
                               + [results[slug] for slug in sorted(broken)]):
        click.echo(line)
    if not all(r.ok for r in results.values()):
        raise SystemExit(1)


def _chosen_specs(app: Flask, slugs: tuple[str, ...]) -> tuple[list, dict[str, str]]:
    """Read the challenge folders named (all when none is): specs, and folders that fail."""
    from graders import load_catalog

    broken: dict[str, str] = {}
    specs = load_catalog(Path(app.config["CHALLENGES_DIR"]), broken)
    unknown = set(slugs) - {s.slug for s in specs} - set(broken)
    if unknown:
        raise click.ClickException(f"no such challenge: {', '.join(sorted(unknown))}")
    return ([s for s in specs if not slugs or s.slug in slugs],
            {k: v for k, v in broken.items() if not slugs or k in slugs})


@challenges.command("catalog")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True),
              help="Write the Markdown to this file (e.g. docs/catalog.md), not to stdout.")
def challenges_catalog(output: str | None) -> None:
    """Print the catalog of challenge folders as Markdown, one table per track."""
    from arena.sandbox import close_sandbox, get_sandbox
    from graders.authoring.catalog import catalog_markdown
    from graders.prepare import PrepareError

    app = create_app()
    specs, broken = _chosen_specs(app, ())
    if broken:
        raise click.ClickException("; ".join(broken.values()))
    try:
        text = catalog_markdown(specs, get_sandbox(app))
    except PrepareError as exc:
        raise click.ClickException(str(exc)) from exc
    finally:
        close_sandbox(app)
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(f"wrote {output}")
    else:
        click.echo(text, nl=False)


@main.group()
def users() -> None:
    """Manage user accounts."""


@users.command("create")
@click.argument("username")
@click.option("--role", type=click.Choice(["student", "instructor", "admin"]),
              default="student", show_default=True)
@click.option("--password-stdin", is_flag=True, help="Read the password from standard input.")
def users_create(username: str, role: str, password_stdin: bool) -> None:
    """Create a user."""
    from arena.services.users import create_user

    password = sys.stdin.readline().rstrip("\n") if password_stdin else None
    app = _app()
    with app.app_context():
        try:
            create_user(username, role, password)
        except ValueError as exc:
            raise click.ClickException(str(exc)) from exc
    click.echo(f"created {role} {username}")


@main.group()
def tokens() -> None:
    """Manage API tokens."""


@tokens.command("create")
@click.argument("username")
def tokens_create(username: str) -> None:
    """Create an API token; it is printed alone on the last line, once."""
    from arena.errors import NotFound
    from arena.services.users import create_token

    app = _app()
    with app.app_context():
        try:
            token = create_token(username)
        except NotFound as exc:
            raise click.ClickException(str(exc)) from exc
    click.echo(f"token for {username} (store it now; it is not shown again):")
    click.echo(token)


@main.command()
@click.argument("slug")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--run", is_flag=True, help="Run on the public examples only; nothing recorded.")
def submit(slug: str, file, run: bool) -> None:
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
