"""A forgotten password: the forgot page tells nobody whether an account exists, sends a
one-time link through a real SMTP server (aiosmtpd, started here on a free loopback port) when
mail is set up, and is rate-limited; the link is followed as the e-mail gives it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from arena.services.users import authenticate, create_user
from bench.live_server import free_port, wait_until
from tests.smtp_server import Inbox, smtp_server
from tests.web.conftest import page_token

PUBLIC_URL = "http://arena.test"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    """Start a real SMTP server on a free loopback port; return its inbox and port."""
    with smtp_server() as running:
        yield running


@pytest.fixture
def app_config(smtp) -> dict[str, Any]:
    """Send mail through the test's SMTP server, plainly (it speaks no TLS)."""
    return {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": smtp[1], "SMTP_SECURITY": "none",
            "PUBLIC_URL": PUBLIC_URL, "MAIL_FROM": "Arena <arena@example.org>",
            "PASSWORD_RESET_RATE_LIMIT": "4 per minute"}


def ask(client, username: str):
    """Send the forgot form for `username`."""
    return client.post("/password/forgot", data={
        "username": username, "csrf_token": page_token(client, "/password/forgot")})


def test_the_login_page_links_to_the_forgot_page(client):
    assert 'href="/password/forgot"' in client.get("/login").get_data(as_text=True)


def test_a_reset_link_arrives_by_mail_and_works_once(app, client, smtp):
    inbox, _port = smtp
    with app.app_context():
        create_user("ann", "student", password="the old password", email="ann@example.org")
    sent = ask(client, "ann")
    assert sent.status_code == 200 and 'data-testid="forgot-sent"' in sent.get_data(as_text=True)
    mail = inbox.mail_to("ann@example.org")
    assert mail["To"] == "ann@example.org" and mail["From"] == "Arena <arena@example.org>"
    assert mail["Subject"] == "Reset your Attention Arena password"
    body = mail.get_content()
    link = re.search(re.escape(PUBLIC_URL) + r"(/password/reset/[\w-]+)", body)
    assert link and "ann" in body
    path = link[1]
    page = client.get(path)
    assert page.status_code == 200 and 'data-testid="reset-form"' in page.get_data(as_text=True)
    done = client.post(path, data={"password": "the new password", "confirm": "the new password",
                                   "csrf_token": page_token(client, path)})
    assert done.status_code == 302
    with app.app_context():
        assert authenticate("ann", "the new password") is not None
        assert authenticate("ann", "the old password") is None
    assert client.get(path).status_code == 404


def test_the_answer_is_the_same_whether_or_not_the_account_exists(app, client, smtp):
    inbox, _port = smtp
    with app.app_context():
        create_user("ann", "student", password="the old password", email="ann@example.org")
        create_user("bob", "student", password="the old password")  # no address
    answers = {name: ask(client, name) for name in ("nobody", "bob", "ann")}
    # What the page says (its <main>), less the form's CSRF token, which is per session.
    texts = {name: re.sub(r'name="csrf_token"[^>]*>', "", re.search(
        r"<main.*</main>", answer.get_data(as_text=True), re.S)[0])
        for name, answer in answers.items()}
    assert {answer.status_code for answer in answers.values()} == {200}
    assert texts["nobody"] == texts["bob"] == texts["ann"]
    inbox.mail_to("ann@example.org")
    assert [m["To"] for m in inbox.messages] == ["ann@example.org"]


def test_the_forgot_form_is_rate_limited_per_address(app, client):
    for _ in range(4):
        assert ask(client, "nobody").status_code == 200
    refused = ask(client, "nobody")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1


def test_a_mail_that_cannot_be_delivered_changes_nothing_for_the_visitor(app, client, smtp,
                                                                        caplog):
    app.config["SMTP_PORT"] = free_port()  # nothing listens there
    with app.app_context():
        create_user("ann", "student", email="ann@example.org")
    assert ask(client, "ann").status_code == 200
    wait_until(lambda: "not sent" in caplog.text, 10, "the failed delivery logged")


def test_a_made_up_link_shows_that_it_does_not_work(client):
    dead = client.get("/password/reset/not-a-real-token")
    assert dead.status_code == 404 and 'data-testid="reset-dead"' in dead.get_data(as_text=True)
    assert client.post("/password/reset/x", data={
        "password": "a new password", "confirm": "a new password",
        "csrf_token": page_token(client, "/login")}).status_code == 404


@pytest.mark.parametrize("app_config", [{}])
def test_without_mail_the_page_says_whom_to_ask_and_sends_nothing(app, client):
    page = client.get("/password/forgot").get_data(as_text=True)
    assert 'data-testid="forgot-no-mail"' in page and 'data-testid="forgot-form"' not in page
    answer = ask(client, "ann")
    assert answer.status_code == 200 and "forgot-sent" not in answer.get_data(as_text=True)
