"""The challenge page's results: a verdict pushed to the page, a Run's summary (never a
verdict), the named bug once, hidden rows that say the same as one row, the learner's own
traceback with its line marked in the editor, no cards for a syntax error, prints once, and
nothing stale while a result is pending. On a desktop and on a 390 px wide phone."""

from __future__ import annotations

import re
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.browser.steps import GRADING, SOFTMAX, UNSCALED, run_summary, show_code, verdict

pytestmark = pytest.mark.sandbox

CRASH = "def softmax(row):\n    return [row[len(row)]]\n"
WRONG = "def softmax(row):\n    return list(row)\n"
PRINTS = "import math\ndef softmax(row):\n    print('HELLO FROM', len(row))\n" \
         "    top = max(row)\n    e = [math.exp(x - top) for x in row]\n" \
         "    return [v / sum(e) for v in e]\n"


def open_with(page: Page, slug: str, code: str) -> None:
    """Open a challenge once its public examples exist (the catalog prepares at start) and put
    `code` in its editor."""
    deadline = time.monotonic() + GRADING / 1000
    page.goto(f"/challenges/{slug}")
    while '"examples": []' in page.locator("#challenge-data").text_content():
        assert time.monotonic() < deadline, f"{slug} still has no examples"
        page.wait_for_timeout(1000)
        page.reload()
    expect(page.locator("#editor")).to_have_attribute("data-ready", "true")
    page.evaluate("code => window.arena.editor.setCode(code)", code)
    show_code(page)


def rows(page: Page):
    return page.locator("#results [data-testid='test-result']")


def test_a_passing_run_says_submit_for_the_hidden_tests_never_a_verdict(page, learner, screen):
    open_with(page, "softmax", SOFTMAX)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_have_text("Public examples pass: submit for the hidden tests",
                                       timeout=GRADING)
    expect(verdict(page)).to_have_count(0)
    expect(page.locator("#results")).not_to_contain_text("Accepted")
    expect(page.locator("#results")).not_to_contain_text("✓ Accepted")


def test_a_failing_run_counts_the_failing_examples(page, learner, screen):
    open_with(page, "softmax", WRONG)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_have_attribute("data-state", "fail", timeout=GRADING)
    total = rows(page).count()
    failed = page.locator("#results [data-testid='test-result'][data-passed='false']").count()
    assert total >= 1 and failed >= 1
    expect(run_summary(page)).to_have_text(f"{failed} of {total} public examples fail")
    expect(verdict(page)).to_have_count(0)


def test_a_wrong_submission_names_its_bug_once_and_groups_hidden_rows(page, learner, screen):
    open_with(page, "scaled-dot-product-attention", UNSCALED)
    reads = []
    page.on("response", lambda r: reads.append((urlsplit(r.url), r.headers.get("content-type")))
            if "/api/v1/submissions/" in r.url else None)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "wrong_answer", timeout=GRADING)
    # The verdict was pushed (server-sent events), not polled for.
    assert reads and all(url.path.endswith("/events") and "wait" not in url.query
                         and kind.startswith("text/event-stream") for url, kind in reads)
    expect(page.locator("[data-testid='diagnosis']")).to_have_count(1)
    expect(page.get_by_test_id("diagnosis")).to_contain_text("scaling")
    hidden = page.locator("#results [data-testid='test-result'][data-hidden='true']")
    counts = [int(row.get_attribute("data-count")) for row in hidden.all()]
    messages = [row.locator(".test-message").all_inner_texts() for row in hidden.all()]
    total = int(re.search(r"of (\d+) tests", page.locator("#results .verdict").inner_text())[1])
    public = page.locator("#results [data-testid='test-result'][data-hidden='false']").count()
    assert sum(counts) + public == total  # every test is in one row
    assert max(counts) > 1 and len(hidden.all()) < sum(counts)  # identical rows collapsed
    assert len({tuple(m) for m in messages}) == len(messages)  # no two rows say the same
    grouped = hidden.nth(counts.index(max(counts)))
    expect(grouped.locator(".test-name")).to_have_text(f"{max(counts)} hidden tests")
    # The submission's page says the bug once too, and groups its hidden rows the same way.
    page.locator("#results .submission-link a").click()
    expect(page.get_by_test_id("diagnosis")).to_have_count(1)
    page_counts = [int(c) for c in page.locator(
        "[data-testid='test-result'][data-hidden='true']").evaluate_all(
        "rows => rows.map(r => r.dataset.count)")]
    assert sorted(page_counts) == sorted(counts)
    expect(page.locator(".test-detail pre").first).to_contain_text("attention([[")


def test_a_crash_shows_the_learners_traceback_and_marks_its_line(page, learner, screen):
    open_with(page, "softmax", CRASH)
    page.get_by_test_id("run-button").click()
    trace = page.locator("#results [data-testid='traceback']").first
    expect(trace).to_contain_text('File "solution.py", line 2, in softmax', timeout=GRADING)
    expect(trace).to_contain_text("IndexError: list index out of range")
    expect(trace).not_to_contain_text("runner")
    expect(page.locator("#results")).not_to_contain_text("IndexError: IndexError")
    expect(page.locator("#results")).not_to_contain_text("Got")
    marked = page.get_by_test_id("editor-error-line")
    expect(marked).to_have_count(1)
    expect(marked).to_have_text("    return [row[len(row)]]")
    lines = page.locator("#editor .cm-line")
    assert lines.nth(1).get_attribute("data-testid") == "editor-error-line"
    # The next edit clears the mark (on a phone, in the code tab the results replaced).
    show_code(page)
    page.locator("#editor .cm-content").click()
    page.keyboard.press("End")
    page.keyboard.type(" ")
    expect(marked).to_have_count(0)


def test_a_syntax_error_shows_its_line_and_no_test_cards(page, learner, screen):
    open_with(page, "softmax", "def softmax(row):\n    return [\n")
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_have_attribute("data-state", "not-run", timeout=GRADING)
    expect(page.locator("#results .result-message")).to_contain_text("line 2")
    expect(rows(page)).to_have_count(0)
    expect(page.locator("#results")).not_to_contain_text("Got")
    expect(page.get_by_test_id("editor-error-line")).to_have_count(1)
    assert page.locator("#editor .cm-line").nth(1).get_attribute("data-testid") \
        == "editor-error-line"


def test_what_the_code_prints_shows_once(page, learner, screen):
    open_with(page, "softmax", PRINTS)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_have_attribute("data-state", "pass", timeout=GRADING)
    printed = page.locator("#results .printed pre")
    expect(printed).to_have_count(1)
    assert printed.inner_text().count("HELLO FROM") == rows(page).count()


def test_the_last_result_and_heatmap_are_cleared_while_a_new_one_is_pending(page, learner):
    slug = "scaled-dot-product-attention"
    open_with(page, slug, UNSCALED)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_be_visible(timeout=GRADING)
    yours = page.locator("#challenge-heatmap [data-figure='yours']")
    expect(yours).to_have_count(1)
    held = []
    page.route("**/api/v1/challenges/*/runs*", lambda route: held.append(route))
    page.get_by_test_id("run-button").click()
    expect(page.locator("#results [data-testid='status']")).to_be_visible()
    expect(rows(page)).to_have_count(0)
    expect(run_summary(page)).to_have_count(0)
    expect(yours).to_have_count(0)
    page.wait_for_timeout(100)  # let the route handler see the request (it holds it)
    assert held, "the run's request was not held"
    held[0].continue_()
    page.unroute("**/api/v1/challenges/*/runs*")
    expect(run_summary(page)).to_be_visible(timeout=GRADING)
    expect(yours).to_have_count(1)


def test_the_console_returns_a_value_and_shows_an_error(page, learner, screen):
    open_with(page, "softmax", PRINTS)
    page.get_by_test_id("console-input").fill("[0, 0]")
    page.get_by_test_id("console-run").click()
    output = page.get_by_test_id("console-output")
    expect(output.get_by_test_id("console-value")).to_have_text("Returned: [0.5, 0.5]",
                                                                timeout=GRADING)
    expect(output.locator(".printed pre")).to_have_text("HELLO FROM 2")
    expect(page.locator("#results [data-testid='test-result']")).to_have_count(0)
    # A crash: the learner's traceback, its line marked in the editor.
    page.evaluate("code => window.arena.editor.setCode(code)", CRASH)
    page.get_by_test_id("console-input").fill("[1.0, 2.0]")
    page.get_by_test_id("console-input").press("Enter")
    expect(output.get_by_test_id("traceback")).to_contain_text(
        'File "solution.py", line 2, in softmax', timeout=GRADING)
    expect(output.get_by_test_id("console-error")).to_contain_text("IndexError")
    expect(page.get_by_test_id("editor-error-line")).to_have_text("    return [row[len(row)]]")
    # Input that is not literal arguments: the server's clear refusal, nothing run.
    page.get_by_test_id("console-input").fill("__import__('os')")
    page.get_by_test_id("console-run").click()
    expect(output.locator(".error")).to_contain_text("numbers, True, False, None, lists and tuples")
