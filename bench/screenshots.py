"""Regenerate the README's screenshots under docs/screenshots/, in Debian's Chromium.

Starts a real `arena serve` (process sandbox, SQLite in a fresh data folder) on loopback, as
bench/page_load.py does, creates a learner through the CLI, solves `softmax` through the API as
that learner, logs in through the /login form, and writes (1280x900 viewport, PNG):
  lesson.png               the first lesson, its heatmap with a row selected and the causal
                           mask on
  catalog.png              the catalog with the learner's progress
  challenge-graded.png     scaled-dot-product-attention after a wrong submission (no 1/sqrt(d)):
                           the verdict, one row per test and the named bug
  challenge-ko.png         the same page in Korean, chosen with the locale switch, graded again
Usage: .venv/bin/python bench/screenshots.py [--out-dir docs/screenshots]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

from live_server import ROOT, Server
from page_load import check_prerequisites, launch, log_in, new_context

SOFTMAX = (ROOT / "challenges" / "softmax" / "reference.py").read_text()
# Scaled dot-product attention as a learner might first write it: the scores Q K^T are never
# divided by sqrt(d). The hidden tests name this bug.
NO_SCALING = '''import math


def attention(Q, K, V):
    out = []
    for q in Q:
        scores = [sum(a * b for a, b in zip(q, k)) for k in K]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        weights = [e / total for e in exps]
        out.append([sum(w * v[c] for w, v in zip(weights, V)) for c in range(len(V[0]))])
    return out
'''
GRADING = 300_000  # ms
GRADED_HEIGHT = 1500  # px: the verdict, the public examples and the first hidden tests
LIMIT = 400 * 1024  # bytes: a picture larger than this is reported


def shoot(page, path: Path, height: int | None = None) -> None:
    """Write a PNG of the viewport, or of the page from its top down to `height` px."""
    if height is None:
        page.screenshot(path=path, type="png")
    else:
        height = min(height, page.evaluate("document.documentElement.scrollHeight"))
        page.screenshot(path=path, type="png", full_page=True,
                        clip={"x": 0, "y": 0, "width": page.viewport_size["width"],
                              "height": height})
    size = path.stat().st_size
    print(f"{path}: {size // 1024} KB" + (" (over 400 KB)" if size > LIMIT else ""))


def settle(page) -> None:
    """Wait for the fonts, then for two frames, so the picture is the finished page."""
    page.evaluate("document.fonts.ready.then(() => new Promise(r => requestAnimationFrame("
                  "() => requestAnimationFrame(r))))")


def lesson(page, out: Path) -> None:
    page.goto("/learn/attention-basics")
    heatmap = page.get_by_test_id("heatmap").first
    grid = heatmap.locator("table.heatmap-grid")
    grid.wait_for()
    row = grid.locator("tbody tr").nth(2)
    row.locator("button").click()
    heatmap.get_by_label(re.compile("Causal mask")).check()
    grid.locator("td.cell.masked").first.wait_for()
    heatmap.locator("[data-role='row-output']").filter(has_text="=").wait_for()
    # The heatmap below the heading of its section ("Try it"), at the top of the viewport.
    heatmap.evaluate("""node => {
      let heading = node;
      while (heading.previousElementSibling && heading.tagName !== "H2") {
        heading = heading.previousElementSibling;
      }
      window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 24);
    }""")
    settle(page)
    shoot(page, out / "lesson.png")


def catalog(page, out: Path) -> None:
    page.goto("/")
    page.locator('[data-slug="softmax"] [data-mark="solved"]').wait_for()
    settle(page)
    shoot(page, out / "catalog.png", height=900 * 2)


def submit_wrong(page) -> None:
    """Put the unscaled attention in the editor, submit it and wait for the named bug."""
    page.locator('[data-testid="editor"][data-ready="true"]').wait_for()
    page.evaluate("code => window.arena.editor.setCode(code)", NO_SCALING)
    page.get_by_test_id("submit-button").click()
    page.locator("#results [data-testid='verdict'][data-verdict='wrong_answer']").wait_for(
        timeout=GRADING)
    page.locator("#results [data-testid='diagnosis']").first.wait_for()


def challenge(page, out: Path) -> None:
    page.goto("/challenges/scaled-dot-product-attention")
    page.locator(".statement .katex").first.wait_for()
    submit_wrong(page)
    settle(page)
    shoot(page, out / "challenge-graded.png", height=GRADED_HEIGHT)

    page.get_by_test_id("locale-switch").locator("button[value=ko]").click()
    page.wait_for_function("document.documentElement.lang === 'ko'")
    page.locator(".statement .katex").first.wait_for()
    submit_wrong(page)
    settle(page)
    shoot(page, out / "challenge-ko.png", height=GRADED_HEIGHT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    check_prerequisites()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        server = Server(folder)
        try:
            solved = server.submit("softmax", SOFTMAX)
            assert solved["verdict"] == "accepted", solved
            with sync_playwright() as playwright:
                browser = launch(playwright)
                try:
                    context = new_context(browser, server)
                    page = context.new_page()
                    log_in(page)
                    lesson(page, args.out_dir)
                    challenge(page, args.out_dir)  # marks it attempted: the catalog shows both
                    page.get_by_test_id("locale-switch").get_by_role(
                        "button", name="English").click()
                    page.wait_for_function("document.documentElement.lang === 'en'")
                    catalog(page, args.out_dir)
                    problems = context.problems
                finally:
                    browser.close()
        finally:
            server.stop()
    for problem in problems:
        print(f"page reported: {problem}", file=sys.stderr)


if __name__ == "__main__":
    main()
