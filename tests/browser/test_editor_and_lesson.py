"""The editor's conveniences, keyboard-only solving, live status, hints and the lesson's controls,
in real Chromium."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.steps import GRADING, SOFTMAX, run_summary, type_code, verdict

# Records, in the page, each status the results area shows while a submission is graded.
WATCH_STATUSES = """() => {
  window.__statuses = [];
  window.__sameDocument = true;  // gone if the page reloads
  const results = document.getElementById("results");
  new MutationObserver(() => {
    const shown = results.querySelector('[data-testid="status"]');
    const seen = window.__statuses;
    if (shown && seen[seen.length - 1] !== shown.dataset.status) seen.push(shown.dataset.status);
  }).observe(results, { childList: true, subtree: true });
}"""


def editor_text(page: Page) -> str:
    return page.evaluate("window.arena.editor.getCode()")


def tab_to(page: Page, selector: str, limit: int = 80) -> None:
    """Press Tab until the element matching `selector` has the focus, as a keyboard user would."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    pytest.fail(f"{limit} presses of Tab never reached {selector}")


@pytest.mark.sandbox
def test_solving_with_the_keyboard_alone_shows_the_status_live(page: Page, learner: str):
    page.goto("/challenges/softmax")
    expect(page.locator("#editor")).to_have_attribute("data-ready", "true")
    tab_to(page, "#editor .cm-content")
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type(SOFTMAX)
    page.keyboard.press("Control+Enter")  # runs the public examples
    expect(run_summary(page)).to_have_attribute("data-state", "pass", timeout=GRADING)
    assert page.locator("#results [data-testid='test-result'][data-hidden='true']").count() == 0

    page.evaluate(WATCH_STATUSES)
    page.keyboard.press("Tab")  # inside the editor, Tab indents the line (no way out that way)
    assert page.evaluate("document.activeElement.matches('#editor .cm-content')")
    assert editor_text(page).splitlines()[-1].startswith("    def softmax")
    page.keyboard.press("Shift+Tab")
    assert editor_text(page) == SOFTMAX
    page.keyboard.press("Escape")  # Esc then Tab leaves it, as the help under it says
    tab_to(page, "[data-testid='submit-button']")
    page.keyboard.press("Enter")
    expect(verdict(page)).to_have_attribute("data-verdict", "accepted", timeout=GRADING)
    statuses = page.evaluate("window.__statuses")
    # Live: the page said it was sending, then where the submission stood (a fast worker may
    # claim it before the answer to the POST is written, so that may already be "running").
    assert statuses[0] == "sending" and {"queued", "running"} & set(statuses[1:]), statuses
    assert page.evaluate("window.__sameDocument") is True  # no reload on the way
    assert page.locator("#results [data-testid='test-result'][data-hidden='true']").count() > 0


def test_the_draft_survives_a_reload_and_reset_brings_back_the_starter(page: Page, learner: str):
    page.goto("/challenges/softmax")
    starter = page.evaluate("document.getElementById('code').defaultValue")
    assert starter.strip()
    # The draft is saved on the server a second after the last keystroke.
    with page.expect_response(lambda r: r.url.endswith("/challenges/softmax/draft")
                              and r.request.method == "PUT" and r.ok):
        type_code(page, SOFTMAX)
    page.reload()
    expect(page.locator("#editor")).to_have_attribute("data-ready", "true")
    assert editor_text(page) == SOFTMAX
    expect(page.locator(".editor-notice")).to_contain_text(re.compile("draft.*restored"))
    other = page.context.new_page()  # another challenge keeps its own starter
    other.goto("/challenges/attention-weights")
    expect(other.locator("#editor")).to_have_attribute("data-ready", "true")
    assert other.evaluate("window.arena.editor.getCode()") == other.evaluate(
        "document.getElementById('code').defaultValue")
    other.close()

    with page.expect_response(lambda r: r.url.endswith("/challenges/softmax/draft")
                              and r.request.method == "PUT" and r.ok):
        page.get_by_role("button", name="Reset to the starter code").click()
    assert editor_text(page) == starter
    expect(page.locator(".editor-notice")).to_contain_text("back to the starter code")
    page.reload()
    expect(page.locator("#editor")).to_have_attribute("data-ready", "true")
    assert editor_text(page) == starter
    expect(page.locator(".editor-notice")).to_have_text("")


def test_hints_come_one_at_a_time(page: Page):
    page.goto("/challenges/softmax")
    hints = page.locator("#hints > li")
    total = hints.count()
    assert total >= 2
    page.get_by_role("button", name="Show a hint").focus()
    for shown in range(1, total + 1):
        expect(hints.locator("visible=true")).to_have_count(shown - 1)
        page.keyboard.press("Enter")
        expect(hints.nth(shown - 1)).to_be_visible()
        expect(hints.locator("visible=true")).to_have_count(shown)
    expect(page.get_by_role("button", name="No more hints")).to_be_disabled()
    # The disabled button lets go of the focus; the last hint keeps it, so Tab goes on from there.
    expect(hints.nth(total - 1)).to_be_focused()
    tab_to(page, "#editor .cm-content")


def lesson_row(page: Page, index: int) -> list[float]:
    """The weights the lesson's first heatmap shows in one row."""
    row = page.get_by_test_id("heatmap").first.locator("table.heatmap-grid tbody tr").nth(index)
    return [float(w) for w in row.locator("td.cell").evaluate_all(
        "cells => cells.map(c => c.dataset.weight)")]


def test_the_sharpness_slider_focuses_and_spreads_attention(page: Page):
    page.goto("/learn/attention-basics")
    heatmap = page.get_by_test_id("heatmap").first
    expect(heatmap.locator("table.heatmap-grid")).to_be_visible()
    plain = lesson_row(page, 1)
    slider = heatmap.get_by_label("Sharpness")
    slider.focus()
    page.keyboard.press("End")  # the keyboard moves it as well as the mouse
    expect(heatmap.locator("output")).to_contain_text("×4")
    sharp = lesson_row(page, 1)
    page.keyboard.press("Home")
    expect(heatmap.locator("output")).to_contain_text("×0.25")
    flat = lesson_row(page, 1)
    assert max(sharp) > max(plain) > max(flat), (sharp, plain, flat)
    assert min(sharp) < min(plain) < min(flat), (sharp, plain, flat)
    for row in (sharp, plain, flat):
        assert abs(sum(row) - 1) < 0.01


def test_editing_the_lessons_example_redraws_the_weights(page: Page):
    page.goto("/learn/attention-basics")
    heatmap = page.get_by_test_id("heatmap").first
    expect(heatmap.locator("table.heatmap-grid")).to_be_visible()
    before = lesson_row(page, 0)
    heatmap.locator("details.heatmap-edit summary").click()
    # The first token's key, first entry: every query now scores that key differently.
    key = heatmap.locator(".example-table tbody tr").first.locator("td.vector").nth(1).locator(
        "input").first
    key.fill("not a number")
    expect(key).to_have_attribute("aria-invalid", "true")
    assert lesson_row(page, 0) == before  # a bad entry changes nothing
    key.fill("9")
    expect(key).not_to_have_attribute("aria-invalid", "true")
    after = lesson_row(page, 0)
    assert after != before and after[0] > before[0], (before, after)
