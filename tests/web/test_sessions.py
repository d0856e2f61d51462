"""Sessions end on the server: a cookie saved before a logout, a new password or a
deactivation is refused after it, in every browser of that user; HTTPS makes cookies Secure."""

from __future__ import annotations

import pytest

from arena.services.users import create_token


def _log_in(client, csrf_token, password: str, username: str = "ann") -> str:
    """Log this client in; return its session cookie as a browser would keep it."""
    response = client.post("/login", data={"username": username, "password": password,
                                           "csrf_token": csrf_token(client, "/login")})
    assert response.status_code == 302, response.get_data(as_text=True)
    return client.get_cookie("session").value


def _signed_in(app, cookie: str) -> bool:
    """Whether a replayed session cookie still opens the account page."""
    browser = app.test_client()
    browser.set_cookie("session", cookie)
    return browser.get("/account").status_code == 200


def test_a_cookie_saved_before_logout_is_refused_after_it(password, app, client, make_user,
                                                          csrf_token):
    make_user("ann")
    saved = _log_in(client, csrf_token, password)
    elsewhere = _log_in(app.test_client(), csrf_token, password)  # the same user in another browser
    assert _signed_in(app, saved) and _signed_in(app, elsewhere)
    client.post("/logout", data={"csrf_token": csrf_token(client)})
    assert not _signed_in(app, saved)
    assert not _signed_in(app, elsewhere)
    assert _signed_in(app, _log_in(client, csrf_token, password))  # logging in again works


def test_a_new_password_ends_the_other_sessions_and_keeps_this_one(password, app, client, make_user,
                                                                  csrf_token):
    make_user("ann")
    saved = _log_in(client, csrf_token, password)
    elsewhere = _log_in(app.test_client(), csrf_token, password)
    changed = client.post("/account/password", data={
        "current": password, "password": "a new long secret", "confirm": "a new long secret",
        "csrf_token": csrf_token(client, "/account")})
    assert changed.status_code == 302
    assert client.get("/account").status_code == 200  # this browser goes on
    assert not _signed_in(app, saved) and not _signed_in(app, elsewhere)
    assert _signed_in(app, _log_in(app.test_client(), csrf_token, "a new long secret"))
    refused = app.test_client()
    assert refused.post("/login", data={"username": "ann", "password": password,
                                        "csrf_token": csrf_token(refused, "/login")}
                        ).status_code == 200


def test_a_wrong_current_password_changes_nothing(password, app, client, make_user, csrf_token):
    make_user("ann")
    saved = _log_in(client, csrf_token, password)
    refused = client.post("/account/password", data={
        "current": "not my password", "password": "a new long secret",
        "confirm": "a new long secret", "csrf_token": csrf_token(client, "/account")})
    assert refused.status_code == 422
    assert "This is not your current password." in refused.get_data(as_text=True)
    assert _signed_in(app, saved)


def test_a_deactivated_user_loses_sessions_tokens_and_login(password, app, client, make_user,
                                                           make_token, csrf_token):
    make_user("ann")
    saved = _log_in(client, csrf_token, password)
    with app.app_context():
        token = create_token("ann")
    admin = {"Authorization": f"Bearer {make_token('root', 'admin')}"}
    ann = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/v1/submissions", headers=ann).status_code == 200
    assert client.post("/api/v1/users/ann/deactivate", headers=ann).status_code == 403
    done = client.post("/api/v1/users/ann/deactivate", headers=admin)
    assert done.status_code == 200
    assert done.get_json() | {"username": "ann", "active": False} == done.get_json()
    assert not _signed_in(app, saved)
    assert client.get("/api/v1/submissions", headers=ann).status_code == 401
    again = app.test_client()
    assert again.post("/login", data={"username": "ann", "password": password,
                                      "csrf_token": csrf_token(again, "/login")}
                      ).status_code == 200
    assert client.post("/api/v1/users/nobody/deactivate", headers=admin).status_code == 404
    assert app.test_client().post("/api/v1/users/ann/deactivate").status_code == 401


@pytest.fixture
def app_config(request) -> dict:
    """The app's settings: HTTPS or not, as a test asks (plain HTTP by default)."""
    return getattr(request, "param", {})


@pytest.mark.parametrize("app_config", [{"HTTPS": True}, {}], indirect=True)
def test_https_makes_cookies_secure_and_sends_hsts(password, app, client, make_user, app_config,
                                                   csrf_token):
    https = bool(app_config)
    make_user("ann")
    response = client.post("/login", data={"username": "ann", "password": password,
                                           "csrf_token": csrf_token(client, "/login")})
    cookie = response.headers["Set-Cookie"]
    assert ("; Secure" in cookie) is https
    assert ("Strict-Transport-Security" in response.headers) is https
    if https:
        assert response.headers["Strict-Transport-Security"].startswith("max-age=31536000")
