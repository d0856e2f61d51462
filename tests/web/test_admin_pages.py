"""The admins' page of accounts (/admin/users): admins only; search, change a role,
deactivate and reactivate, issue a one-time reset link shown once. And an instructor's reset
link for a student of theirs, from the course's members."""

from __future__ import annotations

import re

import pytest

from arena.extensions import db
from arena.services.courses import courses_of, create_course, join_course
from arena.services.users import (
    authenticate,
    create_token,
    create_user,
    get_user,
    user_for_token,
)
from tests.web.conftest import page_token

ADMIN_ROUTES = [("get", "/admin/users"), ("post", "/admin/users/role"),
                ("post", "/admin/users/deactivate"), ("post", "/admin/users/reactivate")]


@pytest.mark.parametrize(("method", "path"), ADMIN_ROUTES)
def test_a_visitor_is_sent_to_log_in(client, csrf_token, method, path):
    data = {"csrf_token": csrf_token(client, "/login"), "username": "ann"}
    answer = getattr(client, method)(path, data=data if method == "post" else None)
    assert answer.status_code == 302 and "/login" in answer.headers["Location"]


@pytest.mark.parametrize("role", ["student", "instructor"])
@pytest.mark.parametrize(("method", "path"), ADMIN_ROUTES)
def test_anyone_but_an_admin_is_refused(client, login, make_user, role, method, path):
    token = login("someone", role)
    make_user("ann")
    answer = getattr(client, method)(path, data={"csrf_token": token, "username": "ann",
                                                 "role": "admin"} if method == "post" else None)
    assert answer.status_code == 403
    assert get_user_role(client.application, "ann") == "student"


def get_user_role(app, name: str) -> str:
    with app.app_context():
        return get_user(name).role


def test_the_navigation_links_to_the_page_for_admins_only(client, login, csrf_token):
    login("ann", "instructor")
    assert "/admin/users" not in client.get("/").get_data(as_text=True)
    client.post("/logout", data={"csrf_token": csrf_token(client)})
    login("root", "admin")
    assert 'href="/admin/users"' in client.get("/").get_data(as_text=True)


def test_the_page_lists_and_searches_accounts(client, login, make_user):
    login("root", "admin")
    for name in ("kim", "kai", "lee"):
        make_user(name)
    with client.application.app_context():
        get_user("lee").password_hash = None  # as `arena users create` makes it
        db.session.commit()
    page = client.get("/admin/users")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    html = page.get_data(as_text=True)
    assert re.findall(r'data-user="([^"]+)"', html) == ["kai", "kim", "lee", "root"]
    lee = html[html.index('data-user="lee"'):]
    assert 'data-testid="no-password"' in lee[:lee.index("</tr>")]
    found = client.get("/admin/users?q=K").get_data(as_text=True)
    assert re.findall(r'data-user="([^"]+)"', found) == ["kai", "kim"]
    assert 'data-testid="no-users"' in client.get("/admin/users?q=zzz").get_data(as_text=True)
    assert client.get("/admin/users?q=" + "x" * 65).status_code == 422
    assert client.get("/admin/users?page=0").status_code == 422


def test_an_admin_changes_a_role_and_the_last_admin_keeps_theirs(client, login, make_user):
    token = login("root", "admin")
    make_user("ann")
    changed = client.post("/admin/users/role?q=an", data={
        "csrf_token": token, "username": "ann", "role": "instructor"})
    assert changed.status_code == 302 and changed.headers["Location"] == "/admin/users?q=an"
    assert get_user_role(client.application, "ann") == "instructor"
    kept = client.post("/admin/users/role", data={
        "csrf_token": token, "username": "root", "role": "student"}, follow_redirects=True)
    assert "The last active admin keeps that" in kept.get_data(as_text=True)
    assert get_user_role(client.application, "root") == "admin"
    assert client.post("/admin/users/role", data={
        "csrf_token": token, "username": "ann", "role": "wizard"}).status_code == 400
    assert client.post("/admin/users/role", data={
        "csrf_token": token, "username": "nobody", "role": "student"}).status_code == 404
    assert client.post("/admin/users/role", data={
        "username": "ann", "role": "student"}).status_code == 400  # no CSRF token


def test_a_deactivated_account_cannot_log_in_nor_use_its_tokens(app, client, login, make_user,
                                                                password):
    token = login("root", "admin")
    make_user("ann")
    with app.app_context():
        raw = create_token("ann")
    client.post("/admin/users/deactivate", data={"csrf_token": token, "username": "ann"})
    with app.app_context():
        assert authenticate("ann", password) is None and user_for_token(raw) is None
    listed = client.get("/admin/users").get_data(as_text=True)
    assert 'data-user="ann" data-role="student" data-active="false"' in listed
    other = app.test_client()
    refused = other.post("/login", data={"username": "ann", "password": password,
                                         "csrf_token": page_token(other, "/login")})
    assert refused.status_code == 200 and "Wrong username or password" in refused.get_data(
        as_text=True)
    assert other.get("/api/v1/courses", headers={
        "Authorization": f"Bearer {raw}"}).status_code == 401
    client.post("/admin/users/reactivate", data={"csrf_token": token, "username": "ann"})
    with app.app_context():
        assert authenticate("ann", password) is not None and user_for_token(raw) is not None


def test_an_admin_issues_a_reset_link_shown_once_that_works_once(app, client, login, make_user):
    token = login("root", "admin")
    make_user("ann")
    listed = client.get("/admin/users?q=an").get_data(as_text=True)
    assert 'action="/password/reset-links"' in listed and 'value="/admin/users?q=an"' in listed
    issued = client.post("/password/reset-links", data={
        "csrf_token": token, "username": "ann", "next": "/admin/users?q=an"})
    assert issued.status_code == 200 and issued.headers["Cache-Control"] == "no-store"
    html = issued.get_data(as_text=True)
    link = re.search(r'data-testid="reset-link"[^>]*>([^<]+)<', html)[1]
    assert link.startswith("http://localhost/password/reset/")
    assert 'href="/admin/users?q=an"' in html  # back to the list as it was searched
    assert link not in client.get("/admin/users").get_data(as_text=True)
    ann = app.test_client()
    path = link.removeprefix("http://localhost")
    form = ann.get(path)
    assert form.status_code == 200 and form.headers["Cache-Control"] == "no-store"
    csrf = page_token(ann, path)
    weak = ann.post(path, data={"csrf_token": csrf, "password": "short", "confirm": "short"})
    assert weak.status_code == 422 and "Use 8 to 256 characters." in weak.get_data(as_text=True)
    done = ann.post(path, data={"csrf_token": csrf, "password": "brand new words",
                                "confirm": "brand new words"})
    assert done.status_code == 302 and done.headers["Location"] == "/login"
    with app.app_context():
        assert authenticate("ann", "brand new words") is not None
    again = ann.post(path, data={"csrf_token": csrf, "password": "other new words",
                                 "confirm": "other new words"})
    assert again.status_code == 404 and 'data-testid="reset-dead"' in again.get_data(
        as_text=True)
    with app.app_context():
        assert authenticate("ann", "other new words") is None


def test_an_instructor_issues_a_link_for_their_student_from_the_course_page(app, client, login,
                                                                           make_user):
    token = login("ivy", "instructor")
    for name in ("sam", "zed"):
        make_user(name)
    with app.app_context():
        ivy = get_user("ivy")
        join_course(get_user("sam"), create_course(ivy, "Attention").join_code)
        join_course(get_user("zed"), create_course(
            create_user("ian", "instructor"), "Other").join_code)
        course_id = courses_of(ivy)[0].id
    page = client.get(f"/courses/{course_id}").get_data(as_text=True)
    sam_row = page[page.index('data-member="sam"'):]
    assert 'data-action="issue-reset"' in sam_row[:sam_row.index("</tr>")]
    ivy_row = page[page.index('data-member="ivy"'):]
    assert 'data-action="issue-reset"' not in ivy_row[:ivy_row.index("</tr>")]
    issued = client.post("/password/reset-links", data={
        "csrf_token": token, "username": "sam", "next": f"/courses/{course_id}#members"})
    assert issued.status_code == 200 and issued.headers["Cache-Control"] == "no-store"
    html = issued.get_data(as_text=True)
    assert re.search(r'data-testid="reset-link"[^>]*>http://localhost/password/reset/', html)
    assert f'href="/courses/{course_id}#members"' in html
    for name in ("zed", "ian", "nobody"):  # another course's student, an instructor, no one
        refused = client.post("/password/reset-links", data={"csrf_token": token,
                                                             "username": name})
        assert refused.status_code == 403, name


def test_a_student_issues_no_link(client, login, make_user):
    token = login("sam", "student")
    make_user("zed")
    assert client.post("/password/reset-links", data={
        "csrf_token": token, "username": "zed"}).status_code == 403
    assert client.post("/password/reset-links", data={
        "csrf_token": token, "username": "sam"}).status_code == 403
