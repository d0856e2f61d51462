"""The learner's workspace on the challenge page: drafts kept on the server per learner (a
shared browser never shows one learner's code to the next; another device gets it back), the
submissions list that follows each Submit, opening a submission's code in the editor, an
editor as tall as the viewport whose lines wrap, and the phone's tabs."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PASSWORD, register
from tests.browser.steps import GRADING, SOFTMAX, run_summary, type_code, verdict

MINE = "def softmax(row): return row  # learner A was here"
DRAFT_PUT = re.compile(r"/api/v1/challenges/softmax/draft$")


def log_in(page: Page, username: str) -> None:
    page.goto("/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name=f"Account ({username})")).to_be_visible()


def log_out(page: Page) -> None:
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()


def open_softmax(page: Page, query: str = "") -> None:
    page.goto(f"/challenges/softmax{query}")
    expect(page.locator("#editor")).to_have_attribute("data-ready", "true")


def editor_text(page: Page) -> str:
    return page.evaluate("window.arena.editor.getCode()")


def starter(page: Page) -> str:
    return page.evaluate("document.getElementById('code').defaultValue")


def type_and_save(page: Page, code: str) -> None:
    """Type `code` and wait until the server has acknowledged it as the draft."""
    with page.expect_response(lambda r: bool(DRAFT_PUT.search(r.url))
                              and r.request.method == "PUT" and r.ok
                              and r.request.post_data_json == {"code": code}):
        type_code(page, code)


def local_drafts(page: Page) -> list[str]:
    return page.evaluate(
        "Object.keys(localStorage).filter((key) => key.startsWith('arena:draft:'))")


def test_a_shared_browser_keeps_each_learners_draft_to_themselves(page: Page, browser, live):
    ann = register(page)
    open_softmax(page)
    first = starter(page)
    type_and_save(page, MINE)
    assert local_drafts(page)  # the local copy, keyed by the learner
    log_out(page)
    assert local_drafts(page) == []  # logging out cleared it

    # Another learner on the same browser sees the starter, not ann's code.
    register(page)
    open_softmax(page)
    assert editor_text(page) == first
    expect(page.locator(".editor-notice")).to_have_text("")
    log_out(page)

    # Ann gets her draft back from the server, on this browser and on another device.
    log_in(page, ann)
    open_softmax(page)
    assert editor_text(page) == MINE
    expect(page.locator(".editor-notice")).to_contain_text("saved on the server was restored")
    other = browser.new_context(base_url=live.url, locale="en-US")
    try:
        device = other.new_page()
        log_in(device, ann)
        open_softmax(device)
        assert editor_text(device) == MINE
    finally:
        other.close()


def test_unsaved_edits_survive_and_a_newer_draft_from_elsewhere_wins(page: Page, browser,
                                                                     live):
    ann = register(page)
    open_softmax(page)
    type_and_save(page, MINE)
    # The server is out of reach: the edit stays in this browser only.
    page.route("**/api/v1/challenges/softmax/draft", lambda route: route.abort())
    offline = MINE + " and offline"
    type_code(page, offline)
    page.wait_for_function(
        "(code) => Object.keys(localStorage).some((key) => key.startsWith('arena:draft:')"
        " && JSON.parse(localStorage.getItem(key)).code === code)", arg=offline)
    page.unroute("**/api/v1/challenges/softmax/draft")
    with page.expect_response(lambda r: bool(DRAFT_PUT.search(r.url)) and r.ok):
        open_softmax(page)  # the local copy is newer than the server's draft, and is sent
    assert editor_text(page) == offline
    expect(page.locator(".editor-notice")).to_contain_text("unsaved edits from this browser")

    # Another device saves later: its draft wins over an older local copy here.
    page.route("**/api/v1/challenges/softmax/draft", lambda route: route.abort())
    type_code(page, MINE + " and stale here")
    page.wait_for_timeout(400)  # the local copy is written 250 ms after the last keystroke
    page.unroute("**/api/v1/challenges/softmax/draft")
    other = browser.new_context(base_url=live.url, locale="en-US")
    try:
        device = other.new_page()
        log_in(device, ann)
        open_softmax(device)
        type_and_save(device, MINE + " and on the laptop")
    finally:
        other.close()
    open_softmax(page)
    assert editor_text(page) == MINE + " and on the laptop"
    expect(page.locator(".editor-notice")).to_contain_text("saved on the server was restored")


@pytest.mark.sandbox
def test_a_submit_joins_the_list_and_any_submission_opens_in_the_editor(page: Page):
    register(page)
    open_softmax(page)
    history = page.locator("section.history")
    expect(history.get_by_text("None yet.")).to_be_visible()
    type_code(page, SOFTMAX)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "accepted", timeout=GRADING)
    rows = history.locator("tbody tr")
    expect(rows).to_have_count(1)
    expect(history.get_by_text("None yet.")).to_be_hidden()
    expect(rows.first).to_contain_text("Accepted")
    link = rows.first.locator("td").first.get_by_role("link")
    submission_id = link.inner_text()
    assert link.get_attribute("href") == f"/submissions/{submission_id}"

    type_code(page, MINE)  # the draft moves on from what was submitted
    rows.first.get_by_role("link", name="Open in editor").click()
    page.wait_for_url(f"**/challenges/softmax?submission={submission_id}")
    expect(page.locator("#editor")).to_have_attribute("data-ready", "true")
    assert editor_text(page) == SOFTMAX
    expect(page.locator(".editor-notice")).to_contain_text(
        f"The code of submission {submission_id} is in the editor")

    # From the submission's own page too; a reload keeps the list (the server's rows).
    open_softmax(page)
    assert editor_text(page) == MINE
    expect(history.locator("tbody tr")).to_have_count(1)
    page.goto(f"/submissions/{submission_id}")
    page.get_by_role("link", name="Open in editor").click()
    expect(page.locator("#editor")).to_have_attribute("data-ready", "true")
    assert editor_text(page) == SOFTMAX


def test_another_learners_submission_does_not_open(page: Page, browser, live):
    register(page)
    open_softmax(page, "?submission=1")  # someone else's (or no one's): the draft stays
    assert editor_text(page) == starter(page)
    expect(page.locator(".editor-notice")).to_have_text("")


SLUGS_JS = """() => [...document.querySelectorAll('a[href^="/challenges/"]')]
    .map((a) => new URL(a.href).pathname.split('/')[2])"""


def test_at_1280_px_the_editor_is_tall_resizable_and_wraps_every_starter(page: Page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    slugs = sorted(set(page.evaluate(SLUGS_JS)))
    assert len(slugs) >= 3
    for slug in slugs:
        page.goto(f"/challenges/{slug}")
        expect(page.locator("#editor")).to_have_attribute("data-ready", "true")
        scroller = page.evaluate("""() => {
            const s = document.querySelector('#editor .cm-scroller');
            return {scroll: s.scrollWidth, client: s.clientWidth,
                    wrapping: document.querySelector('#editor .cm-content')
                        .classList.contains('cm-lineWrapping')};
        }""")
        assert scroller["wrapping"], slug
        assert scroller["scroll"] <= scroller["client"], (slug, scroller)
    box = page.locator("#editor").bounding_box()
    assert box["height"] >= 0.6 * 800
    assert page.locator("#editor").evaluate("(e) => getComputedStyle(e).resize") == "vertical"
    # Beside the statement, not under it.
    statement = page.locator(".statement").bounding_box()
    assert box["x"] > statement["x"] + statement["width"] - 1
    expect(page.locator('[role="tablist"]')).to_be_hidden()
    # A drag on the corner (here, the height it sets) gives the code more room.
    page.locator("#editor").evaluate("(e) => { e.style.height = '700px'; }")
    page.wait_for_timeout(100)
    assert page.locator("#editor .cm-editor").bounding_box()["height"] > 650


@pytest.mark.sandbox
def test_at_390_px_statement_code_and_results_are_tabs(page: Page):
    page.set_viewport_size({"width": 390, "height": 844})
    register(page)
    open_softmax(page)
    tabs = page.get_by_role("tablist")
    expect(tabs).to_be_visible()
    statement_tab = tabs.get_by_role("tab", name="Statement")
    code_tab = tabs.get_by_role("tab", name="Code")
    results_tab = tabs.get_by_role("tab", name="Results")
    expect(statement_tab).to_have_attribute("aria-selected", "true")
    expect(page.locator(".statement")).to_be_visible()
    expect(page.locator("#editor")).to_be_hidden()
    # The code tab is in sight at the top, without scrolling past the statement.
    assert code_tab.bounding_box()["y"] + code_tab.bounding_box()["height"] < 844
    code_tab.click()
    expect(code_tab).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("tabpanel")).to_have_attribute("aria-labelledby", "tab-code")
    expect(page.locator("#editor")).to_be_visible()
    expect(page.locator(".statement")).to_be_hidden()
    # Arrow keys move between the tabs (and wrap around).
    code_tab.focus()
    page.keyboard.press("ArrowRight")
    expect(results_tab).to_be_focused()
    expect(results_tab).to_have_attribute("aria-selected", "true")
    page.keyboard.press("ArrowRight")
    expect(statement_tab).to_be_focused()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(code_tab).to_have_attribute("aria-selected", "true")
    # A Run ends on the results tab.
    type_code(page, SOFTMAX)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_have_attribute("data-state", "pass", timeout=GRADING)
    expect(results_tab).to_have_attribute("aria-selected", "true")
    expect(run_summary(page)).to_be_visible()
    expect(page.locator("#editor")).to_be_hidden()
    # Wider again: every part shows, and no tabs.
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(tabs).to_be_hidden()
    expect(page.locator("#editor")).to_be_visible()
    expect(page.locator(".statement")).to_be_visible()


def test_the_logout_answer_alone_clears_the_browsers_drafts_and_keeps_the_language(
        page: Page):
    register(page)
    open_softmax(page)
    page.get_by_role("button", name="한국어").click()  # the language lives in a cookie
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    page.evaluate("localStorage.setItem('arena:draft:visitor:softmax', "
                  "JSON.stringify({code: 'x = 1', base: null, synced: false}))")
    # form.submit() sends the form without its submit event: the page's script does not run,
    # only the server's Clear-Site-Data header can clear the storage.
    page.evaluate("document.querySelector('[data-action=\"logout\"]').form.submit()")
    expect(page.locator(".site-nav a[href='/login']")).to_be_visible()
    assert local_drafts(page) == []
    expect(page.locator("html")).to_have_attribute("lang", "ko")
