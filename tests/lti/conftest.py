"""Fixtures of the LTI tests: a simulated LMS (tests/lti_platform.py) registered with the app,
and a browser's launch from it: login initiation, then the signed id_token POSTed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import pytest

from arena.extensions import db
from arena.lti.platforms import Registration, register_platform
from tests.lti_platform import CLIENT_ID, DEPLOYMENT_ID, Platform, running_platform
from tests.web.conftest import login, make_user  # noqa: F401 - the pages' fixtures

INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
CLAIM = "https://purl.imsglobal.org/spec/lti/claim/"


@pytest.fixture
def lms(app, unprepared_catalog) -> Iterator[Platform]:
    """Run a simulated LMS, registered with the app (whose catalog is synced), that knows our
    key set."""
    with running_platform() as platform:
        with app.app_context():
            register_platform(Registration(**{
                **platform.registration(), "deployment_ids": [DEPLOYMENT_ID]}))
        platform.tool_jwks = app.test_client().get("/lti/jwks").get_json()
        yield platform


@dataclass
class Login:
    """A login initiation's answer: the state and nonce the tool sent to the LMS."""

    state: str
    nonce: str
    query: dict[str, str]


@pytest.fixture
def begin(lms: Platform) -> Callable[..., Login]:
    """Return a function that initiates a login (as the LMS sends the browser to us)."""

    def start(client, **extra: str) -> Login:
        response = client.get("/lti/login", query_string={
            "iss": lms.issuer, "login_hint": "hint", "target_link_uri": "http://localhost/",
            "client_id": CLIENT_ID, "lti_deployment_id": DEPLOYMENT_ID, **extra})
        assert response.status_code == 302, response.get_data(as_text=True)
        location = urlsplit(response.headers["Location"])
        assert f"{location.scheme}://{location.netloc}{location.path}" == lms.base + "/auth"
        query = {k: v[0] for k, v in parse_qs(location.query).items()}
        return Login(query["state"], query["nonce"], query)

    return start


@pytest.fixture
def launch(lms: Platform, begin) -> Callable[..., object]:
    """Return a function that launches a client as an LMS user (login, then the id_token);
    `claims` go into the id_token. It returns the launch's response."""

    def launch_as(client, sub: str, roles: list[str], **claims: object):
        started = begin(client)
        token = lms.id_token(started.nonce, sub, roles, **claims)
        return client.post("/lti/launch", data={"state": started.state, "id_token": token})

    return launch_as


def resource_link(link_id: str, lineitem: str | None = None, **custom: str) -> dict:
    """Return the claims of a resource link launch (its custom parameters, its line item)."""
    claims: dict[str, object] = {CLAIM + "resource_link": {"id": link_id}}
    if custom:
        claims[CLAIM + "custom"] = custom
    if lineitem:
        claims["https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"] = {
            "lineitem": lineitem, "scope": ["https://purl.imsglobal.org/spec/lti-ags/scope/score"]}
    return claims


@pytest.fixture
def fetch(app) -> Callable[..., object]:
    """Return a function that runs a query in the app's context and returns its result."""

    def run(query):
        with app.app_context():
            found = db.session.execute(query).all()
            db.session.commit()
            return found

    return run
