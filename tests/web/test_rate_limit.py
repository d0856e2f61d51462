"""Rate limits against password guessing, counted by the real Flask-Limiter.

The limits here are small configured ones: each attempt checks a password (a slow hash on
purpose), and a limit of 3 refuses the 4th attempt as a limit of 30 refuses the 31st. One test
checks that an app left alone has the documented defaults. Counts are in memory, afresh per
app; the Redis tests share counts between two apps as two web replicas would. They skip when
Redis does not answer, unless ARENA_REQUIRE_REDIS=1 (CI).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from arena import create_app
from arena.config import DEFAULTS
from arena.extensions import db
from arena.ratelimit import KEY_PREFIX, TOKEN_SCOPE, limiter_of

WRONG = "not the password"
ADDRESS = "198.51.100.7"
OTHER_ADDRESS = "198.51.100.8"
# Per minute: failed logins per username and per address, registrations per address, refused
# API tokens per address. The per-address login limit is twice the per-username one, as in the
# defaults, so that a spread of guesses reaches it while each username stays under its own.
PER_USERNAME = 3
PER_ADDRESS = 6
REGISTRATIONS = 4
REFUSED_TOKENS = 4
LIMITS = {
    "LOGIN_USERNAME_RATE_LIMIT": f"{PER_USERNAME} per minute; 30 per hour",
    "LOGIN_RATE_LIMIT": f"{PER_ADDRESS} per minute; 300 per hour",
    "REGISTER_RATE_LIMIT": f"{REGISTRATIONS} per minute; 300 per hour",
    "API_TOKEN_RATE_LIMIT": f"{REFUSED_TOKENS} per minute; 300 per hour",
}


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Give this module's apps the small limits."""
    return LIMITS


def test_an_app_left_alone_has_the_documented_defaults(tmp_path):
    assert DEFAULTS["LOGIN_USERNAME_RATE_LIMIT"] == "5 per minute; 30 per hour"
    assert DEFAULTS["LOGIN_RATE_LIMIT"] == "30 per minute; 300 per hour"
    assert DEFAULTS["REGISTER_RATE_LIMIT"] == "60 per minute; 300 per hour"
    assert DEFAULTS["API_TOKEN_RATE_LIMIT"] == "30 per minute; 300 per hour"
    default = create_app({"TESTING": True, "DATA_DIR": str(tmp_path), "SECRET_KEY": "test",
                          "RATE_LIMIT_STORAGE_URI": "memory://"})
    assert {name: default.config[name] for name in LIMITS} == {
        name: DEFAULTS[name] for name in LIMITS}
    assert default.config["RATE_LIMIT_ENABLED"] is True
    assert limiter_of(default).enabled


def test_the_module_counts_with_its_small_limits(app):
    assert {name: app.config[name] for name in LIMITS} == LIMITS


def _client(app: Flask, address: str = ADDRESS):
    """Return a test client whose requests come from `address`."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def _token(client, path: str = "/login") -> str:
    html = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)


def _login(client, username: str, password: str = WRONG, **kwargs):
    return client.post("/login", data={"username": username, "password": password,
                                       "csrf_token": _token(client)}, **kwargs)


def _fail(client, username: str, times: int) -> None:
    """Fail to log in `times` times; each is an ordinary wrong-password answer."""
    for _ in range(times):
        response = _login(client, username)
        assert response.status_code == 200
        assert "Wrong username or password." in response.get_data(as_text=True)


def _assert_limited(response) -> int:
    """Check a 429 with a Retry-After of at most the window; return the seconds."""
    assert response.status_code == 429, response.get_data(as_text=True)[:500]
    seconds = int(response.headers["Retry-After"])
    assert 1 <= seconds <= 3600
    return seconds


def test_failed_logins_per_username_then_429_even_with_the_right_password(
        app, make_user, password):
    make_user("ann")
    client = _client(app)
    _fail(client, "ann", PER_USERNAME)
    refused = _login(client, "ann")
    assert _assert_limited(refused) <= 60  # the per-minute limit is the one that broke
    assert "Too many attempts. Wait" in refused.get_data(as_text=True)
    right = _login(client, "ann", password)
    _assert_limited(right)
    assert client.get("/account").status_code == 302  # not logged in: sent to /login
    # The username is limited from any address; the pages themselves are not.
    _assert_limited(_login(_client(app, OTHER_ADDRESS), "ann", password))
    assert client.get("/login").status_code == 200
    assert client.get("/register").status_code == 200


def test_another_username_from_the_same_address_is_unaffected(app, make_user, password):
    make_user("ann")
    make_user("bob")
    client = _client(app)
    _fail(client, "ann", PER_USERNAME)
    _assert_limited(_login(client, "ann", password))
    assert _login(client, "bob", password).status_code == 302


#: Spellings of `ann` that login reads as `ann` (NFKC): fullwidth letters, each a new string.
SPELLINGS = ("ａｎｎ", "ａnn", "aｎn", "anｎ", "ａｎn")


def test_spellings_of_one_username_share_its_count(app, make_user, password):
    """Found by the red team: the count was per name as typed, so fullwidth spellings of one
    account each had a count of their own while login read them all as that account."""
    make_user("ann")
    assert _login(_client(app, "198.51.100.20"), SPELLINGS[0], password).status_code == 302
    for number, spelling in enumerate(SPELLINGS[1:PER_USERNAME + 1]):  # from new addresses
        response = _login(_client(app, f"198.51.100.{30 + number}"), spelling)
        assert "Wrong username or password." in response.get_data(as_text=True)
    for spelling in ("ann", *SPELLINGS):
        _assert_limited(_login(_client(app, OTHER_ADDRESS), spelling, password))


def test_wrong_current_passwords_count_against_the_account(app, make_user, password):
    """A stolen session cannot guess the password on /account/password either: its failed
    checks count against the account with login's, from any address."""
    make_user("ann")
    client = _client(app)
    assert _login(client, "ann", password).status_code == 302

    def change(current: str):
        return client.post("/account/password", data={
            "current": current, "password": "a new password", "confirm": "a new password",
            "csrf_token": _token(client, "/account")})

    for _ in range(PER_USERNAME - 1):
        assert change(WRONG).status_code == 422
    _fail(_client(app, OTHER_ADDRESS), "ａｎｎ", 1)
    _assert_limited(change(password))
    _assert_limited(_login(_client(app, "198.51.100.40"), "ann", password))


def test_failed_logins_per_address_then_another_address_is_unaffected(app, make_user, password):
    make_user("ann")
    client = _client(app)
    for name in range(PER_ADDRESS // 2):  # under the per-username limit each
        _fail(client, f"guess{name}", 2)
    _assert_limited(_login(client, "ann", password))
    _assert_limited(_login(client, "someone-new", password))
    assert _login(_client(app, OTHER_ADDRESS), "ann", password).status_code == 302


def test_successful_logins_are_not_counted(app, make_user, password):
    """A class behind one address logs in together: only failures count."""
    make_user("ann")
    client = _client(app)
    for _ in range(PER_ADDRESS + PER_USERNAME + 1):
        assert _login(client, "ann", password).status_code == 302


def test_registration_is_limited_per_address(app, password):
    client = _client(app)

    def register(name: str, on=client):
        return on.post("/register", data={"username": name, "password": password,
                                          "confirm": password,
                                          "csrf_token": _token(on, "/register")})

    for number in range(REGISTRATIONS):
        assert register(f"student{number}").status_code == 302
    refused = register("one-too-many")
    _assert_limited(refused)
    assert "Too many attempts" in refused.get_data(as_text=True)
    assert client.get("/register").status_code == 200
    assert register("from-elsewhere", _client(app, OTHER_ADDRESS)).status_code == 302


@pytest.mark.parametrize("how", ["cookie", "accept-language"])
def test_the_429_page_is_in_korean(app, how):
    client = _client(app)
    _fail(client, "ann", PER_USERNAME)
    headers = {}
    if how == "cookie":
        client.set_cookie("arena_locale", "ko")
    else:
        headers["Accept-Language"] = "ko-KR,ko;q=0.9"
    refused = _login(client, "ann", headers=headers)
    _assert_limited(refused)
    html = refused.get_data(as_text=True)
    assert '<html lang="ko">' in html
    assert "시도가 너무 많습니다." in html and "기다린 뒤 다시 시도하세요." in html
    assert "Too many attempts" not in html
    assert "text/html" in refused.headers["Content-Type"]


def test_refused_api_tokens_are_limited_with_the_api_error_shape(app, make_token):
    good = {"Authorization": f"Bearer {make_token('ann')}"}
    client = _client(app)
    for _ in range(REFUSED_TOKENS):
        response = client.get("/api/v1/submissions",
                              headers={"Authorization": "Bearer a-guess"})
        assert response.status_code == 401
    refused = client.get("/api/v1/submissions", headers={"Authorization": "Bearer a-guess"})
    _assert_limited(refused)
    assert refused.headers["Content-Type"] == "application/json"
    body = refused.get_json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["code"] == "rate_limited"
    assert "try again in" in body["error"]["message"]
    # While limited, a right token from that address still gets through, and so do requests
    # without a token (the pages use the session); another address is not limited at all.
    assert client.get("/api/v1/submissions", headers=good).status_code == 200
    assert client.get("/api/v1/challenges").status_code == 200
    assert _client(app, OTHER_ADDRESS).get(
        "/api/v1/submissions", headers={"Authorization": "Bearer a-guess"}).status_code == 401


def _refuse(client, times: int, path: str = "/api/v1/submissions") -> None:
    """Send `times` refused tokens, each a new guess, each answered 401."""
    for guess in range(times):
        response = client.get(path, headers={"Authorization": f"Bearer guess-{guess}"})
        assert response.status_code == 401, response.get_json()


def test_a_valid_token_is_never_refused_by_its_addresses_refusals(app, make_token):
    """Behind one proxy everyone shares an address: a flood of bad tokens from it must not lock
    out the good ones, and must not let the bad ones through either."""
    good = {"Authorization": f"Bearer {make_token('ann')}"}
    client = _client(app)
    _refuse(client, REFUSED_TOKENS)
    for attempt in range(3):  # a success does not reset the count, and guesses keep waiting
        assert client.get("/api/v1/submissions", headers=good).status_code == 200
        assert client.post("/api/v1/courses/join", json={"code": "NOPE-NOPE"},
                           headers=good).status_code == 404
        for refused in (f"Bearer another-guess-{attempt}", "Bearer ", "Basic YW5uOnB3"):
            _assert_limited(client.get("/api/v1/submissions",
                                       headers={"Authorization": refused}))
    # An operation that takes a token without needing one refuses a bad one all the same.
    _assert_limited(client.get("/api/v1/challenges/softmax",
                               headers={"Authorization": "Bearer a-guess"}))


def test_a_valid_token_is_never_counted(app, make_token):
    good = {"Authorization": f"Bearer {make_token('ann')}"}
    client = _client(app)
    for _ in range(REFUSED_TOKENS + 5):
        assert client.get("/api/v1/submissions", headers=good).status_code == 200


@pytest.fixture
def make_app(app) -> Iterator[Callable[..., Flask]]:
    """Return a function that creates another app on the test's database (another replica)."""
    made: list[Flask] = []

    def make(**overrides) -> Flask:
        other = create_app({"TESTING": True, "DATA_DIR": app.config["DATA_DIR"],
                            "DATABASE_URL": app.config["DATABASE_URL"], "SECRET_KEY": "test",
                            "RATE_LIMIT_STORAGE_URI": "memory://", **LIMITS, **overrides})
        made.append(other)
        return other

    yield make
    for other in made:
        with other.app_context():
            db.engine.dispose()


def test_switched_off_nothing_is_limited(make_app):
    app = make_app(RATE_LIMIT_ENABLED="off")
    assert app.config["RATE_LIMIT_ENABLED"] is False
    _fail(_client(app), "ann", PER_ADDRESS + 1)  # past every limit the app would have


def test_an_empty_limit_switches_that_one_off(make_app):
    app = make_app(LOGIN_USERNAME_RATE_LIMIT="", LOGIN_RATE_LIMIT="3 per minute")
    client = _client(app)
    _fail(client, "ann", 3)
    _assert_limited(_login(client, "ann"))
    for address in (OTHER_ADDRESS, "198.51.100.9"):  # 9 failures for ann: no per-username limit
        _fail(_client(app, address), "ann", 3)


def test_a_mistyped_limit_stops_the_start(make_app):
    with pytest.raises(ValueError, match="ARENA_LOGIN_RATE_LIMIT"):
        make_app(LOGIN_RATE_LIMIT="10 per minut")


def test_forwarded_addresses_count_only_behind_a_trusted_proxy(make_app):
    direct = make_app()
    client = _client(direct)
    for number in range(PER_ADDRESS // 2):  # a forged header does not make a new client
        for _ in range(2):
            response = _login(client, f"guess{number}",
                              headers={"X-Forwarded-For": f"203.0.113.{number}"})
            assert response.status_code == 200
    _assert_limited(_login(client, "ann", headers={"X-Forwarded-For": "203.0.113.99"}))

    proxied = make_app(TRUSTED_PROXIES=1)
    proxy = _client(proxied, "10.0.0.1")  # the proxy's own address, shared by every client
    for number in range(PER_ADDRESS // 2):
        for _ in range(2):
            _login(proxy, f"guess{number}", headers={"X-Forwarded-For": "203.0.113.1"})
    _assert_limited(_login(proxy, "ann", headers={"X-Forwarded-For": "203.0.113.1"}))
    response = _login(proxy, "ann", headers={"X-Forwarded-For": "203.0.113.2"})
    assert response.status_code == 200


def test_behind_a_trusted_proxy_each_client_has_its_own_token_count(make_app, make_token):
    proxied = make_app(TRUSTED_PROXIES=1)
    good = {"Authorization": f"Bearer {make_token('ann')}"}
    proxy = _client(proxied, "10.0.0.1")
    first, second = ({"X-Forwarded-For": f"203.0.113.{n}"} for n in (1, 2))
    for guess in range(REFUSED_TOKENS):
        assert proxy.get("/api/v1/submissions", headers={
            **first, "Authorization": f"Bearer guess-{guess}"}).status_code == 401
    _assert_limited(proxy.get("/api/v1/submissions",
                              headers={**first, "Authorization": "Bearer one-more"}))
    assert proxy.get("/api/v1/submissions", headers={**first, **good}).status_code == 200
    assert proxy.get("/api/v1/submissions", headers={
        **second, "Authorization": "Bearer a-guess"}).status_code == 401


def test_an_unreachable_redis_falls_back_to_counting_in_memory(make_app):
    app = make_app(RATE_LIMIT_STORAGE_URI="redis://127.0.0.1:1")  # nothing listens there
    client = _client(app)
    _fail(client, "ann", PER_USERNAME)
    _assert_limited(_login(client, "ann"))
    _refuse(client, REFUSED_TOKENS)
    _assert_limited(client.get("/api/v1/submissions", headers={"Authorization": "Bearer x"}))




def test_replicas_share_their_counts_through_redis(make_app, redis_url, password):
    import redis

    # Names and addresses of this run only: other runs may share this Redis.
    run = uuid.uuid4().hex[:12]
    username = f"ann-{run}"
    addresses = [f"2001:db8::{run[:4]}:{run[4:8]}:{run[8:]}:{n}" for n in range(2)]
    first, second = (make_app(RATE_LIMIT_STORAGE_URI=redis_url) for _ in range(2))
    assert limiter_of(first) is not limiter_of(second)
    assert type(limiter_of(first).storage).__name__ == "RedisStorage"
    store = redis.Redis.from_url(redis_url)
    try:
        _fail(_client(first, addresses[0]), username, PER_USERNAME - 1)
        _fail(_client(second, addresses[1]), username, 1)
        _assert_limited(_login(_client(first, addresses[0]), username))
        _assert_limited(_login(_client(second, addresses[1]), username))
        keys = list(store.scan_iter(match=f"*LIMITER/{KEY_PREFIX}/username:{username}/*"))
        assert keys, "the counts are in Redis"
        assert max(int(store.get(key)) for key in keys) == PER_USERNAME
    finally:
        for pattern in (f"*{username}*", f"*{run[:4]}:{run[4:8]}*"):
            for key in store.scan_iter(match=pattern):
                store.delete(key)


def test_through_redis_30_refused_tokens_stop_guesses_but_not_good_tokens(
        make_app, make_token, redis_url):
    """The documented limit, counted in Redis by two replicas that every client reaches from
    one address (a proxy that is not trusted, a school's network)."""
    import redis

    run = uuid.uuid4().hex[:12]
    address = f"2001:db8::{run[:4]}:{run[4:8]}:{run[8:]}:7"  # this run's only: Redis is shared
    limit = DEFAULTS["API_TOKEN_RATE_LIMIT"]
    first, second = (make_app(RATE_LIMIT_STORAGE_URI=redis_url, API_TOKEN_RATE_LIMIT=limit)
                     for _ in range(2))
    good = {"Authorization": f"Bearer {make_token('ann')}"}
    store = redis.Redis.from_url(redis_url)
    try:
        _refuse(_client(first, address), 20)
        _refuse(_client(second, address), 10)  # 30 in all: the documented limit per minute
        for replica in (first, second, first):
            client = _client(replica, address)
            _assert_limited(client.get("/api/v1/submissions",
                                       headers={"Authorization": "Bearer guess-31"}))
            assert client.get("/api/v1/submissions", headers=good).status_code == 200
        keys = list(store.scan_iter(match=f"*LIMITER/{KEY_PREFIX}/{address}/{TOKEN_SCOPE}/*"))
        assert keys, "the counts are in Redis"
        assert max(int(store.get(key)) for key in keys) == 33  # only the refusals
    finally:
        for key in store.scan_iter(match=f"*{run[:4]}:{run[4:8]}*"):
            store.delete(key)
