"""Accounts in Chromium: an admin's page of accounts (search, role, deactivation, a one-time
reset link followed in another browser), a password reset by e-mail through a real SMTP server
(aiosmtpd, started here), and axe on these pages in both languages, at both widths.

The server of this module sends mail to that SMTP server and has no challenges (these pages
need none), so it starts at once without preparing a catalog.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from bench.live_server import LiveServer, environment
from tests.browser.conftest import PASSWORD, _unavailable
from tests.browser.test_accessibility import AXE, at_phone_width, axe_report, sideways_report
from tests.browser.test_authoring import log_in, make_user
from tests.smtp_server import Inbox, smtp_server

NEW_PASSWORD = "a fresh long password"
LOCALES = {"en": "en-US", "ko": "ko-KR"}


@pytest.fixture(scope="module")
def inbox() -> Iterator[tuple[Inbox, int]]:
    """Start a real SMTP server on a free loopback port for the module."""
    with smtp_server() as running:
        yield running


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path,
         inbox) -> Iterator[LiveServer]:
    """Start this module's platform: mail on, no challenges, a fresh migrated database."""
    data = tmp_path_factory.mktemp("accounts-data")
    shutil.copyfile(migrated_sqlite, data / "arena.db")
    server = LiveServer(environment(
        ARENA_DATA_DIR=str(data), ARENA_DATABASE_URL=f"sqlite:///{data / 'arena.db'}",
        ARENA_CHALLENGES_DIR=str(tmp_path_factory.mktemp("no-challenges")),
        ARENA_SMTP_HOST="127.0.0.1", ARENA_SMTP_PORT=str(inbox[1]), ARENA_SMTP_SECURITY="none"))
    server.env["ARENA_PUBLIC_URL"] = server.url
    server.start()
    yield server
    server.stop()


def row(page: Page, username: str):
    return page.locator(f"tr[data-user='{username}']")


def set_new_password(page: Page, link: str) -> None:
    """Follow a reset link and choose NEW_PASSWORD; land on the login page."""
    page.goto(link)
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Repeat the new password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Set the password").click()
    page.wait_for_url("**/login")
    expect(page.locator(".flash, [role=status], .messages").first).to_contain_text(
        "Your password was set")


def test_an_admin_manages_an_account_and_hands_on_a_reset_link(page, browser, live):
    admin = make_user(live, "admin")
    prof = f"prof{admin.removeprefix('admin')}"
    created = live.cli("users", "create", prof, "--role", "student")
    assert "has no password" in created.stdout
    log_in(page, admin)
    page.get_by_role("link", name="Accounts").click()
    page.get_by_label("Name or e-mail").fill(prof)
    page.get_by_role("button", name="Search").click()
    expect(page.locator("tr[data-user]")).to_have_count(1)
    expect(row(page, prof).get_by_test_id("no-password")).to_be_visible()

    row(page, prof).get_by_label(f"Role of {prof}", exact=True).select_option("instructor")
    row(page, prof).get_by_role("button", name=f"Change the role of {prof}").click()
    expect(row(page, prof)).to_have_attribute("data-role", "instructor")
    expect(page.locator("tr[data-user]")).to_have_count(1)  # still the search's list

    row(page, prof).get_by_role("button", name=f"Issue a password reset link for {prof}").click()
    link = page.get_by_test_id("reset-link").inner_text()
    assert link.startswith(f"{live.url}/password/reset/")
    page.get_by_test_id("issued-back").click()  # back to the list as it was searched
    expect(page.locator("tr[data-user]")).to_have_count(1)
    other = browser.new_context(base_url=live.url, locale="en-US")
    theirs = other.new_page()
    set_new_password(theirs, link)
    theirs.locator("input[name='username']").fill(prof)
    theirs.locator("input[name='password']").fill(NEW_PASSWORD)
    theirs.locator("main button[type='submit']").click()
    expect(theirs.locator(".site-nav a[href='/account']")).to_contain_text(prof)
    theirs.goto(link)  # the link worked once
    expect(theirs.get_by_test_id("reset-dead")).to_be_visible()

    page.goto(f"/admin/users?q={prof}")
    row(page, prof).get_by_role("button", name=f"Deactivate {prof}").click()
    expect(row(page, prof)).to_have_attribute("data-active", "false")
    theirs.goto("/account")  # deactivation ended their session
    theirs.wait_for_url("**/login*")
    theirs.locator("input[name='username']").fill(prof)
    theirs.locator("input[name='password']").fill(NEW_PASSWORD)
    theirs.locator("main button[type='submit']").click()
    expect(theirs.locator("main")).to_contain_text("Wrong username or password.")
    row(page, prof).get_by_role("button", name=f"Reactivate {prof}").click()
    expect(row(page, prof)).to_have_attribute("data-active", "true")
    other.close()


def test_anyone_but_an_admin_is_refused_the_page(page, live):
    log_in(page, make_user(live, "instructor"))
    expect(page.get_by_role("link", name="Accounts")).to_have_count(0)
    response = page.goto("/admin/users")
    assert response.status == 403


def test_a_forgotten_password_is_reset_through_the_mail(page, live, inbox):
    username = make_user(live, "student")
    address = f"{username}@example.org"
    log_in(page, username)
    page.goto("/account")
    page.get_by_role("textbox", name="E-mail address").fill(address)
    page.get_by_role("button", name="Save the address").click()
    expect(page.get_by_role("textbox", name="E-mail address")).to_have_value(address)
    page.locator("[data-action='logout']").click()

    page.goto("/login")
    page.get_by_test_id("forgot-password").click()
    page.get_by_label("Username").fill(username)
    page.get_by_role("button", name="Send me a link").click()
    expect(page.get_by_test_id("forgot-sent")).to_be_visible()
    link = inbox[0].reset_link(address)
    assert link.startswith(f"{live.url}/password/reset/")
    set_new_password(page, link)
    page.locator("input[name='username']").fill(username)
    page.locator("input[name='password']").fill(PASSWORD)  # the old one no longer works
    page.locator("main button[type='submit']").click()
    expect(page.locator("main")).to_contain_text("Wrong username or password.")
    page.locator("input[name='password']").fill(NEW_PASSWORD)
    page.locator("main button[type='submit']").click()
    expect(page.locator(".site-nav a[href='/account']")).to_contain_text(username)


@pytest.mark.parametrize("locale", list(LOCALES))
def test_axe_finds_nothing_on_the_account_pages(browser, live, locale):
    if not AXE.exists():
        _unavailable(f"axe-core is not installed ({AXE} is missing: npm ci)")
    admin = make_user(live, "admin")
    make_user(live, "student")
    context = browser.new_context(base_url=live.url, locale=LOCALES[locale], bypass_csp=True)
    page = context.new_page()
    log_in(page, admin)
    page.goto("/admin/users")
    reports = [axe_report(page, AXE, f"/admin/users ({locale})")]
    page.locator("[data-action='issue-reset']").last.click()
    link = page.get_by_test_id("reset-link").inner_text()
    reports.append(axe_report(page, AXE, f"an issued reset link ({locale})"))
    page.goto("/account")  # with its e-mail address form
    reports.append(axe_report(page, AXE, f"/account ({locale})"))
    visitor = browser.new_context(base_url=live.url, locale=LOCALES[locale], bypass_csp=True)
    shown = visitor.new_page()
    for path in ("/password/forgot", link):
        shown.goto(path)
        reports.append(axe_report(shown, AXE, f"{path} ({locale})"))
    at_phone_width(page)
    at_phone_width(shown)
    page.goto("/admin/users")
    reports.append(sideways_report(page, f"/admin/users ({locale}, phone)"))
    shown.goto(link)
    reports.append(sideways_report(shown, f"a reset link ({locale}, phone)"))
    context.close()
    visitor.close()
    reports = [report for report in reports if report]
    assert reports == [], "\n\n".join(reports)
