"""Accessibility in real Chromium: axe-core's WCAG 2.0 and 2.1 A and AA rules (names, labels,
contrast, landmarks, ARIA, keyboard access to scrolled content) on every page a learner meets,
in English and in Korean, on a desktop and at phone width; and nothing that forces sideways
scrolling on a phone.

axe-core comes from npm (a devDependency: `npm ci`). It is injected into each page by a browser
context that bypasses the pages' Content-Security-Policy, which would otherwise (rightly) refuse
a script the page did not name. Without node_modules/axe-core the axe tests skip, unless
ARENA_REQUIRE_BROWSER=1 makes that a failure. The phone-width tests need no axe and keep the CSP.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import PASSWORD, _unavailable
from tests.browser.steps import GRADING, UNSCALED

AXE = Path(__file__).resolve().parents[2] / "node_modules/axe-core/axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
DESKTOP = {"width": 1280, "height": 720}
PHONE = {"width": 320, "height": 700}  # WCAG 2.1 reflow: 320 CSS px wide
PHONE_TABS = 700  # at this width and below, a challenge's parts are tabs (workspace.js)
WIDTHS = {"desktop": DESKTOP, "phone": PHONE}
LOCALES = {"en": "en-US", "ko": "ko-KR"}

# What each page's script draws, to wait for before checking: the editor once CodeMirror is
# mounted, the typeset math, the lesson's heatmap table. The other pages have no script work.
EDITOR = "#editor[data-ready='true'] .cm-content"
STATEMENT_MATH = ".statement .katex"
SETTLED: dict[str, list[str]] = {
    "/": [],
    "/learn": [],
    "/learn/attention-basics": ["[data-testid='heatmap'] table.heatmap-grid", ".lesson .katex",
                                "[data-testid='lesson-cell'][data-ready='true'] .cm-content"],
    "/challenges/softmax": [EDITOR, STATEMENT_MATH],
    "/challenges/scaled-dot-product-attention": [EDITOR, STATEMENT_MATH],
    "/login": [],
    "/register": [],
    "/password/forgot": [],
    "/account": [],
}
VISITOR_PAGES = ["/", "/learn", "/learn/attention-basics", "/challenges/softmax",
                 "/challenges/scaled-dot-product-attention", "/login", "/register",
                 "/password/forgot"]
LEARNER_PAGES = ["/", "/account", "/challenges/softmax",
                 "/challenges/scaled-dot-product-attention"]

# Long enough that the submission's page shows it in a box that scrolls.
UNSCALED_LONG = UNSCALED + "\n" + "".join(f"# note {i}: the scores are not divided by sqrt(d)\n"
                                          for i in range(60))
# A token of every kind the editor colours: keywords, names, numbers, strings, f-strings,
# escapes, raw strings, bytes, comments, decorators.
COLOURFUL = ('import re\n\n@staticmethod\ndef softmax(row: list) -> list:\n'
             '    """every kind of token"""\n    total = 1.5e3  # a comment\n'
             '    print(f"{total=}\\n", r"\\d+", b"x", True, None, re.compile("a|b"))\n'
             '    return [x / total for x in row]\n')

_names = itertools.count(1)

# Runs axe on the document with the WCAG 2.0/2.1 A and AA rules and returns the violations, each
# cut to what a reader needs to fix it.
#
# One exception, a false positive: scrollable-region-focusable on CodeMirror's scroller
# (.cm-scroller, tabindex=-1). axe counts only tabbable descendants as "focusable content" and
# does not count the contenteditable .cm-content inside it, yet that is where Tab lands, and
# moving the caret scrolls the scroller (test_the_editor_scrolls_with_the_keyboard below
# checks both). axe's own fix for contenteditable (dequelabs/axe-core#2091) covers a scroller
# that is itself contenteditable, not one that holds it. Only that node is dropped; the rule
# still runs everywhere else on the page.
RUN_AXE = """async (tags) => {
  const results = await axe.run(document, {
    runOnly: { type: "tag", values: tags },
    resultTypes: ["violations"],
    elementRef: true,
  });
  const editorScroller = (node) => node.element instanceof Element
    && node.element.matches(".cm-scroller")
    && node.element.querySelector(".cm-content[contenteditable='true']") !== null;
  return results.violations
    .map((v) => v.id === "scrollable-region-focusable"
      ? { ...v, nodes: v.nodes.filter((n) => !editorScroller(n)) } : v)
    .filter((v) => v.nodes.length > 0)
    .map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "), html: n.html,
                                   summary: n.failureSummary || "" })),
    }));
}"""

# The outermost elements whose right edge passes the viewport's (or whose left edge is left of
# 0). A wide table that scrolls in its own box is fine: the page does not scroll sideways.
OVERFLOWING = """() => {
  const width = window.innerWidth;
  // Inside a box that scrolls or clips sideways, an element cannot widen the page (the box can,
  // and is then reported itself). A box clips a positioned element only from its containing
  // block up: an absolute one escapes every box below its offsetParent, a fixed one all.
  const contained = (el) => {
    const position = getComputedStyle(el).position;
    if (position === "fixed") return false;
    const first = position === "absolute" ? el.offsetParent : el.parentElement;
    for (let p = first; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== "visible") return true;
    }
    return false;
  };
  const out = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.right <= width + 0.5 && box.left >= -0.5) continue;
    if (contained(el) || out.some((o) => o.el.contains(el))) continue;
    const id = el.id ? "#" + el.id : "";
    const cls = typeof el.className === "string" && el.className.trim()
      ? "." + el.className.trim().split(/\\s+/).join(".") : "";
    out.push({ el, what: el.tagName.toLowerCase() + id + cls,
               left: Math.round(box.left), right: Math.round(box.right),
               text: (el.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 60) });
  }
  return out.slice(0, 15).map(({ el, ...rest }) => rest);
}"""


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """Return the path of axe-core's script, or skip (fail under CI) without it."""
    if not AXE.exists():
        _unavailable(f"axe-core is not installed ({AXE} is missing: npm ci)")
    return AXE


OpenPage = Callable[..., Page]


@pytest.fixture
def open_page(browser, live) -> Iterator[OpenPage]:
    """Open pages in fresh contexts of our own: a locale, a viewport, the CSP bypassed or not.

    Page errors fail the test; so do CSP violations where the CSP is kept.
    """
    contexts = []
    problems: list[str] = []

    def opener(locale: str = "en", *, viewport: dict | None = None,
               bypass_csp: bool = False) -> Page:
        context = browser.new_context(base_url=live.url, locale=LOCALES[locale],
                                      viewport=viewport or DESKTOP, bypass_csp=bypass_csp)
        context.set_default_timeout(15_000)
        contexts.append(context)
        opened = context.new_page()
        opened.on("console", lambda message: problems.append(message.text)
                  if "Content Security Policy" in message.text else None)
        opened.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        return opened

    yield opener
    for context in contexts:
        context.close()
    assert problems == [], problems


def register(page: Page) -> str:
    """Register a fresh learner through the form, in the page's language (which logs them in)."""
    username = f"a11y{os.getpid()}x{next(_names)}"
    page.goto("/register")
    page.locator("input[name='username']").fill(username)
    page.locator("input[name='password']").fill(PASSWORD)
    page.locator("input[name='confirm']").fill(PASSWORD)
    page.locator("main button[type='submit']").click()
    page.wait_for_url("**/")
    expect(page.locator(".site-nav a[href='/account']")).to_contain_text(username)
    return username


def visit(page: Page, path: str, locale: str) -> None:
    """Open `path` and wait until its script has drawn what it draws, in the expected language.
    (On a phone the editor is mounted in a tab not shown yet.)"""
    page.goto(path)
    expect(page.locator("html")).to_have_attribute("lang", locale)
    for selector in SETTLED[path]:
        expect(page.locator(selector).first).to_be_attached()
        if selector != EDITOR or page.viewport_size["width"] > PHONE_TABS:
            expect(page.locator(selector).first).to_be_visible()
    page.wait_for_load_state("networkidle")


def tab_reports(page: Page, axe_script: Path, where: str) -> list[str]:
    """On a phone, where the challenge page shows its parts as tabs: the report of each tab
    after the first (which the caller has checked), chosen as a learner would."""
    tabs = page.locator(".challenge-layout [role='tab']")
    if not tabs.first.is_visible():
        return []
    reports = []
    for tab in tabs.all()[1:]:
        tab.click()
        expect(tab).to_have_attribute("aria-selected", "true")
        reports.append(axe_report(page, axe_script, f"{where}, tab {tab.inner_text()}"))
    tabs.first.click()
    return [report for report in reports if report]


def visit_prepared(page: Page, path: str, locale: str) -> None:
    """Visit a challenge once its public examples exist (the server prepares them at start),
    so that its heatmap is drawn."""
    deadline = time.monotonic() + GRADING / 1000
    visit(page, path, locale)
    while '"examples": []' in page.locator("#challenge-data").text_content():
        assert time.monotonic() < deadline, f"{path} still has no examples"
        time.sleep(1)
        visit(page, path, locale)


def show_a_token(page: Page) -> None:
    """On /account: create a token, so that the one-time display and the token table show."""
    page.locator("[data-action='create-token']").click()
    expect(page.get_by_test_id("new-token")).to_be_visible()
    expect(page.locator("[data-action='revoke-token']").first).to_be_visible()


def format_violations(where: str, violations: list[dict]) -> str:
    """One paragraph per violated rule: id, impact, help, then the first offending elements."""
    lines = [f"axe found {len(violations)} violated rule(s) on {where}:"]
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']} [{v['helpUrl']}]")
        for node in v["nodes"][:5]:
            lines.append(f"    at {node['target']}: {node['html'][:160]}")
            summary = " ".join(node["summary"].split())
            if summary:
                lines.append(f"      {summary[:300]}")
        if len(v["nodes"]) > 5:
            lines.append(f"    ... and {len(v['nodes']) - 5} more element(s)")
    return "\n".join(lines)


def axe_violations(page: Page, axe_script: Path) -> list[dict]:
    """Inject axe-core (once per document) and return the WCAG A/AA violations of the page."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_script))
    assert page.evaluate("typeof window.axe?.run === 'function'"), "axe-core did not load"
    return page.evaluate(RUN_AXE, AXE_TAGS)


def axe_report(page: Page, axe_script: Path, where: str) -> str | None:
    """Return the failure text for the page's violations, or None when there are none."""
    violations = axe_violations(page, axe_script)
    return format_violations(where, violations) if violations else None


SETTLE_MS = 3_000  # how long a page may take to stop being wider than the viewport


def sideways_report(page: Page, where: str) -> str | None:
    """Return why the document is wider than the viewport (what sticks out), or None if not.

    A page still laying out (a font or an editor arriving) may be wider for a moment: the
    document gets SETTLE_MS to fit before it counts as scrolling sideways."""
    fits = "document.documentElement.scrollWidth <= window.innerWidth"
    try:
        page.wait_for_function(fits, timeout=SETTLE_MS)
        return None
    except PlaywrightTimeout:
        pass
    widths = page.evaluate("({ scroll: document.documentElement.scrollWidth,"
                           " inner: window.innerWidth })")
    if widths["scroll"] <= widths["inner"]:  # it fit just after the wait gave up
        return None
    lines = [f"{where} scrolls sideways at {widths['inner']} px: the document is "
             f"{widths['scroll']} px wide. What sticks out:"]
    for item in page.evaluate(OVERFLOWING):
        lines.append(f"- {item['what']} from {item['left']} to {item['right']} px: "
                     f"{item['text']!r}")
    return "\n".join(lines)


def at_phone_width(page: Page) -> None:
    """Narrow an open page to the phone's viewport and let it lay out again."""
    page.set_viewport_size(PHONE)
    page.wait_for_function(f"window.innerWidth === {PHONE['width']}")


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("locale", list(LOCALES))
@pytest.mark.parametrize("path", VISITOR_PAGES)
def test_axe_finds_nothing_for_a_visitor(open_page: OpenPage, axe_script: Path, path: str,
                                         locale: str, width: str):
    page = open_page(locale, viewport=WIDTHS[width], bypass_csp=True)
    visit(page, path, locale)
    where = f"{path} ({locale}, {width}, logged out)"
    reports = [axe_report(page, axe_script, where), *tab_reports(page, axe_script, where)]
    reports = [report for report in reports if report]
    assert reports == [], "\n\n".join(reports)


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("locale", list(LOCALES))
def test_axe_finds_nothing_for_a_learner(open_page: OpenPage, axe_script: Path, locale: str,
                                         width: str):
    page = open_page(locale, viewport=WIDTHS[width], bypass_csp=True)
    register(page)
    reports = []
    for path in LEARNER_PAGES:
        visit(page, path, locale)
        if path == "/":
            expect(page.locator(".track-progress progress").first).to_be_visible()
        if path == "/account":
            show_a_token(page)
        where = f"{path} ({locale}, {width}, logged in)"
        reports += [axe_report(page, axe_script, where), *tab_reports(page, axe_script, where)]
    reports = [report for report in reports if report]
    assert reports == [], "\n\n".join(reports)


def test_every_colour_the_editor_paints_code_in_reads_well(open_page: OpenPage,
                                                          axe_script: Path):
    """Learners write f-strings, escapes and raw strings: each colour the editor gives a token
    passes axe's contrast rule."""
    page = open_page("en", bypass_csp=True)
    register(page)
    visit(page, "/challenges/softmax", "en")
    page.evaluate("(code) => window.arena.editor.setCode(code)", COLOURFUL)
    expect(page.locator("#editor .cm-content")).to_contain_text("every kind of token")
    report = axe_report(page, axe_script, "the editor holding every kind of token")
    assert report is None, report


@pytest.mark.sandbox
@pytest.mark.parametrize("locale", list(LOCALES))
def test_axe_finds_nothing_after_grading(open_page: OpenPage, axe_script: Path, locale: str):
    """What a learner reads after Run and Submit: the verdict, the test rows with their values,
    the named bug, the three heatmaps, a hint; then the submission's own page. On a desktop and
    at phone width, where nothing may force sideways scrolling either."""
    page = open_page(locale, bypass_csp=True)
    register(page)
    visit_prepared(page, "/challenges/scaled-dot-product-attention", locale)
    expect(page.locator("#challenge-heatmap [data-figure='reference']")).to_be_visible()
    page.evaluate("(code) => window.arena.editor.setCode(code)", UNSCALED)
    expect(page.locator("#code")).to_have_value(UNSCALED)
    verdict = page.locator("#results [data-testid='verdict']")
    page.get_by_test_id("run-button").click()
    expect(page.locator("#results [data-testid='run-summary']")).to_have_attribute(
        "data-state", "fail", timeout=GRADING)
    expect(page.locator("#results [data-testid='diagnosis']").first).to_be_visible()
    expect(page.locator("#challenge-heatmap [data-figure='difference']")).to_be_visible()
    page.locator("[data-action='next-hint']").click()
    expect(page.locator("#hints li:not([hidden])").first).to_be_visible()
    reports = [axe_report(page, axe_script, f"a graded run ({locale}, desktop)")]
    at_phone_width(page)
    reports += [axe_report(page, axe_script, f"a graded run ({locale}, phone)"),
                *tab_reports(page, axe_script, f"a graded run ({locale}, phone)"),
                sideways_report(page, f"a graded run ({locale})")]

    page.set_viewport_size(DESKTOP)
    page.evaluate("(code) => window.arena.editor.setCode(code)", UNSCALED_LONG)
    page.get_by_test_id("submit-button").click()
    expect(verdict).to_have_attribute("data-verdict", "wrong_answer", timeout=GRADING)
    page.locator("#results a[href^='/submissions/']").click()
    expect(page.get_by_test_id("verdict")).to_have_attribute("data-verdict", "wrong_answer")
    assert page.locator("section.code").evaluate(
        "code => [...code.querySelectorAll('*')].some((box) => box.scrollHeight > box.clientHeight"
        " && getComputedStyle(box).overflowY !== 'visible')"), \
        "the submitted code does not scroll in a box of its own: make it longer"
    reports.append(axe_report(page, axe_script, f"a submission's page ({locale}, desktop)"))
    at_phone_width(page)
    reports += [axe_report(page, axe_script, f"a submission's page ({locale}, phone)"),
                sideways_report(page, f"a submission's page ({locale})")]
    reports = [report for report in reports if report]
    assert reports == [], "\n\n".join(reports)


@pytest.mark.parametrize("locale", list(LOCALES))
@pytest.mark.parametrize("path", VISITOR_PAGES)
def test_no_sideways_scrolling_at_phone_width(open_page: OpenPage, path: str, locale: str):
    page = open_page(locale, viewport=PHONE)
    visit(page, path, locale)
    assert page.evaluate("window.innerWidth") == PHONE["width"]
    report = sideways_report(page, f"{path} ({locale}, logged out)")
    assert report is None, report


@pytest.mark.parametrize("locale", list(LOCALES))
def test_no_sideways_scrolling_at_phone_width_for_a_learner(open_page: OpenPage, locale: str):
    page = open_page(locale, viewport=PHONE)
    register(page)
    reports = []
    for path in LEARNER_PAGES:
        visit(page, path, locale)
        if path == "/account":
            show_a_token(page)  # the token: one long word
        reports.append(sideways_report(page, f"{path} ({locale}, logged in)"))
    reports = [report for report in reports if report]
    assert reports == [], "\n\n".join(reports)


def test_the_editor_scrolls_with_the_keyboard(open_page: OpenPage):
    """The premise of the one exception in RUN_AXE: Tab reaches the editor's text (on a phone,
    from its tab), and the caret brings a line below the editor's bottom into view. Lines wrap,
    so the editor never scrolls sideways."""
    page = open_page("en", viewport=PHONE)
    visit(page, "/challenges/softmax", "en")
    page.locator("[role='tab'][data-tab='code']").click()
    scroller = page.locator("#editor .cm-scroller")
    page.evaluate("(code) => window.arena.editor.setCode(code)",
                  "".join(f"x{i} = {i}  # a line of a long file\n" for i in range(200)))
    assert scroller.evaluate("s => s.scrollHeight > s.clientHeight"), \
        "the code fits the editor: nothing to scroll to"
    page.locator("[role='tab'][data-tab='code']").focus()  # the control before the editor
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('#editor .cm-content')"), \
        "Tab from the code tab does not reach the editor"
    page.keyboard.press("Control+Home")
    assert scroller.evaluate("s => s.scrollTop") == 0
    for _ in range(60):
        page.keyboard.press("ArrowDown")
    page.wait_for_function("s => s.scrollTop > 0", arg=scroller.element_handle(), timeout=5_000)
    assert scroller.evaluate("s => s.scrollWidth <= s.clientWidth"), "a line runs past the edge"


def test_a_formula_wider_than_the_screen_takes_focus_only_then(open_page: OpenPage):
    """A display formula too wide for a phone scrolls in its own box, which then takes focus so
    the arrow keys scroll it; at desktop width no formula adds a stop to the Tab order."""
    page = open_page("en", viewport=PHONE)
    visit(page, "/learn/attention-basics", "en")
    wide = page.locator(".katex-display[tabindex='0']")
    expect(wide.first).to_be_attached()
    assert wide.first.evaluate("box => box.scrollWidth > box.clientWidth")
    wide.first.focus()
    for _ in range(10):
        page.keyboard.press("ArrowRight")
    # Chromium scrolls by keyboard smoothly, in frames: wait for the box to move.
    page.wait_for_function("box => box.scrollLeft > 0", arg=wide.first.element_handle(),
                           timeout=5_000)
    page.set_viewport_size(DESKTOP)
    expect(page.locator(".katex-display[tabindex]")).to_have_count(0)


def test_the_checks_report_what_they_find(open_page: OpenPage, axe_script: Path):
    """The harness itself: a field without a label, pale text and a too-wide box are found and
    named, so that a passing run above means something."""
    page = open_page("en", viewport=PHONE, bypass_csp=True)
    visit(page, "/login", "en")
    assert axe_violations(page, axe_script) == []
    assert sideways_report(page, "/login") is None
    page.evaluate("""() => {
      const main = document.querySelector("main");
      const field = document.createElement("input");
      field.id = "unlabelled";
      const pale = document.createElement("p");
      pale.id = "pale";
      pale.textContent = "Hard to read";
      pale.style.color = "#c0c0c0";
      const wide = document.createElement("div");
      wide.id = "too-wide";
      wide.textContent = "A box wider than a phone";
      wide.style.width = "600px";
      main.append(field, pale, wide);
    }""")
    violations = axe_violations(page, axe_script)
    assert {"label", "color-contrast"} <= {v["id"] for v in violations}
    text = format_violations("/login", violations)
    assert "#unlabelled" in text and "#pale" in text and "(serious)" in text
    report = sideways_report(page, "/login")
    assert report is not None and "div#too-wide" in report
