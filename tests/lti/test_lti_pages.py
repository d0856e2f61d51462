"""The pages of LTI: the admins' page of platforms, and a bound course's line of scores with
its roster button."""

from __future__ import annotations

from sqlalchemy import select

from arena.extensions import db
from arena.models import LtiAccount, LtiContext, LtiPlatform, User
from tests.lti.conftest import INSTRUCTOR, LEARNER, resource_link
from tests.web.conftest import page_token


def test_an_admin_registers_a_platform_in_the_browser(app, client, login):
    login("ada", "admin")
    page = client.get("/admin/lti")
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and "/lti/login" in text and "/lti/jwks" in text
    form = {"name": "Moodle", "issuer": "https://moodle.example.edu", "client_id": "abc123",
            "deployment_ids": "1\n2\n", "key_set_url": "https://moodle.example.edu/mod/lti/certs.php",
            "auth_login_url": "https://moodle.example.edu/mod/lti/auth.php",
            "access_token_url": "https://moodle.example.edu/mod/lti/token.php",
            "csrf_token": page_token(client, "/admin/lti")}
    assert client.post("/admin/lti", data=form).status_code == 302
    listed = client.get("/admin/lti").get_data(as_text=True)
    assert "https://moodle.example.edu" in listed and "1, 2" in listed
    twice = client.post("/admin/lti", data=form)
    assert twice.status_code == 422 and "registered already" in twice.get_data(as_text=True)
    bad = client.post("/admin/lti", data={**form, "client_id": "other", "key_set_url": "ftp://x"})
    assert bad.status_code == 422
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(LtiPlatform)) == 1


def test_only_admins_see_the_platforms(client, login):
    assert client.get("/admin/lti").status_code == 302  # to log in
    login("ivy", "instructor")
    assert client.get("/admin/lti").status_code == 403


def test_a_bound_course_shows_its_scores_and_syncs_its_roster(app, launch, lms):
    teacher = app.test_client()
    launch(teacher, "t-1", [INSTRUCTOR], **resource_link("rl-1", challenge="softmax"))
    launch(app.test_client(), "s-1", [LEARNER], **resource_link("rl-1"))
    with app.app_context():
        course_id = db.session.scalar(select(LtiContext.course_id))
    page = teacher.get(f"/courses/{course_id}").get_data(as_text=True)
    assert 'data-testid="lms-scores"' in page and "0 sent, 0 pending, 0 failed" in page
    lms.members = [{"user_id": "s-9", "roles": [LEARNER], "name": "New Student"}]
    synced = teacher.post(f"/lti/courses/{course_id}/roster",
                          data={"csrf_token": page_token(teacher, f"/courses/{course_id}")},
                          follow_redirects=True)
    assert synced.status_code == 200 and "1 new here" in synced.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(User.id).join(LtiAccount).where(LtiAccount.sub == "s-9"))
    student = app.test_client()
    launch(student, "s-1", [LEARNER], **resource_link("rl-1"))
    assert 'data-testid="lms-scores"' not in student.get(f"/courses/{course_id}").get_data(
        as_text=True)
    assert student.post(f"/lti/courses/{course_id}/roster", data={
        "csrf_token": page_token(student, f"/courses/{course_id}")}).status_code == 403
