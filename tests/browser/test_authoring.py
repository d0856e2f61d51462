"""An instructor writes a challenge in the browser, proves its tests strong enough and publishes
it; a learner then solves it. In real Chromium, against a live server and its sandbox."""

from __future__ import annotations

import itertools
import os
import re

import pytest
import requests
from playwright.sync_api import Page, expect

from bench.live_server import wait_until
from tests.browser.conftest import PASSWORD, _unavailable
from tests.browser.steps import GRADING, type_code, verdict
from tests.browser.test_accessibility import AXE, at_phone_width, axe_report, sideways_report

pytestmark = pytest.mark.sandbox

SLUG = "row-max"
STATEMENT_EN = """# Row max

Write `row_max(matrix)`: for each row of `matrix` (a list of rows), return its largest entry,
$m_i = \\max_j a_{ij}$.

$$\\operatorname{row\\_max}([[1, 3], [4, 2]]) = [3, 4]$$
"""
STATEMENT_KO = """# 행 최댓값

`row_max(matrix)`를 작성하세요. 각 행에서 가장 큰 원소 $m_i = \\max_j a_{ij}$를 돌려줍니다.
"""
STARTER = ('def row_max(matrix):\n    """Return the largest entry of each row."""\n'
           "    return [0.0 for _ in matrix]\n")
REFERENCE = "def row_max(matrix):\n    return [max(row) for row in matrix]\n"
CASES = """def cases():
    return [
        {"name": {"en": "two rows", "ko": "두 행"}, "args": [[[1.0, 3.0, 2.0], [4.0, 0.5, 1.5]]],
         "public": True},
        {"name": {"en": "one row", "ko": "한 행"}, "args": [[[2.0, 7.0]]]},
        {"name": {"en": "one column", "ko": "열 하나"}, "args": [[[5.0], [6.0]]]},
    ]
"""
NEGATIVE_CASE = """        {"name": {"en": "only negative entries", "ko": "음수만 있는 행"},
         "args": [[[-3.0, -1.0, -2.0]]]},
    ]
"""
# Wrong only where a row has no positive entry: the three cases above do not catch it.
MUTANT = """def row_max(matrix):
    result = []
    for row in matrix:
        best = 0.0
        for x in row:
            if x > best:
                best = x
        result.append(best)
    return result
"""
SOLUTION = "def row_max(matrix): return [max(r) for r in matrix]"
_names = itertools.count(1)


def make_user(live, role: str) -> str:
    """Create a user with the shared password; return the username."""
    username = f"{role}{os.getpid()}x{next(_names)}"
    created = live.cli("users", "create", username, "--role", role, "--password-stdin",
                       stdin=f"{PASSWORD}\n")
    assert created.returncode == 0, created.stderr
    return username


def log_in(page: Page, username: str) -> None:
    """Log in through the form, in any language."""
    page.goto("/login")
    page.locator("input[name='username']").fill(username)
    page.locator("input[name='password']").fill(PASSWORD)
    page.locator("main button[type='submit']").click()
    expect(page.locator(".site-nav a[href='/account']")).to_contain_text(username)


def put_code(page: Page, editor, code: str) -> None:
    """Replace the text of one of the page's code editors, as a paste would."""
    editor.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(code)
    expect(editor.locator("textarea")).to_have_value(code)  # the textarea follows


def code_editor(page: Page, file: str):
    return page.locator(f".code-editor[data-code='{file}']")


def open_new_challenge(page: Page) -> None:
    """Go from the site's navigation to the editor of a new challenge."""
    page.get_by_role("link", name="Instructor", exact=True).click()
    page.get_by_role("link", name="New challenge").click()
    expect(page.locator("#author-form")).to_have_attribute("data-ready", "true")


def fill_challenge(page: Page) -> None:
    """Fill the form over its template: metadata, statements, code, the mutant and its
    explanation (the template's editorial stays)."""
    page.get_by_label("Slug").fill(SLUG)
    page.get_by_label("Entry point").fill("row_max")
    page.get_by_label("Title in English", exact=True).fill("Row max")
    page.get_by_label("Title in Korean", exact=True).fill("행 최댓값")
    page.get_by_label("Difficulty").select_option("easy")
    page.get_by_label("Track", exact=True).fill("foundations")
    page.get_by_label("Order in the track").fill("90")
    page.get_by_label("Hints in English").fill("Python's max() takes a list.")
    page.get_by_label("Hints in Korean").fill("파이썬의 max()는 리스트를 받습니다.")
    page.get_by_label("Statement in English").fill(STATEMENT_EN)
    page.get_by_label("Statement in Korean").fill(STATEMENT_KO)
    put_code(page, code_editor(page, "starter.py"), STARTER)
    put_code(page, code_editor(page, "reference.py"), REFERENCE)
    put_code(page, code_editor(page, "cases.py"), CASES)
    mutant = page.locator(".mutant").first  # the template's, renamed
    mutant.get_by_label("Name").fill("starts_at_zero")
    mutant.get_by_label("Explanation in English").fill(
        "Your maximum starts from 0 instead of the row's first entry, so a row of negative "
        "numbers gives 0.")
    mutant.get_by_label("Explanation in Korean").fill(
        "최댓값을 행의 첫 원소가 아니라 0에서 시작해서, 음수만 있는 행에서는 0이 나옵니다.")
    put_code(page, mutant.locator(".code-editor"), MUTANT)


class Author:
    """An instructor on the API: a token, and the steps that need no page."""

    def __init__(self, live) -> None:
        self.username = make_user(live, "instructor")
        issued = live.cli("tokens", "create", self.username)
        self.api = requests.Session()
        self.api.headers["Authorization"] = f"Bearer {issued.stdout.strip().splitlines()[-1]}"
        self.url = f"{live.url}/api/v1/challenges"

    def upload(self, files: dict[str, str], slug: str | None = None) -> None:
        """Create the challenge (or, given its slug, replace its draft)."""
        sent = (self.api.put(f"{self.url}/{slug}", json={"files": files}, timeout=30) if slug
                else self.api.post(self.url, json={"files": files}, timeout=30))
        assert sent.ok, sent.text

    def validate_and_publish(self, slug: str) -> None:
        assert self.api.post(f"{self.url}/{slug}/validate", timeout=30).status_code == 202
        wait_until(lambda: self.api.get(f"{self.url}/{slug}/validation", timeout=30).json()[
            "status"] == "done", GRADING / 1000, f"{slug} validated")
        published = self.api.post(f"{self.url}/{slug}/publish", json={}, timeout=30)
        assert published.ok, published.text


def with_slug(files: dict[str, str], slug: str) -> dict[str, str]:
    return {**files, "challenge.toml": files["challenge.toml"].replace(
        'slug = "running-max"', f'slug = "{slug}"')}


def strength_row(page: Page):
    return page.get_by_test_id("strength-table").locator("tbody tr[data-mutant='starts_at_zero']")


def test_problems_of_a_save_are_shown_beside_their_file(page: Page, live):
    log_in(page, make_user(live, "instructor"))
    open_new_challenge(page)
    fill_challenge(page)
    page.get_by_label("Slug").fill("broken-cases")
    put_code(page, code_editor(page, "cases.py"), "def cases(:\n    return []\n")
    page.get_by_role("button", name="Save").click()
    problem = page.locator("[data-problems-for='cases.py'] li")
    expect(problem.first).to_contain_text("line 1")
    expect(page.locator("#author-status")).to_contain_text("Not saved")
    expect(page.get_by_test_id("author-publish")).to_be_disabled()


def test_write_validate_strengthen_publish_then_a_learner_solves_it(page: Page, live):
    log_in(page, make_user(live, "instructor"))
    open_new_challenge(page)
    fill_challenge(page)
    preview = page.locator("#preview-en")
    expect(preview.locator("h2, h1")).to_have_count(0)  # the title is the page's, not the text's
    expect(preview.locator(".katex").first).to_be_visible()  # the math is typeset live
    expect(page.locator("#preview-ko")).to_contain_text("가장 큰 원소")

    expect(page.get_by_role("radio", name="Private to my courses")).to_be_checked()
    page.get_by_role("radio", name="Public", exact=True).check()  # the learner is in no course

    page.get_by_test_id("author-validate").click()
    expect(page).to_have_url(f"{live.url}/instructor/challenges/{SLUG}")
    expect(page.locator("#validation")).to_have_attribute("data-status", "done", timeout=GRADING)
    problems = page.get_by_test_id("validation-problems")
    expect(problems.locator("li").first).to_contain_text(
        "cases.py: line 1: mutant starts_at_zero passes every hidden case")
    table = page.get_by_test_id("strength-table")
    assert problems.bounding_box()["y"] < table.bounding_box()["y"]  # above the mutants
    expect(strength_row(page)).to_have_attribute("data-killed", "false")
    expect(strength_row(page)).to_contain_text("Survived")
    expect(page.locator("#validation")).to_have_attribute("data-valid", "false")
    expect(page.get_by_test_id("author-publish")).to_be_disabled()

    put_code(page, code_editor(page, "cases.py"), CASES.replace("    ]\n", NEGATIVE_CASE))
    page.get_by_test_id("author-validate").click()
    expect(page.locator("#validation")).to_have_attribute("data-valid", "true", timeout=GRADING)
    expect(strength_row(page)).to_have_attribute("data-killed", "true")
    expect(strength_row(page)).to_have_attribute("data-named", "true")
    expect(page.get_by_test_id("author-publish")).to_be_enabled()
    page.get_by_test_id("author-publish").click()
    expect(page.locator("#author-status")).to_contain_text("Published")
    expect(page.locator("#versions tbody tr[data-status='published']")).to_have_count(1)

    page.get_by_role("button", name="Log out").click()
    log_in(page, make_user(live, "student"))
    page.goto("/")
    page.get_by_role("link", name="Row max", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Row max")
    type_code(page, SOLUTION)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "accepted", timeout=GRADING)


@pytest.mark.parametrize("locale", ["en-US", "ko-KR"])
def test_axe_finds_nothing_on_the_instructors_pages(browser, live, tiny_files, locale):
    """The list, the editor after a validation (strength table, problems, versions) and the
    preview: WCAG A/AA by axe-core (the CSP bypassed to inject it), and no sideways scrolling
    at phone width."""
    if not AXE.exists():
        _unavailable(f"axe-core is not installed ({AXE} is missing: npm ci)")
    author = Author(live)
    slug = f"running-max-{locale.lower()}"
    author.upload(with_slug(tiny_files, slug))
    context = browser.new_context(base_url=live.url, locale=locale, bypass_csp=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, author.username)
    reports = []
    page.goto("/instructor")
    reports.append(axe_report(page, AXE, f"/instructor ({locale})"))
    page.goto(f"/instructor/challenges/{slug}")
    expect(page.locator("#author-form")).to_have_attribute("data-ready", "true")
    page.get_by_test_id("author-validate").click()
    expect(page.locator("#validation")).to_have_attribute("data-status", "done", timeout=GRADING)
    expect(page.locator("#validation-problems li").first).to_be_visible()
    reports.append(axe_report(page, AXE, f"the editor ({locale})"))
    page.goto(f"/instructor/challenges/{slug}/preview")
    expect(page.locator("#editor")).to_have_attribute("data-ready", "true")
    reports.append(axe_report(page, AXE, f"the preview ({locale})"))
    at_phone_width(page)
    for path, ready in (("/instructor", None), (f"/instructor/challenges/{slug}", "#author-form")):
        page.goto(path)
        if ready:  # measured once laid out: before its editor mounts, a page can be wider
            expect(page.locator(ready)).to_have_attribute("data-ready", "true")
        reports.append(sideways_report(page, f"{path} ({locale})"))
    context.close()
    assert [report for report in reports if report] == []


def test_an_earlier_published_version_is_published_again(page: Page, live, tiny_valid_files):
    author = Author(live)
    slug = "running-max-rollback"
    first = with_slug(tiny_valid_files, slug)
    author.upload(first)
    author.validate_and_publish(slug)
    author.upload({**first, "statement.en.md": first["statement.en.md"] + "\nNow longer.\n"}, slug)
    author.validate_and_publish(slug)
    log_in(page, author.username)
    page.goto(f"/instructor/challenges/{slug}")
    expect(page.locator("#author-form")).to_have_attribute("data-ready", "true")
    version = lambda n: page.locator(f"#versions tr[data-version='{n}']")  # noqa: E731
    expect(version(2)).to_have_attribute("data-status", "published")
    expect(version(1)).to_have_attribute("data-status", "retired")
    page.get_by_role("button", name="Publish version 1 again").click()
    expect(page.locator("#author-status")).to_contain_text("Version 1 is published again")
    expect(version(1)).to_have_attribute("data-status", "published")
    expect(version(2)).to_have_attribute("data-status", "retired")
    expect(page.get_by_role("button", name="Publish version 2 again")).to_be_visible()


def test_an_editorial_is_written_previewed_and_checked_beside_its_file(page: Page, live):
    log_in(page, make_user(live, "instructor"))
    open_new_challenge(page)
    fill_challenge(page)
    page.get_by_label("Slug").fill("row-max-editorial")
    page.get_by_label("Editorial in English").fill(
        "## Cost\n\nOne pass, $O(n)$.\n\n## Approach\n\nKeep the largest entry so far.\n")
    page.get_by_label("Editorial in Korean").fill("")  # the template's stub, taken out
    preview = page.locator("#editorial-preview-en")
    expect(preview.get_by_role("heading", level=2).first).to_have_text("Cost")
    expect(preview.locator(".katex").first).to_be_visible()  # the math is typeset live
    page.get_by_role("button", name="Save").click()
    expect(page.locator("[data-problems-for='editorial.en.md'] li").first).to_contain_text(
        "'## Approach' then '## Cost'")
    expect(page.locator("[data-problems-for='editorial.ko.md'] li").first).to_contain_text(
        "every language the statement is")
    page.get_by_label("Editorial in English").fill(
        "## Approach\n\nKeep the largest entry so far.\n\n## Cost\n\nOne pass, $O(n)$.\n")
    page.get_by_label("Editorial in Korean").fill(
        "## 접근\n\n지금까지 가장 큰 원소를 기억합니다.\n\n## 비용\n\n한 번 훑기, $O(n)$.\n")
    page.get_by_role("button", name="Save").click()
    expect(page).to_have_url(f"{live.url}/instructor/challenges/row-max-editorial")
    page.reload()
    expect(page.get_by_label("Editorial in Korean")).to_have_value(
        "## 접근\n\n지금까지 가장 큰 원소를 기억합니다.\n\n## 비용\n\n한 번 훑기, $O(n)$.\n")
    expect(page.locator("#editorial-preview-ko")).to_contain_text("가장 큰 원소")


def test_the_form_starts_from_the_template_and_keeps_visibility_and_track_titles(page: Page,
                                                                                 live):
    log_in(page, make_user(live, "instructor"))
    open_new_challenge(page)
    expect(page.get_by_label("Slug")).to_have_value("")  # the author's to choose
    expect(page.get_by_label("Entry point")).to_have_value("solve")
    expect(code_editor(page, "reference.py").locator("textarea")).to_have_value(
        re.compile(r"^def solve\("))
    expect(page.locator(".mutant")).to_have_count(1)
    expect(page.locator(".mutant .field-help").first).to_contain_text("mutants/no_scaling.py")
    expect(page.get_by_role("radio", name="Private to my courses")).to_be_checked()
    expect(page.get_by_test_id("author-visibility")).to_contain_text(
        "private to your courses unless you choose otherwise")
    fill_challenge(page)
    page.get_by_label("Slug").fill("row-max-unlisted")
    page.get_by_label("Track", exact=True).fill("row-tricks")
    page.get_by_label("Track title in English").fill("Row tricks")
    page.get_by_label("Track title in Korean").fill("행 요령")
    page.get_by_role("radio", name="Unlisted").check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#author-status")).to_contain_text("Saved")
    page.reload()
    expect(page.locator("#author-form")).to_have_attribute("data-ready", "true")
    expect(page.get_by_role("radio", name="Unlisted")).to_be_checked()
    expect(page.get_by_label("Track title in English")).to_have_value("Row tricks")
    expect(page.get_by_label("Track title in Korean")).to_have_value("행 요령")
    page.goto("/instructor")
    expect(page.locator("tr[data-slug='row-max-unlisted'] [data-visibility]")).to_have_text(
        "Unlisted")


def test_a_course_member_opens_a_private_challenge_and_others_meet_404(page: Page, live,
                                                                      tiny_valid_files):
    author = Author(live)
    slug = "running-max-private"
    author.upload(with_slug(tiny_valid_files, slug))  # no visibility said: private
    author.validate_and_publish(slug)
    course = author.api.post(f"{live.url}/api/v1/courses", json={"title": "Attention 101"},
                             timeout=30).json()
    member, outsider = make_user(live, "student"), make_user(live, "student")
    log_in(page, member)
    page.goto(f"/courses/join/{course['join_code']}")
    page.get_by_role("button", name="Join the course").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Attention 101")
    own = page.get_by_test_id("course-challenges")
    own.get_by_role("link", name="Running maximum").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Running maximum")
    page.goto("/")
    expect(page.locator(f"a[href='/challenges/{slug}']")).to_have_count(1)

    page.get_by_role("button", name="Log out").click()
    log_in(page, outsider)
    assert page.goto(f"/challenges/{slug}").status == 404
    page.goto("/")
    expect(page.locator(f"a[href='/challenges/{slug}']")).to_have_count(0)
