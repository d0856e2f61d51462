"""Deep linking: an instructor, launched by a deep linking request, picks a challenge or an
assignment of the bound course; we answer with a LtiDeepLinkingResponse JWT signed by our key,
whose resource link opens it (custom parameters) and asks the platform for a line item."""

from __future__ import annotations

import secrets
import time

from arena.errors import NotFound
from arena.extensions import db
from arena.lti.keys import sign
from arena.lti.launch import DeepLinking
from arena.lti.messages import CLAIM, DL_CLAIM
from arena.models import Assignment, LtiPlatform, User
from arena.presenters.challenges import challenge_title
from arena.services.catalog import get_challenge


def content_item(request: DeepLinking, user: User, pick: str, launch_url: str) -> dict:
    """Return the resource link item for a pick (`challenge:<slug>` or `assignment:<id>`):
    a challenge the instructor may see, or an assignment of the course; else NotFound."""
    kind, _, value = pick.partition(":")
    if kind == "challenge":
        challenge = get_challenge(value[:64], user)
        title, custom, points = challenge_title(challenge, "en"), {"challenge": challenge.slug}, 1.0
    elif kind == "assignment" and value.isdigit() and len(value) < 12:
        assignment = db.session.get(Assignment, int(value))
        if assignment is None or assignment.course_id != request.course_id:
            raise NotFound("no such assignment in this course")
        title, custom = assignment.title, {"assignment": str(assignment.id)}
        points = sum(item.points for item in assignment.items) or 1.0
    else:
        raise NotFound("pick a challenge or an assignment")
    return {"type": "ltiResourceLink", "title": title, "url": launch_url, "custom": custom,
            "lineItem": {"scoreMaximum": points, "label": title}}


def response_jwt(request: DeepLinking, items: list[dict]) -> str:
    """Return the signed LtiDeepLinkingResponse carrying `items` back to the platform."""
    platform = db.session.get(LtiPlatform, request.platform_id)
    now = int(time.time())
    claims = {"iss": platform.client_id, "aud": platform.issuer, "iat": now, "exp": now + 600,
              "nonce": secrets.token_urlsafe(16),
              CLAIM + "deployment_id": request.deployment_id,
              CLAIM + "message_type": "LtiDeepLinkingResponse", CLAIM + "version": "1.3.0",
              DL_CLAIM + "content_items": items}
    if request.data is not None:
        claims[DL_CLAIM + "data"] = request.data
    return sign(claims)
