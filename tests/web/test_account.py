"""The account page: create a token (shown once), list, revoke; how to submit with it."""

import re


def _new_token(html: str) -> str | None:
    match = re.search(r'<code data-testid="new-token" id="new-token">([^<]+)</code>', html)
    return match.group(1) if match else None


def test_account_page_explains_curl_and_arena_submit(client, catalog, login):
    login()
    response = client.get("/account")
    html = response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"
    assert "arena submit softmax solution.py" in html
    assert "export ARENA_URL=http://localhost" in html
    assert 'curl -s -X POST -H "Authorization: Bearer $ARENA_TOKEN"' in html
    assert "You have no live tokens." in html and _new_token(html) is None


def test_account_page_says_how_to_use_the_client_on_another_machine(client, catalog, login):
    login()
    html = client.get("/account").get_data(as_text=True)
    # The download, the server's own address filled in, and the two variables.
    assert "urlretrieve('http://localhost/client/arena.pyz', 'arena.pyz')" in html
    assert "export ARENA_URL=http://localhost\nexport ARENA_TOKEN=" in html
    assert "python3 arena.pyz submit softmax softmax.py" in html
    assert 'href="/client/arena.pyz" download' in html


def test_the_client_is_served_as_one_file_for_python(client):
    answer = client.get("/client/arena.pyz")
    assert answer.status_code == 200 and answer.mimetype == "application/zip"
    assert answer.data.startswith(b"#!/usr/bin/env python3\n")
    assert client.get("/client/arena.pyz").data == answer.data  # the same bytes each time


def test_a_created_token_is_shown_once_and_works(client, catalog, login):
    csrf = login()
    response = client.post("/account/tokens", data={"csrf_token": csrf})
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    html = response.get_data(as_text=True)
    token = _new_token(html)
    assert token and f"export ARENA_TOKEN={token}" in html
    later = client.get("/account").get_data(as_text=True)
    assert _new_token(later) is None and token not in later and f"{token[:8]}…" in later
    api = client.application.test_client()  # no session: the token alone
    listed = api.get("/api/v1/submissions", headers={"Authorization": f"Bearer {token}"})
    assert listed.status_code == 200


def test_a_revoked_token_stops_working(client, catalog, login):
    csrf = login()
    token = _new_token(client.post("/account/tokens", data={"csrf_token": csrf})
                       .get_data(as_text=True))
    token_id = re.search(r'data-token-id="(\d+)"', client.get("/account").get_data(as_text=True))
    response = client.post(f"/account/tokens/{token_id.group(1)}/revoke",
                           data={"csrf_token": csrf})
    assert response.status_code == 302 and response.headers["Location"] == "/account"
    html = client.get("/account").get_data(as_text=True)
    assert "The token was revoked" in html and "You have no live tokens." in html
    api = client.application.test_client()
    assert api.get("/api/v1/submissions",
                   headers={"Authorization": f"Bearer {token}"}).status_code == 401


def test_nobody_revokes_someone_elses_token(client, catalog, login, make_token):
    make_token("bob")
    csrf = login("ann")
    response = client.post("/account/tokens/1/revoke", data={"csrf_token": csrf})
    assert response.status_code == 404
