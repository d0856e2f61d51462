"""What a learner does in the browser, shared by the browser test modules."""

from __future__ import annotations

from playwright.sync_api import Page, expect

GRADING = 180_000  # ms: the first submission of a challenge may wait for its preparation
SOFTMAX = ("import math\n"
           "def softmax(row): top = max(row); e = [math.exp(x - top) for x in row]; "
           "return [v / sum(e) for v in e]")
# Scaled dot-product attention without the 1/sqrt(d) scaling: a wrong answer with a named bug.
UNSCALED = ("import numpy as np\n"
            "def attention(Q, K, V): s = np.asarray(Q, float) @ np.asarray(K, float).T; "
            "w = np.exp(s - s.max(axis=1, keepdims=True)); "
            "return (w / w.sum(axis=1, keepdims=True)) @ np.asarray(V, float)")


def type_code(page: Page, code: str) -> None:
    """Replace the editor's text by typing, as a learner would (on a phone, in the code tab)."""
    expect(page.locator("#editor")).to_have_attribute("data-ready", "true")
    show_code(page)
    content = page.locator("#editor .cm-content")
    content.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type(code)
    expect(page.locator("#code")).to_have_value(code)  # the form's textarea follows


def verdict(page: Page):
    """Return the locator of the verdict in the results."""
    return page.locator("#results [data-testid='verdict']")


def run_summary(page: Page):
    """Return the locator of a Run's summary (a Run has no verdict): data-state pass or fail."""
    return page.locator("#results [data-testid='run-summary']")


def show_code(page: Page) -> None:
    """On a phone the code is a tab of the challenge page (workspace.js): open it."""
    tab = page.locator("[role='tab'][data-tab='code']")
    if tab.is_visible():
        tab.click()
