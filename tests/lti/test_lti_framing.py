"""LTI launches inside the LMS's iframe: the session cookie browsers send there
(SameSite=None; Secure over HTTPS) and frame-ancestors loosened for a launched session only, to
its platform's origins only."""

from __future__ import annotations

import pytest

from tests.lti.conftest import INSTRUCTOR, resource_link


@pytest.fixture
def app_config() -> dict:
    """Serve the app as over HTTPS (behind a proxy that ends TLS)."""
    return {"HTTPS": True}


def test_only_a_launched_session_may_be_framed_and_only_by_its_platform(app, launch, lms):
    framed = app.test_client()
    launch(framed, "t-1", [INSTRUCTOR], **resource_link("rl-1", challenge="softmax"))
    page = framed.get("/challenges/softmax")
    policy = page.headers["Content-Security-Policy"]
    assert f"frame-ancestors {lms.base}" in policy and "'none'" not in policy.split(
        "frame-ancestors")[1]
    assert "X-Frame-Options" not in page.headers
    assert "frame-ancestors 'none'" in framed.get("/api/v1/health").headers[
        "Content-Security-Policy"]
    other = app.test_client().get("/challenges/softmax")
    assert "frame-ancestors 'none'" in other.headers["Content-Security-Policy"]
    assert other.headers["X-Frame-Options"] == "DENY"


def test_a_launched_session_cookie_is_samesite_none_over_https(app, lms, begin):
    client = app.test_client()
    login = begin(client)
    token = lms.id_token(login.nonce, "t-1", [INSTRUCTOR],
                         **resource_link("rl-1", challenge="softmax"))
    response = client.post("/lti/launch", data={"state": login.state, "id_token": token},
                           base_url="https://localhost")
    cookie = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "SameSite=None" in cookie and "Secure" in cookie
    plain = app.test_client().get("/login", base_url="https://localhost")
    cookie = next(c for c in plain.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "SameSite=Lax" in cookie


def test_a_refused_launch_is_a_page_only_the_registered_platforms_may_frame(app, lms):
    refused = app.test_client().post("/lti/launch", data={"state": "unknown", "id_token": "x"})
    assert refused.status_code == 401
    assert f"frame-ancestors {lms.base}" in refused.headers["Content-Security-Policy"]
    assert "launch from your learning platform was refused" in refused.get_data(as_text=True)
