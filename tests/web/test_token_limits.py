"""API tokens are capped per account and their creation rate-limited (the red team minted 60
in 1.1 s): past ARENA_MAX_TOKENS_PER_USER live tokens the account page and `arena tokens create`
refuse another, naming the cap, until one is revoked; ARENA_TOKEN_CREATE_RATE_LIMIT counts the
page's creations per user. Small limits here; the cap holds against requests at one moment."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
from sqlalchemy import select

from arena.cli import main
from arena.config import DEFAULTS
from arena.extensions import db
from arena.models import ApiToken
from arena.services.users import create_user
from tests.web.conftest import page_token

CAP = 3
PER_MINUTE = 5


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Give this module's apps a small cap and rate."""
    return {"MAX_TOKENS_PER_USER": CAP, "TOKEN_CREATE_RATE_LIMIT": f"{PER_MINUTE} per minute"}


def _create(client, csrf: str):
    return client.post("/account/tokens", data={"csrf_token": csrf})


def _revoke_one(client, csrf: str) -> None:
    token_id = re.search(r'data-token-id="(\d+)"', client.get("/account").get_data(as_text=True))
    assert client.post(f"/account/tokens/{token_id.group(1)}/revoke",
                       data={"csrf_token": csrf}).status_code == 302


def _live(app) -> int:
    with app.app_context():
        return len(db.session.scalars(select(ApiToken).where(ApiToken.revoked_at.is_(None)))
                   .all())


def test_the_documented_defaults():
    assert DEFAULTS["MAX_TOKENS_PER_USER"] == 20
    assert DEFAULTS["TOKEN_CREATE_RATE_LIMIT"] == "10 per minute; 50 per hour"


def test_the_account_page_refuses_a_token_past_the_cap_until_one_is_revoked(app, client, login):
    csrf = login("ann")
    for _ in range(CAP):
        assert _create(client, csrf).status_code == 200
    refused = _create(client, csrf)
    assert refused.status_code == 409
    html = refused.get_data(as_text=True)
    assert f"An account may hold at most {CAP} live tokens" in html
    assert 'data-testid="new-token"' not in html
    assert _live(app) == CAP
    _revoke_one(client, csrf)
    assert _create(client, csrf).status_code == 200 and _live(app) == CAP


def test_creating_tokens_on_the_page_is_rate_limited_per_user(app, client, login, make_user,
                                                              password):
    csrf = login("ann")
    for _ in range(PER_MINUTE):
        assert _create(client, csrf).status_code == 200
        _revoke_one(client, csrf)  # under the cap: only the rate stops the next
    refused = _create(client, csrf)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) <= 60
    assert "Too many attempts. Wait" in refused.get_data(as_text=True)
    other = app.test_client()  # another user, from the same address
    make_user("bob")
    assert other.post("/login", data={"username": "bob", "password": password,
                                      "csrf_token": page_token(other, "/login")}
                      ).status_code == 302
    assert _create(other, page_token(other, "/account")).status_code == 200


def test_arena_tokens_create_refuses_past_the_cap(app, monkeypatch, tmp_path):
    monkeypatch.setenv("ARENA_DATABASE_URL", app.config["DATABASE_URL"])
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ARENA_MAX_TOKENS_PER_USER", str(CAP))
    with app.app_context():
        create_user("ann")
    runner = app.test_cli_runner()
    for _ in range(CAP):
        assert runner.invoke(main, ["tokens", "create", "ann"]).exit_code == 0
    refused = runner.invoke(main, ["tokens", "create", "ann"])
    assert refused.exit_code == 1
    assert f"'ann' has {CAP} live API tokens, the most an account may hold" in refused.output
    assert _live(app) == CAP


def test_the_cap_holds_against_requests_at_the_same_moment(app, login, client):
    """Eight creations at once from one session: exactly the cap gets through (on PostgreSQL
    under the user's row lock, on SQLite under the insert's write lock)."""
    csrf = login("ann")
    start = threading.Barrier(8)
    statuses: list[int] = []

    def create() -> None:
        start.wait()
        statuses.append(_create(client, csrf).status_code)

    threads = [threading.Thread(target=create) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(statuses) == [200] * CAP + [409] * (PER_MINUTE - CAP) + [429] * (8 - PER_MINUTE)
    assert _live(app) == CAP
