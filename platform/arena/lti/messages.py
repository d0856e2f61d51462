"""The JWTs between a platform and us, and the platform's services we call: a platform's
id_tokens checked against its key set (fetched from its key set URL, cached), our client
assertions, its access tokens, and bounded JSON over HTTP."""

from __future__ import annotations

import json
import secrets
import time
from functools import lru_cache
from typing import Any, NamedTuple

import jwt
import requests

from arena.errors import ArenaError
from arena.lti.keys import ALGORITHM, sign
from arena.models import LtiPlatform

#: Claim names (LTI 1.3 Core, Deep Linking 2.0, AGS 2.0, NRPS 2.0).
CLAIM = "https://purl.imsglobal.org/spec/lti/claim/"
DL_CLAIM = "https://purl.imsglobal.org/spec/lti-dl/claim/"
AGS_ENDPOINT = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
NRPS_CLAIM = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
ROSTER_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly"

#: Clock skew allowed between a platform and us, in seconds.
LEEWAY = 60
#: How long a platform's key set is trusted before it is fetched again, in seconds.
KEY_SET_SECONDS = 300
#: How long one call to a platform may take, in seconds.
HTTP_TIMEOUT = 10
#: The largest answer read from a platform.
MAX_ANSWER_BYTES = 4 * 1024 * 1024
#: The longest id_token or JWT accepted in a form.
MAX_JWT_LENGTH = 64 * 1024


class Refused(ArenaError):
    """A launch or a message we refuse: `status` 400 (malformed), 401 (not proven) or 403
    (not allowed)."""

    def __init__(self, message: str, status: int = 401) -> None:
        super().__init__(message)
        self.status = status


class PlatformError(Exception):
    """A platform's service did not answer as it should (away, refused, or nonsense)."""


@lru_cache(maxsize=64)
def _key_client(key_set_url: str) -> jwt.PyJWKClient:
    """Return the (cached) key set of a platform, fetched again after KEY_SET_SECONDS or when
    a token names a key it lacks."""
    return jwt.PyJWKClient(key_set_url, cache_jwk_set=True, lifespan=KEY_SET_SECONDS,
                           timeout=HTTP_TIMEOUT)


def verified_claims(platform: LtiPlatform, token: str) -> dict:
    """Return a platform's id_token's claims once its signature (by the platform's key set),
    issuer, audience (our client id), expiry and issue time are checked; raise Refused."""
    if not token or len(token) > MAX_JWT_LENGTH:
        raise Refused("the launch carries no id_token, or one too long", 400)
    try:
        key = _key_client(platform.key_set_url).get_signing_key_from_jwt(token)
    except jwt.PyJWKClientConnectionError as exc:
        raise Refused("the platform's key set could not be fetched", 401) from exc
    except jwt.PyJWTError as exc:
        raise Refused("the id_token is not signed by a key of the platform's key set") from exc
    try:
        claims = jwt.decode(token, key.key, algorithms=[ALGORITHM], audience=platform.client_id,
                            issuer=platform.issuer, leeway=LEEWAY,
                            options={"require": ["exp", "iat", "iss", "aud", "sub", "nonce"]})
    except jwt.ExpiredSignatureError as exc:
        raise Refused("the id_token has expired") from exc
    except jwt.InvalidAudienceError as exc:
        raise Refused("the id_token is not meant for this tool (audience)") from exc
    except jwt.InvalidIssuerError as exc:
        raise Refused("the id_token comes from another issuer") from exc
    except jwt.PyJWTError as exc:
        raise Refused(f"the id_token is not valid: {exc}") from exc
    azp = claims.get("azp")
    if isinstance(claims["aud"], list) and len(claims["aud"]) > 1 and azp != platform.client_id:
        raise Refused("the id_token names several audiences but not us as its party")
    return claims


def client_assertion(platform: LtiPlatform) -> str:
    """Return a JWT, signed by our key, that authenticates us at the platform's token
    endpoint (RFC 7523)."""
    now = int(time.time())
    return sign({"iss": platform.client_id, "sub": platform.client_id,
                 "aud": platform.access_token_url, "iat": now, "exp": now + 300,
                 "jti": secrets.token_urlsafe(16)})


def access_token(platform: LtiPlatform, scope: str) -> str:
    """Return an access token of the platform for `scope` (client credentials grant with our
    client assertion); raise PlatformError."""
    answer = call("POST", platform.access_token_url, data={
        "grant_type": "client_credentials",
        "client_assertion_type": "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        "client_assertion": client_assertion(platform), "scope": scope})
    token = answer.data.get("access_token") if isinstance(answer.data, dict) else None
    if not isinstance(token, str) or not token:
        raise PlatformError("the token endpoint answered no access token")
    return token


class Answer(NamedTuple):
    """A platform's JSON answer, and the URL of its next page (a `Link: rel="next"`)."""

    data: Any
    next_url: str | None


def call(method: str, url: str, token: str | None = None, accept: str = "application/json",
         **kwargs: Any) -> Answer:
    """Call a platform's endpoint and return its JSON answer (None when empty), reading at
    most MAX_ANSWER_BYTES; `kwargs` go to requests (`json`, `data`, `headers`). Raise
    PlatformError when it is away, refuses, or answers what is not JSON."""
    headers = {"Accept": accept, **kwargs.pop("headers", {})}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        with requests.request(method, url, headers=headers, timeout=HTTP_TIMEOUT, stream=True,
                              allow_redirects=False, **kwargs) as response:
            body = response.raw.read(MAX_ANSWER_BYTES + 1, decode_content=True)
            if response.status_code >= 400:
                raise PlatformError(f"{method} {url} answered {response.status_code}")
            next_url = response.links.get("next", {}).get("url")
    except requests.RequestException as exc:
        raise PlatformError(f"{method} {url} failed: {type(exc).__name__}") from exc
    if len(body) > MAX_ANSWER_BYTES:
        raise PlatformError(f"{method} {url} answered more than {MAX_ANSWER_BYTES} bytes")
    try:
        return Answer(json.loads(body) if body.strip() else None, next_url)
    except ValueError as exc:
        raise PlatformError(f"{method} {url} answered no JSON") from exc
