"""The review in real Chromium: the named bug under a wrong Submit, then the AI reviewer's
answer streamed in from a real OpenAI-compatible server of the tests' own; and a clear message
when that server fails or is gone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from bench.live_server import LiveServer, environment
from tests.browser.conftest import prepared_data_folder
from tests.browser.steps import GRADING, UNSCALED, type_code, verdict
from tests.review_server import DEFAULT_REPLY, ReviewServer

pytestmark = pytest.mark.sandbox

SDPA = "/challenges/scaled-dot-product-attention"


@pytest.fixture(scope="module")
def reviewer() -> Iterator[ReviewServer]:
    server = ReviewServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory, reviewer: ReviewServer,
         prepared_catalog_file: Path) -> Iterator[LiveServer]:
    """The platform, pointed at the module's reviewer."""
    data = prepared_data_folder(tmp_path_factory, "review-data", prepared_catalog_file)
    server = LiveServer(environment(
        ARENA_DATA_DIR=str(data), ARENA_DATABASE_URL=f"sqlite:///{data / 'arena.db'}",
        ARENA_REGISTER_RATE_LIMIT="200 per minute", ARENA_REVIEW_URL=reviewer.url,
        ARENA_REVIEW_TIMEOUT_SECONDS="3"))
    server.start()
    yield server
    server.stop()


def _submit_wrong(page: Page, code: str = UNSCALED) -> None:
    page.goto(SDPA)
    type_code(page, code)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "wrong_answer", timeout=GRADING)


def test_the_review_names_the_bug_then_streams_the_reviewers_answer(
        page: Page, learner: str, reviewer: ReviewServer, screen: dict):
    page.goto(SDPA)
    review = page.get_by_test_id("review")
    expect(review).to_be_hidden()  # nothing graded yet
    asked_before = len(reviewer.requests)
    # Code of this screen's own: a review kept for the other screen's would answer at once.
    _submit_wrong(page, f"{UNSCALED}\n# on a screen {screen['width']} px wide")
    expect(review).to_be_visible()
    expect(review.locator("[data-verdict]")).to_have_attribute("data-verdict", "wrong_answer")
    expect(review.locator("[data-verdict]")).to_have_text("Wrong answer")
    expect(review.locator(".review-bug")).to_contain_text("scal")  # the named bug: no 1/sqrt(d)
    page.evaluate("""() => {
        window.reviewPieces = 0;
        new MutationObserver(() => window.reviewPieces++).observe(
            document.querySelector('[data-review="answer"]'),
            {childList: true, subtree: true, characterData: true});
    }""")
    review.get_by_role("button", name="Ask for a review").click()
    expect(review.get_by_test_id("review-text")).to_have_text(DEFAULT_REPLY + " ")
    expect(review.locator('[data-review="answer"]')).to_have_attribute("data-done", "true")
    assert page.evaluate("window.reviewPieces") > 5  # it came in piece by piece
    # Still the grader's verdict above the reviewer's words.
    expect(review.locator("[data-verdict]")).to_have_attribute("data-verdict", "wrong_answer")
    asked = reviewer.requests[-1]["messages"][1]["content"]
    assert "wrong answer" in asked and "Answer in English" in reviewer.requests[-1][
        "messages"][0]["content"]
    page.get_by_role("link", name="Open this submission").click()
    on_page = page.get_by_test_id("review")
    expect(on_page.locator("[data-verdict]")).to_have_attribute("data-verdict", "wrong_answer")
    on_page.get_by_role("button", name="Ask for a review").click()
    expect(on_page.get_by_test_id("review-text")).to_have_text(DEFAULT_REPLY + " ")
    expect(on_page.locator(".review-kept")).to_be_visible()  # kept: no second request
    assert len(reviewer.requests) == asked_before + 1


def test_a_failing_or_absent_reviewer_says_so_clearly(page: Page, learner: str,
                                                      reviewer: ReviewServer, screen: dict):
    _submit_wrong(page, UNSCALED + "  # a second try")
    review = page.get_by_test_id("review")
    reviewer.mode = "fail"
    review.get_by_role("button", name="Ask for a review").click()
    expect(review.get_by_test_id("review-error")).to_contain_text("could not answer")
    expect(review.locator(".review-bug")).to_contain_text("scal")  # the named bug stays
    reviewer.stop()  # the reviewer is gone: its port refuses the connection
    review.get_by_role("button", name="Ask for a review").click()
    expect(review.get_by_test_id("review-error")).to_contain_text("could not answer")
    expect(review.get_by_role("button", name="Ask for a review")).to_be_enabled()
