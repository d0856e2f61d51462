"""Deep linking (an instructor picks a challenge or an assignment; our signed response goes
back to the platform) and Names and Role Provisioning Services (the course's members from the
LMS), against a simulated LMS; the platforms from the CLI and the admin page."""

from __future__ import annotations

import html
import re

import jwt
import pytest
from click.testing import CliRunner
from sqlalchemy import select

from arena.cli import main
from arena.extensions import db
from arena.models import CourseMember, LtiAccount, LtiContext, LtiPlatform, User
from arena.services.users import create_token
from tests.lti.conftest import CLAIM, INSTRUCTOR, LEARNER, resource_link
from tests.lti_platform import CLIENT_ID, DEPLOYMENT_ID
from tests.web.conftest import page_token

DL = "https://purl.imsglobal.org/spec/lti-dl/claim/"


def _deep_linking(lms, return_url: str | None = None) -> dict:
    return {DL + "deep_linking_settings": {
        "deep_link_return_url": return_url or lms.base + "/deep-link-return",
        "accept_types": ["ltiResourceLink"], "data": "opaque-42"}}


def _returned(page: str) -> tuple[str, str]:
    """Return the form's action and its JWT from the page that carries the answer back."""
    action = re.search(r'<form method="post" action="([^"]+)" id="lti-return"', page).group(1)
    token = re.search(r'name="JWT" value="([^"]+)"', page).group(1)
    return html.unescape(action), token


def test_an_instructor_picks_a_challenge_and_the_platform_can_check_our_answer(app, launch,
                                                                                lms, client):
    response = launch(client, "t-1", [INSTRUCTOR], message_type="LtiDeepLinkingRequest",
                      **_deep_linking(lms))
    assert response.status_code == 302 and response.headers["Location"].endswith("/lti/deep-link")
    picker = client.get("/lti/deep-link")
    assert picker.status_code == 200 and 'value="challenge:softmax"' in picker.get_data(
        as_text=True)
    token = page_token(client, "/lti/deep-link")
    answer = client.post("/lti/deep-link", data={"pick": "challenge:softmax",
                                                 "csrf_token": token})
    assert answer.status_code == 200
    assert f"form-action 'self' {lms.base}" in answer.headers["Content-Security-Policy"]
    action, signed = _returned(answer.get_data(as_text=True))
    assert action == lms.base + "/deep-link-return"
    keys = jwt.PyJWKSet.from_dict(client.get("/lti/jwks").get_json())
    kid = jwt.get_unverified_header(signed)["kid"]
    claims = jwt.decode(signed, next(k for k in keys.keys if k.key_id == kid).key,
                        algorithms=["RS256"], audience=lms.issuer, issuer=CLIENT_ID)
    assert claims[CLAIM + "message_type"] == "LtiDeepLinkingResponse"
    assert claims[CLAIM + "deployment_id"] == DEPLOYMENT_ID
    assert claims[DL + "data"] == "opaque-42"
    (item,) = claims[DL + "content_items"]
    assert item["type"] == "ltiResourceLink" and item["custom"] == {"challenge": "softmax"}
    assert item["url"].endswith("/lti/launch") and item["lineItem"]["scoreMaximum"] == 1.0
    # The request is answered once.
    again = client.post("/lti/deep-link", data={"pick": "challenge:softmax",
                                                "csrf_token": token})
    assert again.status_code == 400


def test_deep_linking_is_for_instructors_and_their_course_only(app, launch, lms, client):
    launch(app.test_client(), "t-1", [INSTRUCTOR], **resource_link("rl-1", challenge="softmax"))
    student = launch(client, "s-1", [LEARNER], message_type="LtiDeepLinkingRequest",
                     **_deep_linking(lms))
    assert student.status_code == 403
    teacher = app.test_client()
    launch(teacher, "t-1", [INSTRUCTOR], message_type="LtiDeepLinkingRequest",
           **_deep_linking(lms))
    token = page_token(teacher, "/lti/deep-link")
    for pick in ("assignment:999", "challenge:no-such", "nonsense"):
        refused = teacher.post("/lti/deep-link", data={"pick": pick, "csrf_token": token})
        assert refused.status_code == 404
    assert teacher.post("/lti/deep-link", data={"pick": "challenge:softmax"}
                        ).status_code == 400  # without its CSRF token
    assert app.test_client().get("/lti/deep-link").status_code == 400  # no request open


def test_a_roster_sync_fills_the_course_from_the_lms(app, launch, lms, client):
    launch(client, "t-1", [INSTRUCTOR], **resource_link("rl-1", challenge="softmax"))
    lms.members = [
        {"user_id": "t-1", "roles": [INSTRUCTOR], "status": "Active"},
        {"user_id": "s-1", "roles": [LEARNER], "name": "Sam Park", "email": "sam@school.example"},
        {"user_id": "s-2", "roles": ["Learner"], "name": "Sue Kim"},
        {"user_id": "ta-1", "roles": [
            "http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant"]},
        {"user_id": "gone", "roles": [LEARNER], "status": "Inactive"},
    ]
    with app.app_context():
        course_id = db.session.scalar(select(LtiContext.course_id))
        teacher = db.session.scalar(select(User).join(LtiAccount).where(LtiAccount.sub == "t-1"))
        token = create_token(teacher.username)
    response = app.test_client().post(f"/api/v1/courses/{course_id}/lti/roster",
                                      headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == {"members": 4, "added": 3}
    with app.app_context():
        members = {sub: (role, name) for sub, role, name in db.session.execute(
            select(LtiAccount.sub, CourseMember.role, CourseMember.display_name)
            .join(CourseMember, CourseMember.user_id == LtiAccount.user_id)
            .where(CourseMember.course_id == course_id))}
    assert members == {"t-1": ("instructor", "Person t-1"), "s-1": ("student", "Sam Park"),
                       "s-2": ("student", "Sue Kim"), "ta-1": ("instructor", None)}
    # A student launched later is the account the roster made.
    launch(app.test_client(), "s-2", [LEARNER], **resource_link("rl-1"))
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(LtiAccount)
                                 .where(LtiAccount.sub == "s-2")) == 1
    lms.down = True
    away = app.test_client().post(f"/api/v1/courses/{course_id}/lti/roster",
                                  headers={"Authorization": f"Bearer {token}"})
    assert away.status_code == 502 and away.get_json()["error"]["code"] == "platform_unavailable"


@pytest.fixture
def command(app, fresh_database_url, tmp_path, monkeypatch):
    """Return a function that runs `arena` on the test database (the app's: its fixture clears
    the environment first)."""
    monkeypatch.setenv("ARENA_DATABASE_URL", fresh_database_url)
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "cli"))
    monkeypatch.setenv("ARENA_SECRET_KEY", "s" * 40)

    def run(*args: str):
        return CliRunner().invoke(main, list(args), catch_exceptions=False)

    return run


def test_platforms_are_registered_listed_and_keys_rotated_from_the_cli(command, app):
    registered = command("lti", "register", "--issuer", "https://canvas.example.edu",
                         "--client-id", "10000000000001", "--deployment-id", "1:abc",
                         "--deployment-id", "2:def", "--key-set-url",
                         "https://canvas.example.edu/api/lti/security/jwks",
                         "--auth-login-url", "https://canvas.example.edu/api/lti/authorize",
                         "--access-token-url", "https://canvas.example.edu/login/oauth2/token",
                         "--name", "Canvas")
    assert registered.exit_code == 0, registered.output
    listed = command("lti", "list")
    assert "https://canvas.example.edu\t10000000000001\t1:abc,2:def\tCanvas" in listed.output
    twice = command("lti", "register", "--issuer", "https://canvas.example.edu",
                    "--client-id", "10000000000001", "--deployment-id", "1",
                    "--key-set-url", "https://x.example/j", "--auth-login-url",
                    "https://x.example/a", "--access-token-url", "https://x.example/t")
    assert twice.exit_code == 1 and "registered already" in twice.output
    bad = command("lti", "register", "--issuer", "not a url", "--client-id", "1",
                  "--deployment-id", "1", "--key-set-url", "https://x.example/j",
                  "--auth-login-url", "https://x.example/a", "--access-token-url",
                  "https://x.example/t")
    assert bad.exit_code == 1 and "issuer" in bad.output
    first = command("lti", "rotate-key")
    second = command("lti", "rotate-key")
    assert first.exit_code == 0 and second.exit_code == 0
    kids = [k["kid"] for k in app.test_client().get("/lti/jwks").get_json()["keys"]]
    assert kids[0] in second.output and kids[1] in first.output
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(LtiPlatform)) == 1
    missing = command("lti", "sync-roster", "1")
    assert missing.exit_code == 1 and "roster service" in missing.output


def test_a_platform_may_post_the_deep_linking_launch_to_the_deep_link_url(app, begin, lms,
                                                                         client):
    login = begin(client)
    token = lms.id_token(login.nonce, "t-1", [INSTRUCTOR], message_type="LtiDeepLinkingRequest",
                         **_deep_linking(lms))
    response = client.post("/lti/deep-link", data={"state": login.state, "id_token": token})
    assert response.status_code == 302 and response.headers["Location"].endswith("/lti/deep-link")
    assert 'value="challenge:softmax"' in client.get("/lti/deep-link").get_data(as_text=True)
