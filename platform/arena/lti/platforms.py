"""The learning platforms registered with us (an admin's, in the browser or `arena lti
register`): every field checked and bounded before it is stored."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from sqlalchemy import select

from arena.errors import Conflict, NotFound, Unprocessable
from arena.extensions import db
from arena.models import LtiPlatform
from arena.models.lti import ID_LENGTH, URL_LENGTH

#: The most deployment ids one registration holds.
MAX_DEPLOYMENTS = 50


@dataclass
class Registration:
    """What an admin enters to register a platform."""

    issuer: str
    client_id: str
    key_set_url: str
    auth_login_url: str
    access_token_url: str
    deployment_ids: list[str] = field(default_factory=list)
    name: str = ""


def _url(name: str, value: str) -> str:
    """Return an http(s) URL, or refuse it naming its field."""
    value = value.strip()
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or len(value) > URL_LENGTH:
        raise Unprocessable(f"{name}: an http(s) URL of at most {URL_LENGTH} characters")
    return value


def _identifier(name: str, value: str) -> str:
    """Return a non-empty identifier of at most ID_LENGTH characters."""
    value = value.strip()
    if not value or len(value) > ID_LENGTH:
        raise Unprocessable(f"{name}: between 1 and {ID_LENGTH} characters")
    return value


def register_platform(entry: Registration) -> LtiPlatform:
    """Store a platform's registration; an issuer and client id registered already is a
    conflict."""
    deployments = list(dict.fromkeys(_identifier("deployment id", d)
                                      for d in entry.deployment_ids if d.strip()))
    if not deployments or len(deployments) > MAX_DEPLOYMENTS:
        raise Unprocessable(f"deployment ids: between 1 and {MAX_DEPLOYMENTS}")
    if len(entry.name.strip()) > 200:
        raise Unprocessable("name: at most 200 characters")
    platform = LtiPlatform(
        issuer=_url("issuer", entry.issuer), client_id=_identifier("client id", entry.client_id),
        name=entry.name.strip() or None, deployment_ids=deployments,
        key_set_url=_url("key set URL", entry.key_set_url),
        auth_login_url=_url("auth login URL", entry.auth_login_url),
        access_token_url=_url("access token URL", entry.access_token_url))
    if db.session.scalar(select(LtiPlatform.id).where(
            LtiPlatform.issuer == platform.issuer, LtiPlatform.client_id == platform.client_id)):
        raise Conflict("this issuer and client id are registered already")
    db.session.add(platform)
    db.session.commit()
    return platform


def list_platforms() -> list[LtiPlatform]:
    """Return every registered platform, the oldest first."""
    return list(db.session.scalars(select(LtiPlatform).order_by(LtiPlatform.id)))


def find_platform(issuer: str, client_id: str | None) -> LtiPlatform:
    """Return the platform registered with this issuer (and client id, when given: an issuer
    registered twice needs it), or raise NotFound."""
    query = select(LtiPlatform).where(LtiPlatform.issuer == issuer)
    if client_id:
        query = query.where(LtiPlatform.client_id == client_id)
    found = db.session.scalars(query.limit(2)).all()
    if len(found) != 1:
        raise NotFound("no platform is registered with this issuer and client id")
    return found[0]


#: An origin as a Content-Security-Policy may name it (no spaces, quotes or semicolons).
ORIGIN = re.compile(r"https?://[A-Za-z0-9.\-]+(:[0-9]{1,5})?")


def origin(url: str) -> str | None:
    """Return the origin (scheme://host[:port]) of an http(s) URL; None for anything else."""
    parts = urlsplit(url)
    found = f"{parts.scheme}://{parts.netloc}"
    return found if ORIGIN.fullmatch(found) else None


def registered_origins() -> list[str]:
    """Return the origins of every registered platform (its issuer's, its login's)."""
    found = (origin(url) for p in list_platforms() for url in (p.issuer, p.auth_login_url))
    return [o for o in dict.fromkeys(found) if o]
