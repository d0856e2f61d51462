"""Registering, logging in and out: a session cookie, a hashed password, a student's role."""

import re

import pytest

from arena.extensions import db
from arena.models import User

PASSWORD = "correct horse battery"


def _register(client, username="ann", password=PASSWORD, confirm=None):
    html = client.get("/register").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    return client.post("/register", data={
        "username": username, "password": password, "confirm": confirm or password,
        "csrf_token": token})


def _logged_in_as(client) -> str | None:
    html = client.get("/").get_data(as_text=True)
    if "data-action=\"logout\"" not in html:
        return None
    return html.split("Account (", 1)[1].split(")", 1)[0]


def test_register_makes_a_logged_in_student_with_a_hashed_password(app, client):
    response = _register(client)
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert _logged_in_as(client) == "ann"
    with app.app_context():
        user = db.session.query(User).filter_by(username="ann").one()
        assert user.role == "student"
        assert user.password_hash and PASSWORD not in user.password_hash


@pytest.mark.parametrize(("username", "password", "confirm", "error"), [
    ("a", PASSWORD, None, "Use 2 to 32 characters."),
    ("ann lee", PASSWORD, None, "Use letters, digits"),
    ("<b>ann</b>", PASSWORD, None, "Use letters, digits"),
    ("ann", "short", None, "Use 8 to 256 characters."),
    ("ann", PASSWORD, "something else", "The two passwords differ."),
])
def test_register_explains_what_is_wrong(client, username, password, confirm, error):
    response = _register(client, username, password, confirm)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert error in html and 'aria-invalid="true"' in html
    assert _logged_in_as(client) is None


def test_register_refuses_a_nul_in_a_form(client):
    """A form field PostgreSQL could not store answers a 422 page, not a 500."""
    response = _register(client, username="a\x00b")
    assert response.status_code == 422
    assert "The request was refused." in response.get_data(as_text=True)


def test_register_refuses_a_taken_username(client, make_user):
    make_user("ann")
    html = _register(client).get_data(as_text=True)
    assert "This username is taken, or looks too much like one that is." in html
    assert _logged_in_as(client) is None


def test_login_and_logout(client, make_user, csrf_token):
    make_user("ann")
    response = client.post("/login", data={"username": "ann", "password": PASSWORD,
                                           "csrf_token": csrf_token(client, "/login")})
    assert response.status_code == 302 and _logged_in_as(client) == "ann"
    response = client.post("/logout", data={"csrf_token": csrf_token(client)})
    assert response.status_code == 302 and _logged_in_as(client) is None
    assert client.get("/account").status_code == 302


def test_login_refuses_a_wrong_password_and_an_unknown_user(client, make_user, csrf_token):
    make_user("ann")
    for username, password in (("ann", "wrong password"), ("nobody", PASSWORD)):
        response = client.post("/login", data={"username": username, "password": password,
                                               "csrf_token": csrf_token(client, "/login")})
        assert response.status_code == 200
        assert "Wrong username or password." in response.get_data(as_text=True)
        assert _logged_in_as(client) is None


@pytest.mark.parametrize(("next_url", "landing"), [
    ("/challenges/softmax", "/challenges/softmax"),
    ("https://evil.example/", "/"),
    ("//evil.example/", "/"),
    ("/\t/evil.example/", "/"),
    ("/\\evil.example/", "/"),
])
def test_login_goes_on_to_local_pages_only(client, make_user, csrf_token, next_url, landing):
    make_user("ann")
    response = client.post("/login", data={"username": "ann", "password": PASSWORD,
                                           "next": next_url,
                                           "csrf_token": csrf_token(client, "/login")})
    assert response.headers["Location"] == landing


def test_logout_is_a_post(client, login):
    login()
    assert client.get("/logout").status_code == 405
    assert _logged_in_as(client) == "ann"


def test_login_starts_a_fresh_session(client, make_user, csrf_token):
    make_user("ann")
    before = csrf_token(client, "/login")
    client.post("/login", data={"username": "ann", "password": PASSWORD, "csrf_token": before})
    assert csrf_token(client) != before
