"""A learner's path in real Chromium: accounts, the editor, live grading, the lesson's heatmap,
Korean, and markup from a submission that stays text."""

from __future__ import annotations

import re
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.browser.steps import GRADING, SOFTMAX, UNSCALED, run_summary, type_code, verdict

pytestmark = pytest.mark.sandbox

DIVIDES_BY_COUNT = ("import math\n"
                    "def softmax(row): top = max(row); e = [math.exp(x - top) for x in row]; "
                    "return [v / len(e) for v in e]")
SCALED = UNSCALED.replace(".T;", ".T / np.sqrt(len(Q[0]));")
UNSCALED_WEIGHTS = ("import numpy as np\n"
                    "def attention_weights(Q, K): "
                    "s = np.asarray(Q, float) @ np.asarray(K, float).T; "
                    "w = np.exp(s - s.max(axis=1, keepdims=True)); "
                    "return w / w.sum(axis=1, keepdims=True)")
PRINTS_MARKUP = ("import math\n"
                 "def softmax(row): print('<script>window.pwned = 1</script>"
                 "<img src=x onerror=\"window.pwned = 2\">'); top = max(row); "
                 "e = [math.exp(x - top) for x in row]; return [v / sum(e) for v in e]")


def test_register_log_out_and_log_in_again(page: Page, learner: str):
    expect(page.get_by_role("link", name=f"Account ({learner})")).to_be_visible()
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    page.get_by_role("link", name="Log in").click()
    page.get_by_label("Username").fill(learner)
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name=f"Account ({learner})")).to_be_visible()


def test_solve_softmax_run_then_submit(page: Page, learner: str):
    page.goto("/")
    page.get_by_role("link", name="Softmax", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Softmax")
    expect(page.locator(".statement .katex").first).to_be_visible()  # math typeset
    type_code(page, SOFTMAX)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_have_attribute("data-state", "pass", timeout=GRADING)
    rows = page.locator("#results [data-testid='test-result']")
    expect(rows.first).to_be_visible()
    assert rows.count() >= 1 and all(r.get_attribute("data-hidden") == "false"
                                     for r in rows.all())
    reads = []  # the submission's reads: its stream of events, which pushes the verdict
    page.on("request", lambda r: reads.append(r.url) if "/api/v1/submissions/" in r.url else None)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "accepted", timeout=GRADING)
    expect(verdict(page)).to_contain_text("Accepted")
    assert reads and all(urlsplit(url).path.endswith("/events") for url in reads)
    assert page.locator("#results [data-testid='test-result'][data-hidden='true']").count() > 0
    page.get_by_role("link", name="Open this submission").click()
    expect(page.get_by_test_id("verdict")).to_contain_text("Accepted")
    page.goto("/")
    expect(page.locator('[data-slug="softmax"] [data-mark="solved"]')).to_be_visible()


def test_a_wrong_submission_names_its_bug(page: Page, learner: str):
    page.goto("/challenges/softmax")
    type_code(page, DIVIDES_BY_COUNT)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "wrong_answer", timeout=GRADING)
    expect(page.locator("#results [data-testid='diagnosis']").first).to_contain_text(
        "number of entries")


def test_the_lesson_heatmap_answers_clicks_and_the_causal_mask(page: Page):
    page.goto("/learn/attention-basics")
    heatmap = page.get_by_test_id("heatmap").first
    grid = heatmap.locator("table.heatmap-grid")
    expect(grid).to_be_visible()
    weights = lambda: grid.locator("td.cell").evaluate_all(  # noqa: E731
        "cells => cells.map(c => c.dataset.weight)")
    before = weights()
    row = grid.locator("tbody tr").nth(2)
    row.locator("button").click()
    expect(row).to_have_class(re.compile(r"\bselected\b"))
    expect(row.locator("button")).to_have_attribute("aria-pressed", "true")
    expect(heatmap.locator("[data-role='row-output']")).to_contain_text("=")
    heatmap.get_by_label(re.compile("Causal mask")).check()
    expect(grid.locator("td.cell.masked").first).to_be_visible()
    after = weights()
    assert after != before
    tokens = grid.locator("tbody tr").count()
    assert grid.locator("tbody tr").first.locator("td.cell.masked").count() == tokens - 1


def test_switching_to_korean_is_remembered(page: Page, learner: str):
    page.goto("/")
    page.get_by_test_id("locale-switch").get_by_role("button", name="한국어").click()
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    expect(page.get_by_role("link", name="배우기")).to_be_visible()
    page.get_by_role("link", name="소프트맥스", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("소프트맥스")
    expect(page.get_by_test_id("run-button")).to_have_text("실행")
    type_code(page, SOFTMAX)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_contain_text("공개 예제", timeout=GRADING)
    rows = page.locator("#results [data-testid='test-result']")
    expect(rows.first.locator(".test-name")).to_have_text("증가하는 로짓 세 개")
    type_code(page, DIVIDES_BY_COUNT)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_contain_text("오답", timeout=GRADING)
    failed = page.locator("#results [data-testid='test-result'][data-passed='false']")
    expect(failed.first.locator(".test-message")).to_contain_text("값이 기대 출력과 다릅니다")
    page.goto("/learn/attention-basics")
    expect(page.locator("html")).to_have_attribute("lang", "ko")


def open_prepared(page: Page, path: str) -> None:
    """Open a challenge page once its public examples exist (the catalog prepares at start)."""
    deadline = time.monotonic() + GRADING / 1000
    page.goto(path)
    while '"examples": []' in page.locator("#challenge-data").text_content():
        assert time.monotonic() < deadline, f"{path} still has no examples"
        time.sleep(1)
        page.reload()


def test_a_run_draws_the_learners_weights_then_the_fix_is_accepted(page: Page, learner: str):
    open_prepared(page, "/challenges/scaled-dot-product-attention")
    heatmap = page.locator("#challenge-heatmap")
    expect(heatmap.locator("[data-figure='reference']")).to_be_visible()
    expect(heatmap.locator("[data-figure='yours']")).to_have_count(0)
    type_code(page, UNSCALED)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_have_attribute("data-state", "fail", timeout=GRADING)
    yours = heatmap.locator("[data-figure='yours']")
    expect(yours).to_be_visible()
    # Without the scale, the lesson example's first token looks at itself with 0.42, not 0.40.
    expect(yours.locator("td.cell").first).to_have_attribute("data-weight", "0.4223")
    expect(heatmap.locator("[data-figure='difference'] td.cell.flagged").first).to_be_visible()
    type_code(page, SCALED)  # the fix: divide the scores by sqrt(d)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "accepted", timeout=GRADING)
    expect(yours.locator("td.cell").first).to_have_attribute("data-weight", "0.4011")
    expect(heatmap.locator("[data-figure='difference'] td.cell.flagged")).to_have_count(0)


def test_each_heatmap_draws_the_weights_read_off_its_own_reference(page: Page, learner: str):
    """The page computes no weights of its own: the causal mask shows as the reference's masked
    cells, and where the output is the weights (attention-weights) a run draws it beside them."""
    open_prepared(page, "/challenges/causal-attention")
    first_row = page.locator("#challenge-heatmap [data-figure='reference'] tbody tr").first
    expect(first_row.locator("td.cell").first).to_have_attribute("data-weight", "1")
    expect(first_row.locator("td.cell.masked")).to_have_count(2)
    open_prepared(page, "/challenges/attention-weights")
    heatmap = page.locator("#challenge-heatmap")
    reference = heatmap.locator("[data-figure='reference'] td.cell")
    expect(reference.first).to_have_attribute("data-weight", "0.4011")
    type_code(page, UNSCALED_WEIGHTS)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_have_attribute("data-state", "fail", timeout=GRADING)
    expect(heatmap.locator("[data-figure='yours'] td.cell").first).to_have_attribute(
        "data-weight", "0.4223")
    expect(heatmap.locator("[data-figure='difference'] td.cell.flagged").first).to_be_visible()


def test_markup_from_a_submission_stays_text(page: Page, learner: str):
    page.goto("/challenges/softmax")
    type_code(page, PRINTS_MARKUP)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_have_attribute("data-state", "pass", timeout=GRADING)
    printed = page.locator("#results pre", has_text="<script>")
    expect(printed).to_contain_text("<script>window.pwned = 1</script><img src=x")
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "accepted", timeout=GRADING)
    page.get_by_role("link", name="Open this submission").click()
    expect(page.locator("pre code")).to_contain_text("<script>window.pwned = 1</script>")
    for shown in ("/challenges/softmax", page.url):
        page.goto(shown)
        assert page.evaluate("window.pwned") is None
        assert page.locator("img[src='x']").count() == 0
