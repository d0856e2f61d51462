"""The API's docs page in real Chromium: Swagger UI from our bundle, under the pages' CSP,
asking nothing of another origin, and its "Try it out" working for a visitor and a learner."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Locator, Page, expect

DOCS = "/api/v1/docs"
ELSEWHERE = "https://docs.example"
# The page's own listener (the `page` fixture also fails a test on a CSP console message).
RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


@pytest.fixture
def requests_made(page: Page, live) -> Iterator[list[str]]:
    """Record every request the page makes; after the test, none may leave the site."""
    made: list[str] = []
    page.on("request", lambda request: made.append(request.url))
    page.add_init_script(RECORD_VIOLATIONS)
    yield made
    origin = urlsplit(live.url)[:2]
    elsewhere = [url for url in made if urlsplit(url)[:2] != origin]
    assert made and elsewhere == []
    assert page.evaluate("window.cspViolations") == []


def operation(page: Page, path: str) -> Locator:
    """Return Swagger UI's block of the operation at `path` (the first, if several methods)."""
    summary = page.locator(f'.opblock-summary-path[data-path="{path}"]')
    return page.locator(".opblock", has=summary).first


def try_it(block: Locator, body: str | None = None) -> Locator:
    """Open an operation, send it with Swagger UI's "Try it out", return the answer's status."""
    block.locator(".opblock-summary").click()
    block.get_by_role("button", name="Try it out").click()
    if body is not None:
        block.locator("textarea.body-param__text").fill(body)
    block.get_by_role("button", name="Execute").click()
    return block.locator(".live-responses-table tbody .response-col_status").first


def test_the_docs_list_the_operations_and_try_one(page: Page, requests_made: list[str]):
    # Swagger UI's configuration from the query stays off: a link cannot load another document.
    page.goto(f"{DOCS}?url={ELSEWHERE}/openapi.json&configUrl={ELSEWHERE}/config.json")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Attention Arena API")
    expect(operation(page, "/api/v1/challenges/{slug}/submissions")).to_be_visible()
    assert page.locator(".opblock").count() > 20
    assert any(url.endswith("/api/v1/openapi.json") for url in requests_made)
    assert any("/static/dist/api-docs-" in url for url in requests_made)
    expect(try_it(operation(page, "/api/v1/health"))).to_have_text("200")
    assert requests_made[-1].endswith("/api/v1/health")


def test_a_learners_session_sends_the_pages_csrf_token(page: Page, learner: str,
                                                      requests_made: list[str]):
    page.goto(DOCS)
    # Without the page's CSRF token the session's POST would answer 400 (csrf_failed).
    status = try_it(operation(page, "/api/v1/courses/join"), '{"code": "NOPE-NOPE"}')
    expect(status).to_have_text("404")
