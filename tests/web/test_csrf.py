"""CSRF: every form and every session-authenticated script POST carries the page's token;
bearer-token API calls need none, since another site cannot send a token."""

import pytest

SUBMIT = "/api/v1/challenges/softmax/submissions"
CODE = {"code": "def softmax(row):\n    return row\n"}


@pytest.mark.parametrize(("path", "data"), [
    ("/login", {"username": "ann", "password": "correct horse battery"}),
    ("/register", {"username": "bob", "password": "long enough", "confirm": "long enough"}),
    ("/locale", {"locale": "ko"}),
])
def test_forms_without_a_token_are_refused(client, make_user, path, data):
    make_user("ann")
    for token in (None, "forged"):
        response = client.post(path, data={**data, **({"csrf_token": token} if token else {})})
        assert response.status_code == 400
        assert "This form expired" in response.get_data(as_text=True)
        assert response.mimetype == "text/html"
    assert "arena_locale" not in response.headers.get("Set-Cookie", "")


@pytest.mark.parametrize("path", ["/logout", "/account/tokens", "/challenges/softmax/attempts"])
def test_logged_in_forms_without_a_token_are_refused(client, catalog, login, path):
    login()
    assert client.post(path, data={"code": "x = 1"}).status_code == 400
    assert "Account (ann)" in client.get("/").get_data(as_text=True)  # still logged in


def test_session_api_post_needs_the_csrf_header(client, catalog, login):
    token = login()
    response = client.post(SUBMIT, json=CODE)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "csrf_failed" and "X-CSRFToken" in error["message"]
    forged = client.post(SUBMIT, json=CODE, headers={"X-CSRFToken": "forged"})
    assert forged.get_json()["error"]["code"] == "csrf_failed"
    accepted = client.post(SUBMIT, json=CODE, headers={"X-CSRFToken": token})
    assert accepted.status_code == 202
    shown = client.get(accepted.get_json()["url"])  # a GET needs no token
    assert shown.status_code == 200 and shown.get_json()["user"] == "ann"


def test_session_api_run_needs_the_csrf_header(client, catalog, login):
    login()
    response = client.post("/api/v1/challenges/softmax/runs", json=CODE)
    assert response.status_code == 400 and response.get_json()["error"]["code"] == "csrf_failed"


def test_bearer_token_api_post_needs_no_csrf_token(client, catalog, auth_headers):
    response = client.post(SUBMIT, json=CODE, headers=auth_headers)
    assert response.status_code == 202


def test_bearer_token_wins_over_the_session(client, catalog, login, make_token):
    login("ann")
    bob = {"Authorization": f"Bearer {make_token('bob')}"}
    url = client.post(SUBMIT, json=CODE, headers=bob).get_json()["url"]
    assert client.get(url, headers=bob).get_json()["user"] == "bob"
    bad = client.post(SUBMIT, json=CODE, headers={"Authorization": "Bearer nope"})
    assert bad.status_code == 401  # a bad token never falls back to the session


def test_api_without_token_or_session_is_401(client, catalog):
    response = client.post(SUBMIT, json=CODE)
    assert response.status_code == 401
    assert response.get_json()["error"]["code"] == "unauthorized"
    assert client.get("/api/v1/submissions").status_code == 401


def test_logged_out_session_no_longer_reaches_the_api(client, catalog, login):
    token = login()
    client.post("/logout", data={"csrf_token": token})
    assert client.get("/api/v1/submissions").status_code == 401


def test_a_logged_in_cell_run_needs_the_csrf_header_and_a_visitors_none(client, login, app):
    app.config["RUN_WAIT_SECONDS"] = 0  # no worker runs here: answer at once
    cell = "/api/v1/lessons/attention-basics/cells/example/runs"
    assert client.post(cell, json={"code": "print(1)"}).status_code == 202  # a visitor
    token = login()
    refused = client.post(cell, json={"code": "print(1)"})
    assert refused.status_code == 400 and refused.get_json()["error"]["code"] == "csrf_failed"
    taken = client.post(cell, json={"code": "print(1)"}, headers={"X-CSRFToken": token})
    assert taken.status_code == 202
