"""A learning platform for the LTI tests: a real HTTP server on loopback, in a thread, with a
key pair of its own and the endpoints a tool calls: its key set, OAuth2 token endpoint
(checking our client assertion against our published key set), AGS line items' scores and an
NRPS membership service (two pages). It signs launches with a JOSE library (PyJWT)."""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

CLAIM = "https://purl.imsglobal.org/spec/lti/claim/"
CLIENT_ID = "arena-tool"
DEPLOYMENT_ID = "deployment-1"
SCORE_TYPE = "application/vnd.ims.lis.v1.score+json"


def new_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@dataclass
class Platform:
    """The simulated LMS's state, read and changed by the tests."""

    base: str = ""
    key: rsa.RSAPrivateKey = field(default_factory=new_key)
    kid: str = "lms-key-1"
    #: Our key set, as the tool publishes it (the tests hand it over from GET /lti/jwks).
    tool_jwks: dict = field(default_factory=dict)
    down: bool = False
    tokens: dict[str, str] = field(default_factory=dict)  # access token -> scope
    scores: list[dict] = field(default_factory=list)  # (line item path, body) as received
    members: list[dict] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # why requests were refused

    @property
    def issuer(self) -> str:
        return self.base

    def registration(self) -> dict[str, object]:
        """Return what an admin registers for this platform."""
        return {"issuer": self.base, "client_id": CLIENT_ID, "deployment_ids": [DEPLOYMENT_ID],
                "key_set_url": self.base + "/jwks", "auth_login_url": self.base + "/auth",
                "access_token_url": self.base + "/token"}

    def jwks(self) -> dict:
        public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self.key.public_key()))
        return {"keys": [{**public, "kid": self.kid, "alg": "RS256", "use": "sig"}]}

    def id_token(self, login_nonce: str, sub: str, roles: list[str], message_type: str =
                 "LtiResourceLinkRequest", key: rsa.RSAPrivateKey | None = None,
                 **claims: object) -> str:
        """Sign a launch's id_token; `claims` override or add (None drops one)."""
        now = int(time.time())
        body = {"iss": self.base, "aud": CLIENT_ID, "sub": sub, "iat": now, "exp": now + 300,
                "nonce": login_nonce, "name": f"Person {sub}",
                CLAIM + "deployment_id": DEPLOYMENT_ID, CLAIM + "message_type": message_type,
                CLAIM + "version": "1.3.0", CLAIM + "roles": roles,
                CLAIM + "context": {"id": "course-7", "title": "Attention 101"},
                CLAIM + "launch_presentation": {"return_url": self.base + "/course/7"},
                "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice": {
                    "context_memberships_url": self.base + "/memberships",
                    "service_versions": ["2.0"]}}
        body.update(claims)
        body = {name: value for name, value in body.items() if value is not None}
        return jwt.encode(body, key or self.key, algorithm="RS256", headers={"kid": self.kid})

    def check_assertion(self, form: dict[str, str]) -> str | None:
        """Return why a token request is refused, or None."""
        if form.get("grant_type") != "client_credentials":
            return "grant_type"
        try:
            assertion = form["client_assertion"]
            kid = jwt.get_unverified_header(assertion)["kid"]
            key = next(k for k in self.tool_jwks["keys"] if k["kid"] == kid)
            claims = jwt.decode(assertion, jwt.PyJWK(key).key, algorithms=["RS256"],
                                audience=self.base + "/token", issuer=CLIENT_ID)
        except (KeyError, StopIteration, jwt.PyJWTError) as exc:
            return f"assertion: {exc!r}"
        return None if claims["sub"] == CLIENT_ID else "sub"


class Handler(BaseHTTPRequestHandler):
    """The LMS's endpoints."""

    platform: Platform

    def log_message(self, *_: object) -> None:
        pass

    def _answer(self, status: int, body: object = None, headers: dict | None = None) -> None:
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _body(self) -> bytes:
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def _authorized(self, scope: str) -> bool:
        token = self.headers.get("Authorization", "").removeprefix("Bearer ")
        if scope not in self.platform.tokens.get(token, "").split():
            self.platform.refused.append(f"token for {scope}")
            self._answer(401, {"error": "invalid_token"})
            return False
        return True

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        path = urlsplit(self.path)
        if self.platform.down:
            return self._answer(503)
        if path.path == "/jwks":
            return self._answer(200, self.platform.jwks())
        if path.path == "/memberships":
            if not self._authorized("https://purl.imsglobal.org/spec/lti-nrps/scope/"
                                    "contextmembership.readonly"):
                return None
            page = int(parse_qs(path.query).get("page", ["1"])[0])
            members = self.platform.members
            half = (len(members) + 1) // 2
            shown = members[:half] if page == 1 else members[half:]
            link = {"Link": f'<{self.platform.base}/memberships?page=2>; rel="next"'} \
                if page == 1 else {}
            return self._answer(200, {"id": self.platform.base + "/memberships",
                                      "context": {"id": "course-7"}, "members": shown}, link)
        return self._answer(404)

    def do_POST(self) -> None:  # noqa: N802
        path = urlsplit(self.path).path
        body = self._body()
        if self.platform.down:
            return self._answer(503)
        if path == "/token":
            form = {k: v[0] for k, v in parse_qs(body.decode()).items()}
            why = self.platform.check_assertion(form)
            if why:
                self.platform.refused.append(why)
                return self._answer(400, {"error": "invalid_client"})
            token = secrets.token_urlsafe(16)
            self.platform.tokens[token] = form.get("scope", "")
            return self._answer(200, {"access_token": token, "token_type": "Bearer",
                                      "expires_in": 3600, "scope": form.get("scope", "")})
        if path.startswith("/lineitems/") and path.endswith("/scores"):
            if not self._authorized("https://purl.imsglobal.org/spec/lti-ags/scope/score"):
                return None
            if self.headers.get("Content-Type") != SCORE_TYPE:
                self.platform.refused.append("score content type")
                return self._answer(415)
            self.platform.scores.append({"lineitem": path.removesuffix("/scores"),
                                         **json.loads(body)})
            return self._answer(200, {})
        return self._answer(404)


@contextmanager
def running_platform() -> Iterator[Platform]:
    """Run a simulated LMS on a free loopback port for the block."""
    platform = Platform()
    handler = type("BoundHandler", (Handler,), {"platform": platform})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    platform.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield platform
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
