"""`arena sandbox build|check`: the sandbox image, and proof that the isolation holds."""

from __future__ import annotations

import click
import docker
from docker.errors import DockerException

from arena import create_app
from arena.jobs.sandbox import close_sandbox, get_sandbox
from graders.sandbox.base import SandboxUnavailable
from graders.sandbox.check import isolation_report
from graders.sandbox.image import DEFAULT_BASE, build_image


@click.group("sandbox")
def sandbox_group() -> None:
    """Build and check the sandbox."""


@sandbox_group.command("build")
@click.option("--base", default=DEFAULT_BASE, show_default=True,
              help="Base image with Python 3 (the Debian-built one where no registry answers).")
def build(base: str) -> None:
    """Build the Docker sandbox image."""
    try:
        tag = build_image(docker.from_env(timeout=600), base)
    except DockerException as exc:
        raise click.ClickException(f"could not build the sandbox image: {exc}") from exc
    click.echo(f"built {tag} on {base}")


@sandbox_group.command("check")
def check() -> None:
    """Say which backend is in use and verify its isolation from inside; exit 1 if any fails."""
    app = create_app()
    try:
        sandbox = get_sandbox(app)
    except SandboxUnavailable as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"backend: {sandbox.name} ({sandbox.reason})")
    try:
        report = isolation_report(sandbox)
    finally:
        close_sandbox(app)
    for name, holds, detail in report:
        click.echo(f"{'ok  ' if holds else 'FAIL'} {name}{': ' + detail if detail else ''}")
    if not all(holds for _, holds, _ in report):
        raise SystemExit(1)
