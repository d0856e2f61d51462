"""LTI 1.3 launches against a simulated LMS: our key set, login initiation, a launch that signs
in and enrols, and the launches refused (replayed, forged, unknown)."""

from __future__ import annotations

import time

import jwt
from sqlalchemy import select

from arena.extensions import db
from arena.lti.keys import rotate_key
from arena.models import CourseMember, LtiAccount, LtiContext, User
from arena.services.users import create_user, deactivate_user
from tests.lti.conftest import CLAIM, INSTRUCTOR, LEARNER, resource_link
from tests.lti_platform import new_key


def test_our_key_set_is_served_and_a_rotated_key_stays_in_it(app, client):
    first = client.get("/lti/jwks")
    assert first.status_code == 200
    (key,) = first.get_json()["keys"]
    assert key["kty"] == "RSA" and key["alg"] == "RS256" and "d" not in key
    assert client.get("/lti/jwks").get_json()["keys"] == [key]  # generated once
    with app.app_context():
        new = rotate_key().kid
    kids = [k["kid"] for k in client.get("/lti/jwks").get_json()["keys"]]
    assert kids == [new, key["kid"]]


def test_a_login_sends_the_browser_to_the_platform_with_state_and_nonce(begin, client, lms):
    login = begin(client)
    assert login.query["client_id"] == "arena-tool"
    assert login.query["response_mode"] == "form_post" and login.query["scope"] == "openid"
    assert login.query["redirect_uri"].endswith("/lti/launch")
    assert login.query["login_hint"] == "hint"
    assert len(login.state) >= 32 and len(login.nonce) >= 32
    assert begin(client).state != login.state


def test_a_login_from_an_unknown_platform_or_deployment_is_refused(client, lms):
    unknown = client.get("/lti/login", query_string={"iss": "https://elsewhere.example",
                                                     "login_hint": "x"})
    assert unknown.status_code == 400
    assert "no platform is registered" in unknown.get_data(as_text=True)
    deployment = client.post("/lti/login", data={"iss": lms.issuer, "login_hint": "x",
                                                 "lti_deployment_id": "other"})
    assert deployment.status_code == 403
    assert client.get("/lti/login").status_code == 400  # nothing at all


def test_a_launch_signs_in_and_enrols_the_instructor_then_the_student(app, launch, lms, fetch):
    teacher = app.test_client()
    response = launch(teacher, "t-1", [INSTRUCTOR], **resource_link("rl-1", challenge="softmax"))
    assert response.status_code == 302
    student = app.test_client()
    response = launch(student, "s-1", [LEARNER], **resource_link("rl-1"))
    assert response.status_code == 302, response.get_data(as_text=True)
    assert "/challenges/softmax" in response.headers["Location"]
    (context,) = fetch(select(LtiContext.course_id, LtiContext.context_id))
    members = dict(fetch(select(LtiAccount.sub, CourseMember.role)
                         .join(CourseMember, CourseMember.user_id == LtiAccount.user_id)
                         .where(CourseMember.course_id == context.course_id)))
    assert members == {"t-1": "instructor", "s-1": "student"}
    # Signed in: the course's page is theirs; a second launch finds the same account.
    page = student.get(f"/courses/{context.course_id}")
    assert page.status_code == 200
    launch(student, "s-1", [LEARNER], **resource_link("rl-1"))
    assert len(fetch(select(LtiAccount.id).where(LtiAccount.sub == "s-1"))) == 1


def test_an_account_is_never_matched_by_email(app, launch, lms, fetch, client):
    with app.app_context():
        create_user("ann", "student", email="ann@school.example")
    launch(client, "t-1", [INSTRUCTOR], email="ann@school.example",
           **resource_link("rl-1", challenge="softmax"))
    ((username,),) = fetch(select(User.username).join(LtiAccount, LtiAccount.user_id == User.id))
    assert username != "ann"


def test_a_student_first_is_told_the_course_is_not_set_up(launch, client):
    response = launch(client, "s-1", [LEARNER], **resource_link("rl-1"))
    assert response.status_code == 403
    assert "instructor launches first" in response.get_data(as_text=True)


def test_a_replayed_launch_is_refused(app, begin, lms, client):
    login = begin(client)
    form = {"state": login.state,
            "id_token": lms.id_token(login.nonce, "t-1", [INSTRUCTOR],
                                     **resource_link("rl-1", challenge="softmax"))}
    assert client.post("/lti/launch", data=form).status_code == 302
    again = app.test_client().post("/lti/launch", data=form)
    assert again.status_code == 401
    assert "replay" in again.get_data(as_text=True)
    # The same id_token (its nonce) with a fresh state is not this login's.
    fresh = begin(client)
    reused = client.post("/lti/launch", data={**form, "state": fresh.state})
    assert reused.status_code == 401 and "nonce" in reused.get_data(as_text=True)


def _forged(begin, lms, client, key=None, **claims) -> tuple[int, str]:
    login = begin(client)
    token = lms.id_token(login.nonce, "t-1", [INSTRUCTOR], key=key,
                         **resource_link("rl-1", challenge="softmax"), **claims)
    response = client.post("/lti/launch", data={"state": login.state, "id_token": token})
    return response.status_code, response.get_data(as_text=True)


def test_forged_launches_are_refused(begin, lms, client, fetch):
    now = int(time.time())
    assert _forged(begin, lms, client, key=new_key())[0] == 401  # another key, same kid
    status, page = _forged(begin, lms, client, aud="another-tool")
    assert status == 401 and "audience" in page
    status, page = _forged(begin, lms, client, iat=now - 3600, exp=now - 1800)
    assert status == 401 and "expired" in page
    status, page = _forged(begin, lms, client, iss="https://impostor.example")
    assert status == 401 and "issuer" in page
    status, page = _forged(begin, lms, client, **{CLAIM + "deployment_id": "unknown"})
    assert status == 403 and "deployment" in page
    assert _forged(begin, lms, client, nonce=None)[0] == 401
    assert _forged(begin, lms, client, **{CLAIM + "version": "1.1"})[0] == 400
    login = begin(client)
    assert client.post("/lti/launch", data={"state": login.state,
                                            "id_token": "not.a.jwt"}).status_code == 401
    assert client.post("/lti/launch", data={"state": "unknown", "id_token": "x"}
                       ).status_code == 401
    assert client.post("/lti/launch", data={}).status_code == 400
    assert fetch(select(LtiAccount.id)) == []  # nobody was signed in
    unsigned = jwt.encode({"iss": lms.issuer}, "s" * 32, algorithm="HS256")
    login = begin(client)
    assert client.post("/lti/launch", data={"state": login.state, "id_token": unsigned}
                       ).status_code == 401


def test_a_deactivated_account_is_refused(app, launch, client):
    launch(app.test_client(), "t-1", [INSTRUCTOR], **resource_link("rl-1", challenge="softmax"))
    with app.app_context():
        user = db.session.scalar(select(User).join(LtiAccount).where(LtiAccount.sub == "t-1"))
        deactivate_user(user.username)
    refused = launch(client, "t-1", [INSTRUCTOR], **resource_link("rl-1"))
    assert refused.status_code == 403 and "deactivated" in refused.get_data(as_text=True)
