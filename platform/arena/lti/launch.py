"""An LTI 1.3 launch: OIDC login initiation (a state and a nonce stored, each good once for
LOGIN_MINUTES), then the id_token the platform POSTs: checked (arena.lti.messages), its nonce
spent (a replay is refused), its deployment registered; the user signed in, enrolled in the
course bound to the LMS context, and sent to the linked challenge or assignment."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlencode

from sqlalchemy import delete, select, update

from arena.errors import ArenaError
from arena.extensions import db
from arena.lti.accounts import bind_context, bound_context, course_role, enrol, lms_user
from arena.lti.messages import AGS_ENDPOINT, CLAIM, DL_CLAIM, NRPS_CLAIM, Refused, verified_claims
from arena.lti.platforms import find_platform, origin
from arena.models import (
    Assignment,
    Course,
    CourseRole,
    LtiContext,
    LtiLogin,
    LtiPlatform,
    LtiResourceLink,
    User,
)
from arena.models.lti import ID_LENGTH, URL_LENGTH
from arena.models.types import utcnow
from arena.services.catalog import get_challenge

#: How long a login initiation waits for its launch.
LOGIN_MINUTES = 10
RESOURCE_LINK = "LtiResourceLinkRequest"
DEEP_LINKING = "LtiDeepLinkingRequest"


def _text(value: object, name: str, length: int = ID_LENGTH) -> str:
    """Return a claim or parameter that must be a non-empty string of at most `length`."""
    if not isinstance(value, str) or not value or len(value) > length:
        raise Refused(f"{name}: missing or malformed", 400)
    return value


def begin_login(params: dict[str, str], launch_url: str) -> str:
    """Start a login initiated by a platform; return the platform's authorization URL to send
    the browser to (its state and nonce stored)."""
    issuer = _text(params.get("iss"), "iss", URL_LENGTH)
    login_hint = _text(params.get("login_hint"), "login_hint", URL_LENGTH)
    try:
        platform = find_platform(issuer, params.get("client_id") or None)
    except ArenaError:
        raise Refused("no platform is registered with this issuer and client id", 400) from None
    deployment = params.get("lti_deployment_id")
    if deployment and deployment not in platform.deployment_ids:
        raise Refused("this deployment is not registered", 403)
    db.session.execute(delete(LtiLogin).where(
        LtiLogin.created_at < utcnow() - timedelta(minutes=LOGIN_MINUTES)))
    login = LtiLogin(platform=platform, state=secrets.token_urlsafe(32),
                     nonce=secrets.token_urlsafe(32))
    db.session.add(login)
    db.session.commit()
    query = {"scope": "openid", "response_type": "id_token", "response_mode": "form_post",
             "prompt": "none", "client_id": platform.client_id, "redirect_uri": launch_url,
             "login_hint": login_hint, "state": login.state, "nonce": login.nonce}
    if params.get("lti_message_hint"):
        query["lti_message_hint"] = _text(params["lti_message_hint"], "lti_message_hint",
                                          URL_LENGTH)
    separator = "&" if "?" in platform.auth_login_url else "?"
    return platform.auth_login_url + separator + urlencode(query)


@dataclass
class DeepLinking:
    """A deep linking request: where the platform wants the answer, and what to echo."""

    platform_id: int
    deployment_id: str
    course_id: int
    return_url: str
    data: str | None


@dataclass
class Launched:
    """A checked launch: who, in which course, where they go, which origins may frame our
    pages for them; a deep linking request when the platform asked for one."""

    user: User
    course: Course
    frame_origins: list[str]
    link: LtiResourceLink | None = None
    deep_linking: DeepLinking | None = None


def _spend(state: str) -> LtiLogin:
    """Return the login a launch's state names, marked used: once, within LOGIN_MINUTES."""
    login = db.session.scalar(select(LtiLogin).where(LtiLogin.state == state))
    if login is None or login.created_at < utcnow() - timedelta(minutes=LOGIN_MINUTES):
        raise Refused("this launch's state is unknown or expired: launch again from the course")
    spent = db.session.execute(update(LtiLogin).where(
        LtiLogin.id == login.id, LtiLogin.used_at.is_(None)).values(used_at=utcnow())).rowcount
    db.session.commit()
    if spent != 1:
        raise Refused("this launch was used already (a replay)")
    return login


def _claims(form: dict[str, str]) -> tuple[LtiPlatform, dict]:
    """Return the platform and the checked claims of a launch's form (state and id_token)."""
    state = _text(form.get("state"), "state", 64)
    token = form.get("id_token") or ""
    login = _spend(state)
    claims = verified_claims(login.platform, token)
    if not secrets.compare_digest(str(claims.get("nonce")), login.nonce):
        raise Refused("the id_token's nonce is not this launch's")
    if claims.get(CLAIM + "version") != "1.3.0":
        raise Refused("only LTI 1.3.0 launches are understood", 400)
    deployment = _text(claims.get(CLAIM + "deployment_id"), "deployment_id")
    if deployment not in login.platform.deployment_ids:
        raise Refused("this deployment is not registered with us", 403)
    return login.platform, claims


def _claim(claims: dict, name: str) -> dict:
    """Return a claim that is an object (empty when absent)."""
    value = claims.get(name)
    return value if isinstance(value, dict) else {}


def complete_launch(form: dict[str, str]) -> Launched:
    """Check a launch and act on it: sign-in, enrolment, resource link or deep linking."""
    platform, claims = _claims(form)
    kind = claims.get(CLAIM + "message_type")
    if kind not in (RESOURCE_LINK, DEEP_LINKING):
        raise Refused("this kind of LTI message is not understood", 400)
    deployment = claims[CLAIM + "deployment_id"]
    context = _claim(claims, CLAIM + "context")
    context_id = _text(context.get("id"), "context id")
    role = course_role(claims.get(CLAIM + "roles"))
    user = lms_user(platform.issuer, _text(claims["sub"], "sub"),
                    role == CourseRole.INSTRUCTOR)
    if not user.active:
        raise Refused("this account is deactivated here", 403)
    binding = bound_context(platform, deployment, context_id)
    if binding is None:
        if role != CourseRole.INSTRUCTOR:
            raise Refused("this LMS course is not set up here yet: its instructor launches "
                          "first", 403)
        binding = bind_context(platform, deployment, context_id,
                               str(context.get("title") or context.get("label") or ""), user)
    memberships = _claim(claims, NRPS_CLAIM).get("context_memberships_url")
    if isinstance(memberships, str) and len(memberships) <= URL_LENGTH:
        binding.memberships_url = memberships
    enrol(user, binding.course, role, _name(claims), claims.get("email"))
    origins = [origin(platform.issuer), origin(platform.auth_login_url)]
    presentation = _claim(claims, CLAIM + "launch_presentation").get("return_url")
    if isinstance(presentation, str) and presentation.startswith(("https://", "http://")):
        origins.append(origin(presentation))
    launched = Launched(user, binding.course, [])
    if kind == DEEP_LINKING:
        launched.deep_linking = _deep_linking(claims, platform, binding.course, role)
        origins.append(origin(launched.deep_linking.return_url))
    else:
        launched.link = _resource_link(claims, binding)
    launched.frame_origins = [o for o in dict.fromkeys(origins) if o]
    db.session.commit()
    return launched


def _name(claims: dict) -> str | None:
    """Return the person's name as the LMS gives it, if it does."""
    name = claims.get("name") or " ".join(
        str(claims[part]) for part in ("given_name", "family_name") if claims.get(part))
    return name if isinstance(name, str) and name else None


def _deep_linking(claims: dict, platform: LtiPlatform, course: Course,
                  role: CourseRole) -> DeepLinking:
    """Return a deep linking request's settings; only instructors place activities."""
    if role != CourseRole.INSTRUCTOR:
        raise Refused("only the course's instructors add activities", 403)
    settings = _claim(claims, DL_CLAIM + "deep_linking_settings")
    return_url = _text(settings.get("deep_link_return_url"), "deep_link_return_url", URL_LENGTH)
    if not return_url.startswith(("https://", "http://")):
        raise Refused("deep_link_return_url: not an http(s) URL", 400)
    accepted = settings.get("accept_types") or ["ltiResourceLink"]
    if "ltiResourceLink" not in accepted:
        raise Refused("the platform accepts no resource links here", 400)
    data = settings.get("data")
    return DeepLinking(platform.id, claims[CLAIM + "deployment_id"], course.id, return_url,
                       data if isinstance(data, str) and len(data) <= URL_LENGTH else None)


def _resource_link(claims: dict, binding: LtiContext) -> LtiResourceLink:
    """Return the resource link launched, its target set from its custom parameters (an
    assignment of the bound course, or a published challenge) and its line item from AGS."""
    link_id = _text(_claim(claims, CLAIM + "resource_link").get("id"), "resource link id")
    link = db.session.scalar(select(LtiResourceLink).where(
        LtiResourceLink.context_id == binding.id, LtiResourceLink.resource_link_id == link_id))
    if link is None:
        link = LtiResourceLink(context=binding, resource_link_id=link_id)
        db.session.add(link)
    custom = _claim(claims, CLAIM + "custom")
    if custom.get("assignment"):
        assignment = db.session.get(Assignment, _number(custom["assignment"]))
        if assignment is None or assignment.course_id != binding.course_id:
            raise Refused("this activity names an assignment of another course", 403)
        link.assignment, link.challenge = assignment, None
    elif custom.get("challenge"):
        try:
            link.challenge = get_challenge(_text(custom["challenge"], "challenge", 64))
        except ArenaError:
            raise Refused("this activity names no published challenge", 404) from None
        link.assignment = None
    lineitem = _claim(claims, AGS_ENDPOINT).get("lineitem")
    if isinstance(lineitem, str) and lineitem.startswith(("https://", "http://")) \
            and len(lineitem) <= URL_LENGTH:
        link.lineitem_url = lineitem
    db.session.flush()
    return link


def _number(value: object) -> int:
    """Return a custom parameter that must be a whole number (an id)."""
    text = str(value)
    if not text.isdigit() or len(text) > 12:
        raise Refused("this activity's custom parameter is not an id", 400)
    return int(text)
