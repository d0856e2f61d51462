"""The lesson page in Chromium against a live server and the real sandbox: run the example
cell and see its expected output; break a cell and see a traceback of the cell's own lines;
reset it; the same on a phone-wide screen."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.steps import GRADING

LESSON = "/learn/attention-basics"
FIRST_LINE = "attention: [[6.02, 3.98], [3.98, 6.02], [5.0, 5.0]]"


def cell(page: Page, cell_id: str):
    """The mounted cell (its editor ready)."""
    found = page.locator(f"[data-testid='lesson-cell'][data-cell='{cell_id}']")
    expect(found).to_have_attribute("data-ready", "true")
    return found


def replace_code(page: Page, found, code: str) -> None:
    """Replace a cell's code by typing, as a learner would."""
    found.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type(code)


def test_a_visitor_runs_breaks_and_resets_a_cell(page: Page, screen: dict):
    page.goto(LESSON)
    example = cell(page, "example")
    expect(example.locator("[data-role='expected']")).to_contain_text(FIRST_LINE)
    example.get_by_test_id("cell-run").click()
    output = example.get_by_test_id("cell-output")
    expect(output.get_by_test_id("cell-verdict")).to_have_attribute(
        "data-verdict", "matches", timeout=GRADING)
    expect(output.locator("[data-role='stdout']")).to_contain_text(FIRST_LINE)
    expect(output.locator("[data-role='stdout']")).to_contain_text(
        "causal attention: [[10.0, 0.0], [3.3, 6.7], [5.0, 5.0]]")

    replace_code(page, example, "values = [1, 2]\nprint('<b>bold</b>')\nprint(values[5])")
    example.get_by_test_id("cell-run").click()
    expect(output.get_by_test_id("cell-verdict")).to_have_attribute(
        "data-verdict", "error", timeout=GRADING)
    stderr = output.locator("[data-role='stderr']")
    expect(stderr).to_contain_text('File "cell.py", line 3, in <module>')
    expect(stderr).to_contain_text("IndexError: list index out of range")
    assert "runner" not in stderr.text_content() and "init.py" not in stderr.text_content()
    expect(output.locator("[data-role='stdout']")).to_have_text("<b>bold</b>\n")  # as text
    expect(output.locator("b")).to_have_count(0)

    example.locator("[data-action='cell-reset']").click()
    expect(example.locator(".cm-content")).to_contain_text("def softmax(scores):")
    expect(output).to_be_empty()
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]


def test_the_numpy_cell_prints_the_same_and_a_predict_answer_opens(page: Page, screen: dict):
    page.goto(LESSON)
    predict = page.get_by_test_id("predict").first
    answer = predict.locator(".answer")
    expect(answer).to_be_hidden()
    predict.locator("summary").click()
    expect(answer).to_be_visible()
    numpy_cell = cell(page, "example-numpy")
    numpy_cell.get_by_test_id("cell-run").click()
    expect(numpy_cell.get_by_test_id("cell-verdict")).to_have_attribute(
        "data-verdict", "matches", timeout=GRADING)
    expect(page.get_by_test_id("lesson-challenges").get_by_role("link").first).to_have_attribute(
        "href", "/challenges/softmax")
