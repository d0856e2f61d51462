"""The instructor's pages of a class in real Chromium: three students' submissions graded by the
live server's sandbox, then what the class gets wrong (the named bug and the student stuck on
it) and the similar pair, opened side by side; axe-core finds nothing on the three pages, and
none scrolls sideways at phone width."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import requests
from playwright.sync_api import Page, expect

from bench.live_server import wait_until
from tests.browser.conftest import _unavailable
from tests.browser.steps import GRADING
from tests.browser.test_accessibility import AXE, at_phone_width, axe_report, sideways_report
from tests.browser.test_authoring import log_in, make_user

pytestmark = pytest.mark.sandbox

SDPA = "scaled-dot-product-attention"
COPIES = Path(__file__).parents[1] / "arena" / "similarity"
NO_SCALING = (Path(__file__).parents[1] / "challenges" / "wrong" / SDPA / "no_scaling.py"
              ).read_text()


def _api(live, username: str):
    """Return a function calling the live API as `username`."""
    token = live.cli("tokens", "create", username).stdout.strip().splitlines()[-1]

    def call(method: str, path: str, **kwargs) -> requests.Response:
        return requests.request(method, f"{live.url}/api/v1{path}", timeout=30,
                                headers={"Authorization": f"Bearer {token}"}, **kwargs)

    return call


def _verdict(call, url: str) -> str | None:
    """Return a submission's verdict once it is graded, else None."""
    body = call("GET", url.removeprefix("/api/v1")).json()
    return body["verdict"] if body["status"] == "done" else None


@pytest.fixture(scope="module")
def course(live) -> dict:
    """An instructor's course with one assignment of SDPA: one student's own solution, a
    renamed copy of it, and a student who forgot the 1/sqrt(d) scaling, all graded."""
    teacher = make_user(live, "instructor")
    as_teacher = _api(live, teacher)
    created = as_teacher("POST", "/courses", json={"title": "Attention, spring"}).json()
    now = datetime.now(UTC)
    assignment = as_teacher("POST", f"/courses/{created['id']}/assignments", json={
        "title": "Week 1", "challenges": [SDPA],
        "opens_at": (now - timedelta(hours=1)).isoformat(),
        "due_at": (now + timedelta(days=7)).isoformat()}).json()
    students = {}
    for code in ((COPIES / "own.py").read_text(), (COPIES / "renamed.py").read_text(),
                 NO_SCALING):
        name = make_user(live, "student")
        call = _api(live, name)
        assert call("POST", "/courses/join", json={"code": created["join_code"]}).ok
        url = call("POST", f"/challenges/{SDPA}/submissions", json={"code": code}).json()["url"]
        students[name] = wait_until(lambda call=call, url=url: _verdict(call, url),
                                    GRADING / 1000, f"{name}'s verdict")
    return {"teacher": teacher, "id": created["id"], "assignment": assignment["id"],
            "students": list(students), "verdicts": list(students.values())}


def test_an_instructor_sees_the_bug_the_class_makes_and_the_copy(page: Page, course):
    own, copy, stuck = course["students"]
    assert course["verdicts"] == ["accepted", "accepted", "wrong_answer"]
    log_in(page, course["teacher"])
    page.goto("/instructor")
    page.locator(f"li[data-course-id='{course['id']}']").get_by_test_id("insights-link").click()
    insight = page.locator(f"[data-testid=challenge-insight][data-challenge='{SDPA}']")
    expect(insight.get_by_test_id("insight-summary")).to_have_attribute("data-tried", "3")
    bug = insight.get_by_test_id("named-bug")
    expect(bug).to_have_attribute("data-bug", "no_scaling")
    expect(bug).to_have_attribute("data-students", "1")
    expect(bug).to_contain_text("sqrt(d)")
    expect(insight.get_by_test_id("stuck-student")).to_have_attribute("data-student", stuck)
    expect(insight.get_by_test_id("verdict-count").filter(
        has_text="Wrong answer")).to_have_attribute("data-count", "1")

    page.get_by_test_id("similarity-link").click()
    pair = page.get_by_test_id("similar-pair").first
    expect(pair).to_have_attribute("data-students", " ".join(sorted([own, copy])))
    expect(pair).to_have_attribute("data-flagged", "true")
    pair.get_by_test_id("side-by-side-link").click()
    sides = page.get_by_test_id("side")
    expect(sides).to_have_count(2)
    for side in (sides.nth(0), sides.nth(1)):
        expect(side.locator("mark").first).to_be_visible()
    # Sides go by username ("…x10" before "…x9"): each is found by its student.
    expect(page.locator(f"[data-testid=side][data-student='{own}'] code")).to_contain_text(
        "stable_softmax")
    expect(page.locator(f"[data-testid=side][data-student='{copy}'] code")).to_contain_text(
        "def sm(s)")


@pytest.mark.parametrize("locale", ["en-US", "ko-KR"])
def test_axe_finds_nothing_on_the_class_pages(browser, live, course, locale):
    if not AXE.exists():
        _unavailable(f"axe-core is not installed ({AXE} is missing: npm ci)")
    context = browser.new_context(base_url=live.url, locale=locale, bypass_csp=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, course["teacher"])
    base = f"/courses/{course['id']}"
    page.goto(f"{base}/assignments/{course['assignment']}/similarity")
    pair = page.get_by_test_id("side-by-side-link").first.get_attribute("href")
    paths = [f"{base}/insights", f"{base}/assignments/{course['assignment']}/similarity", pair]
    reports = []
    for path in paths:
        page.goto(path)
        reports.append(axe_report(page, AXE, f"{path} ({locale})"))
    at_phone_width(page)
    for path in paths:
        page.goto(path)
        reports.append(sideways_report(page, f"{path} ({locale})"))
    context.close()
    assert [report for report in reports if report] == []
