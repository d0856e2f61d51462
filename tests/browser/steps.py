"""What a learner does in the browser, shared by the browser test modules."""

from __future__ import annotations

from playwright.sync_api import Page, expect

GRADING = 180_000  # ms: the first submission of a challenge may wait for its preparation
SOFTMAX = ("import math\n"
           "def softmax(row): top = max(row); e = [math.exp(x - top) for x in row]; "
           "return [v / sum(e) for v in e]")


def type_code(page: Page, code: str) -> None:
    """Replace the editor's text by typing, as a learner would."""
    expect(page.locator("#editor")).to_have_attribute("data-ready", "true")
    content = page.locator("#editor .cm-content")
    content.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type(code)
    expect(page.locator("#code")).to_have_value(code)  # the form's textarea follows


def verdict(page: Page):
    """Return the locator of the verdict in the results."""
    return page.locator("#results [data-testid='verdict']")
