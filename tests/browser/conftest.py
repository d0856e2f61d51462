"""The browser tier: a live `arena serve` and Debian's Chromium, driven by Playwright.

Chromium is launched by path (no `playwright install`). Without it, or without the front-end
bundle (`npm run build`), these tests skip, unless ARENA_REQUIRE_BROWSER=1 (CI) makes that a
failure.
"""

from __future__ import annotations

import itertools
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.live_server import LiveServer, environment

CHROMIUM = os.environ.get("ARENA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
BUNDLE = Path(__file__).resolve().parents[2] / "platform/arena/web/static/dist/manifest.json"
PASSWORD = "correct horse battery"
_names = itertools.count(1)


def _unavailable(reason: str) -> None:
    """Skip the browser tier, or fail where it must run."""
    if os.environ.get("ARENA_REQUIRE_BROWSER") == "1":
        pytest.fail(f"the browser tier must run here: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator:
    """Launch Chromium once for the session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed")
    if not Path(CHROMIUM).exists():
        _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    if not BUNDLE.exists():
        _unavailable("the front-end bundle is not built (npm ci && npm run build)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def prepared_data_folder(tmp_path_factory: pytest.TempPathFactory, name: str,
                         prepared_catalog_file: Path) -> Path:
    """Return a fresh data folder whose database holds the catalog prepared (a copy of the
    session's `prepared_catalog_file`), so that a server started on it shows every example at
    once; the pages of a fresh start are tests/arena's (test_queue, test_api_challenges)."""
    data = tmp_path_factory.mktemp(name)
    shutil.copyfile(prepared_catalog_file, data / "arena.db")
    return data


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory,
         prepared_catalog_file: Path) -> Iterator[LiveServer]:
    """Start one platform for the module, on SQLite in a fresh data folder."""
    data = prepared_data_folder(tmp_path_factory, "browser-data", prepared_catalog_file)
    server = LiveServer(environment(
        ARENA_DATA_DIR=str(data), ARENA_DATABASE_URL=f"sqlite:///{data / 'arena.db'}",
        # Every learner of the module registers from 127.0.0.1 within a minute or two.
        ARENA_REGISTER_RATE_LIMIT="200 per minute"))
    with open(data / "serve.log", "wb") as log:
        server.start(log)
        yield server
        server.stop()


#: The screens each page behaviour is tried on: a desktop, and a phone 390 px wide.
SCREENS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(params=list(SCREENS))
def screen(request, page) -> dict:
    """Show the page on a desktop, then on a phone; return the viewport."""
    page.set_viewport_size(SCREENS[request.param])
    return SCREENS[request.param]


@pytest.fixture
def page(browser, live) -> Iterator:
    """Open a fresh browser context (no cookies) and fail the test on any CSP violation."""
    context = browser.new_context(base_url=live.url, locale="en-US")
    context.set_default_timeout(15_000)
    opened = context.new_page()
    problems: list[str] = []
    opened.on("console", lambda message: problems.append(message.text)
              if "Content Security Policy" in message.text else None)
    opened.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    log = Path(live.env["ARENA_DATA_DIR"]) / "serve.log"
    logged = log.stat().st_size if log.exists() else 0
    yield opened
    context.close()
    if log.exists():  # the server's lines during this test: pytest shows them if it failed
        with log.open("rb") as lines:
            lines.seek(logged)
            print("arena serve's log during the test:", *lines.read().decode(
                errors="replace").splitlines()[-80:], sep="\n")
    assert problems == [], problems


@pytest.fixture
def learner(page) -> str:
    """Register a fresh learner through the form (which logs them in); return the username."""
    return register(page)


def register(page, prefix: str = "learner") -> str:
    """Register a fresh learner in this page's browser (which logs them in); return the
    username."""
    username = f"{prefix}{os.getpid()}x{next(_names)}"
    page.goto("/register")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Repeat the password").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    page.wait_for_url("**/")
    return username
