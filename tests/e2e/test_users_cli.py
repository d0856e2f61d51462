"""`arena users`, run as an operator runs it: an account made without a password says how to
give it one, `set-password` holds to the web's password policy, `role` changes the role, and
the account then logs in through the real login form."""

from __future__ import annotations

import pytest

from arena import create_app
from bench.live_server import LiveServer
from tests.web.conftest import page_token

# The command line's own behaviour, whatever database the server keeps (make test-postgres
# leaves it out).
pytestmark = pytest.mark.any_database


@pytest.fixture
def log_in(server: LiveServer):
    """Return a function that tries the login form of an app on the server's data."""
    app = create_app({"DATA_DIR": server.env["ARENA_DATA_DIR"],
                      "DATABASE_URL": server.env["ARENA_DATABASE_URL"],
                      "RATE_LIMIT_STORAGE_URI": "memory://"})

    def attempt(username: str, password: str) -> str:
        client = app.test_client()
        answer = client.post("/login", data={"username": username, "password": password,
                                             "csrf_token": page_token(client, "/login")})
        return "logged in" if answer.status_code == 302 else answer.get_data(as_text=True)

    return attempt


def test_an_account_without_a_password_says_how_to_set_one(server, log_in):
    created = server.cli("users", "create", "prof", "--role", "instructor")
    assert created.returncode == 0, created.stderr
    lines = created.stdout.strip().splitlines()
    assert lines[0] == "created instructor prof"
    assert "prof has no password and cannot log in" in lines[1]
    assert "arena users set-password prof --password-stdin" in lines[1]
    # The login form says no more to a visitor than for any wrong password.
    assert "Wrong username or password." in log_in("prof", "anything at all")


def test_set_password_holds_to_the_one_policy_and_then_login_works(server, log_in):
    server.cli("users", "create", "prof", "--role", "instructor")
    short = server.cli("users", "set-password", "prof", "--password-stdin", stdin="short\n")
    assert short.returncode == 1 and "a password has 8 to 256 characters" in short.stderr
    assert "Wrong username or password." in log_in("prof", "short")
    done = server.cli("users", "set-password", "prof", "--password-stdin",
                      stdin="a good long password\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "password set for prof: every session of theirs ended"
    assert log_in("prof", "a good long password") == "logged in"
    missing = server.cli("users", "set-password", "nobody", "--password-stdin",
                         stdin="a good long password\n")
    assert missing.returncode == 1 and "no user called 'nobody'" in missing.stderr


def test_create_refuses_a_short_password_as_the_web_form_does(server):
    refused = server.cli("users", "create", "ann", "--password-stdin", stdin="short\n")
    assert refused.returncode == 1 and "8 to 256 characters" in refused.stderr
    assert server.cli("users", "role", "ann", "student").returncode == 1  # not created
    bad = server.cli("users", "create", "ann", "--email", "not an address")
    assert bad.returncode == 1 and "not an e-mail address" in bad.stderr


def test_role_changes_the_role_and_keeps_one_admin(server):
    server.cli("users", "create", "root", "--role", "admin", "--password-stdin",
               stdin="a good long password\n")
    server.cli("users", "create", "ann", "--password-stdin", stdin="a good long password\n")
    made = server.cli("users", "role", "ann", "instructor")
    assert made.returncode == 0 and made.stdout.strip() == "ann is now instructor"
    assert server.cli("users", "role", "ann", "wizard").returncode == 2
    last = server.cli("users", "role", "root", "student")
    assert last.returncode == 1 and "last active admin" in last.stderr
    assert server.cli("users", "role", "ann", "admin").returncode == 0
    assert server.cli("users", "role", "root", "student").returncode == 0


def test_deactivate_and_reactivate(server, log_in):
    server.cli("users", "create", "ann", "--password-stdin", stdin="a good long password\n")
    assert server.cli("users", "deactivate", "ann").returncode == 0
    assert "Wrong username or password." in log_in("ann", "a good long password")
    reactivated = server.cli("users", "reactivate", "ann")
    assert reactivated.returncode == 0 and reactivated.stdout.strip() == "reactivated ann"
    assert log_in("ann", "a good long password") == "logged in"
