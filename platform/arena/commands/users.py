"""`arena users` and `arena tokens`: accounts and API tokens, from the operator's shell."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

import click
from flask import Flask

from arena.db import checked_app
from arena.errors import ArenaError
from arena.models import Role
from arena.services.users import (
    MIN_PASSWORD_LENGTH,
    create_token,
    create_user,
    deactivate_user,
    get_user,
    reactivate_user,
    set_password,
    set_role,
)

ROLES = click.Choice([str(role) for role in Role])
T = TypeVar("T")


def read_password(from_stdin: bool) -> str:
    """Read a new password: its line on standard input, else typed twice at a hidden prompt."""
    if from_stdin:
        return sys.stdin.readline().rstrip("\n")
    return click.prompt(f"New password (at least {MIN_PASSWORD_LENGTH} characters)",
                        hide_input=True, confirmation_prompt=True)


def needs_password(username: str) -> str:
    """Say that an account cannot log in yet, and how to give it a password."""
    return (f"{username} has no password and cannot log in until one is set: "
            f"arena users set-password {username} --password-stdin (or an admin issues a "
            "reset link on /admin/users)")


@click.group()
def users() -> None:
    """Manage user accounts."""


def changed(change: Callable[[Flask], T]) -> T:
    """Run `change(app)` on the migrated database; a refusal of the services ends the command
    with its message (exit 1)."""
    app = checked_app()
    with app.app_context():
        try:
            return change(app)
        except (ValueError, ArenaError) as exc:
            raise click.ClickException(str(exc)) from exc


@users.command("create")
@click.argument("username")
@click.option("--role", type=ROLES, default="student", show_default=True)
@click.option("--password-stdin", is_flag=True, help="Read the password from standard input.")
@click.option("--email", default="", help="Where a password reset is sent (with SMTP set up).")
def users_create(username: str, role: str, password_stdin: bool, email: str) -> None:
    """Create a user; without --password-stdin it cannot log in until a password is set."""
    password = read_password(True) if password_stdin else None
    username = changed(lambda _: create_user(username, role, password, email).username)
    click.echo(f"created {role} {username}")
    if password is None:
        click.echo(needs_password(username))


@users.command("set-password")
@click.argument("username")
@click.option("--password-stdin", is_flag=True,
              help="Read the password from standard input (else a hidden prompt asks twice).")
def users_set_password(username: str, password_stdin: bool) -> None:
    """Set a user's password (the policy of the web forms); their sessions end."""
    password = read_password(password_stdin)
    changed(lambda _: set_password(get_user(username), password))
    click.echo(f"password set for {username}: every session of theirs ended")


@users.command("role")
@click.argument("username")
@click.argument("role", type=ROLES)
def users_role(username: str, role: str) -> None:
    """Give a user another role."""
    has_password = changed(lambda _: set_role(username, role).password_hash is not None)
    click.echo(f"{username} is now {role}")
    if not has_password:
        click.echo(needs_password(username))


@users.command("deactivate")
@click.argument("username")
def users_deactivate(username: str) -> None:
    """Deactivate a user: their sessions end, their password and tokens stop working."""
    changed(lambda _: deactivate_user(username))
    click.echo(f"deactivated {username}: every session ended, tokens refused")


@users.command("reactivate")
@click.argument("username")
def users_reactivate(username: str) -> None:
    """Reactivate a deactivated user: their password and live tokens work again."""
    changed(lambda _: reactivate_user(username))
    click.echo(f"reactivated {username}")


@click.group()
def tokens() -> None:
    """Manage API tokens."""


@tokens.command("create")
@click.argument("username")
def tokens_create(username: str) -> None:
    """Create an API token; it is printed alone on the last line, once. An account holds at
    most ARENA_MAX_TOKENS_PER_USER live tokens."""
    token = changed(lambda app: create_token(username, app.config["MAX_TOKENS_PER_USER"]))
    click.echo(f"token for {username} (store it now; it is not shown again):")
    click.echo(token)
