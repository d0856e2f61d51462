"""`arena lti`: learning platforms (LTI 1.3) from the operator's shell: register and list
them, rotate our signing key, fill a course's members from its LMS."""

from __future__ import annotations

import click

from arena.commands.users import changed
from arena.lti.keys import rotate_key
from arena.lti.messages import PlatformError
from arena.lti.platforms import Registration, list_platforms, register_platform
from arena.lti.roster import sync_roster


@click.group()
def lti() -> None:
    """Manage LTI 1.3 learning platforms (Canvas, Moodle)."""


@lti.command("register")
@click.option("--issuer", required=True, help="The platform's issuer (iss), a URL.")
@click.option("--client-id", required=True, help="Our client id at the platform.")
@click.option("--deployment-id", "deployment_ids", multiple=True, required=True,
              help="A deployment id the platform launches from (repeat for more).")
@click.option("--key-set-url", required=True, help="The platform's public key set (JWKS).")
@click.option("--auth-login-url", required=True, help="The platform's OIDC authorization URL.")
@click.option("--access-token-url", required=True, help="The platform's OAuth2 token URL.")
@click.option("--name", default="", help="A name to show for it.")
def lti_register(issuer: str, client_id: str, deployment_ids: tuple[str, ...],
                 key_set_url: str, auth_login_url: str, access_token_url: str,
                 name: str) -> None:
    """Register a learning platform."""
    entry = Registration(issuer, client_id, key_set_url, auth_login_url, access_token_url,
                         list(deployment_ids), name)
    platform_id = changed(lambda _: register_platform(entry).id)
    click.echo(f"registered platform {platform_id}: {issuer} (client id {client_id})")


@lti.command("list")
def lti_list() -> None:
    """List the registered platforms, one a line."""
    rows = changed(lambda _: [
        f"{p.id}\t{p.issuer}\t{p.client_id}\t{','.join(p.deployment_ids)}\t{p.name or ''}"
        for p in list_platforms()])
    click.echo("id\tissuer\tclient id\tdeployments\tname")
    for row in rows:
        click.echo(row)


@lti.command("rotate-key")
def lti_rotate_key() -> None:
    """Sign with a new key; the old one stays in our key set for a week."""
    kid = changed(lambda _: rotate_key().kid)
    click.echo(f"signing with key {kid}")


@lti.command("sync-roster")
@click.argument("course_id", type=int)
def lti_sync_roster(course_id: int) -> None:
    """Fill a course's members from its LMS (Names and Role Provisioning Services)."""
    def sync(_app):
        try:
            return sync_roster(None, course_id)
        except PlatformError as exc:
            raise click.ClickException(f"the platform did not answer: {exc}") from exc
    done = changed(sync)
    click.echo(f"{done.members} members in the LMS, {done.added} new to course {course_id}")
