"""`arena users` and `arena tokens`: accounts and API tokens, from the operator's shell."""

from __future__ import annotations

import sys

import click

from arena.db import upgraded_app
from arena.errors import Conflict, NotFound
from arena.services.users import create_token, create_user, deactivate_user


@click.group()
def users() -> None:
    """Manage user accounts."""


@users.command("create")
@click.argument("username")
@click.option("--role", type=click.Choice(["student", "instructor", "admin"]),
              default="student", show_default=True)
@click.option("--password-stdin", is_flag=True, help="Read the password from standard input.")
def users_create(username: str, role: str, password_stdin: bool) -> None:
    """Create a user."""
    password = sys.stdin.readline().rstrip("\n") if password_stdin else None
    app = upgraded_app()
    with app.app_context():
        try:
            username = create_user(username, role, password).username
        except ValueError as exc:
            raise click.ClickException(str(exc)) from exc
    click.echo(f"created {role} {username}")


@users.command("deactivate")
@click.argument("username")
def users_deactivate(username: str) -> None:
    """Deactivate a user: their sessions end, their password and tokens stop working."""
    app = upgraded_app()
    with app.app_context():
        try:
            deactivate_user(username)
        except NotFound as exc:
            raise click.ClickException(str(exc)) from exc
    click.echo(f"deactivated {username}: every session ended, tokens refused")


@click.group()
def tokens() -> None:
    """Manage API tokens."""


@tokens.command("create")
@click.argument("username")
def tokens_create(username: str) -> None:
    """Create an API token; it is printed alone on the last line, once. An account holds at
    most ARENA_MAX_TOKENS_PER_USER live tokens."""
    app = upgraded_app()
    with app.app_context():
        try:
            token = create_token(username, app.config["MAX_TOKENS_PER_USER"])
        except (NotFound, Conflict) as exc:
            raise click.ClickException(str(exc)) from exc
    click.echo(f"token for {username} (store it now; it is not shown again):")
    click.echo(token)
