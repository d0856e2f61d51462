"""Courses that change, in real Chromium: an instructor edits an assignment (its times shown in
the browser's zone), deletes it after a page that names whose grades go, removes a student
after a confirmation, archives and unarchives the course, then deletes it; a new assignment's
"Opens" starts at now; and a student of an assignment whose feedback comes after the due time
sees their verdict alone until then, and the named bug and the test rows after it."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.browser import test_accessibility
from tests.browser.steps import GRADING, SOFTMAX, UNSCALED, type_code, verdict
from tests.browser.test_accessibility import axe_report
from tests.browser.test_authoring import Author, log_in, make_user

pytestmark = pytest.mark.sandbox

axe_script = test_accessibility.axe_script  # the fixture: axe-core's script
ZONE = "Asia/Seoul"  # the instructor's browser: nine hours east of the server's UTC


def _api(live, username: str) -> requests.Session:
    """A session with a fresh API token of `username`."""
    issued = live.cli("tokens", "create", username)
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {issued.stdout.strip().splitlines()[-1]}"
    return session


def _course(live, author: Author, slug: str, feedback: str = "immediate") -> tuple[int, int]:
    """The author's course with one assignment on `slug`, opened an hour ago, due in a week;
    return the course's and the assignment's ids."""
    api = f"{live.url}/api/v1/courses"
    course = author.api.post(api, json={"title": "Attention, spring"}, timeout=30).json()
    now = datetime.now(UTC)
    created = author.api.post(f"{api}/{course['id']}/assignments", timeout=30, json={
        "title": "Week 1", "challenges": [slug], "opens_at": (now - timedelta(hours=1))
        .isoformat(), "due_at": (now + timedelta(days=7)).isoformat(), "feedback": feedback})
    assert created.status_code == 201, created.text
    return course["id"], created.json()["id"]


def _student(live, course_id: int, author: Author) -> tuple[str, requests.Session]:
    """A new student who joined the course with its code (on the API)."""
    name = make_user(live, "student")
    session = _api(live, name)
    code = author.api.get(f"{live.url}/api/v1/courses/{course_id}", timeout=30).json()[
        "join_code"]
    assert session.post(f"{live.url}/api/v1/courses/join", json={"code": code},
                        timeout=30).ok
    return name, session


def _graded(live, session: requests.Session, slug: str, code: str) -> dict:
    """Submit code on the API and wait for its verdict."""
    sent = session.post(f"{live.url}/api/v1/challenges/{slug}/submissions",
                        json={"code": code}, timeout=30).json()
    deadline = time.monotonic() + GRADING / 1000
    while time.monotonic() < deadline:
        body = session.get(f"{live.url}{sent['url']}?wait=5", timeout=30).json()
        if body["status"] == "done":
            return body
    raise AssertionError("no verdict in time")


def _teacher(browser, live, username: str) -> Page:
    # axe-core goes in as a script tag of its own: the page's CSP would refuse it.
    context = browser.new_context(base_url=live.url, locale="en-US", timezone_id=ZONE,
                                  bypass_csp=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, username)
    return page


def _local(at: datetime) -> str:
    return at.astimezone(ZoneInfo(ZONE)).strftime("%Y-%m-%dT%H:%M")


def test_an_instructor_edits_deletes_removes_archives_and_deletes(browser, live, axe_script):
    reports: list[str | None] = []
    author = Author(live)
    course_id, assignment_id = _course(live, author, "softmax")
    student, session = _student(live, course_id, author)
    _graded(live, session, "softmax", SOFTMAX)
    page = _teacher(browser, live, author.username)
    page.goto(f"/courses/{course_id}")

    reports.append(axe_report(page, axe_script, "the course page"))
    # "Opens" of a new assignment starts at now, in the browser's zone.
    opens_now = page.get_by_test_id("assignment-form").get_by_label("Opens")
    assert opens_now.input_value() in {_local(datetime.now(UTC) - timedelta(minutes=m))
                                       for m in range(3)}

    # Edit: the form shows the assignment's times in the browser's zone; a change is kept.
    stored = author.api.get(f"{live.url}/api/v1/courses/{course_id}/assignments",
                            timeout=30).json()["assignments"][0]
    row = page.locator(f"tr[data-assignment-id='{assignment_id}']")
    row.locator("[data-action='edit-assignment']").click()
    form = page.get_by_test_id("edit-assignment-form")
    expect(form.get_by_label("Due")).to_have_value(
        _local(datetime.fromisoformat(stored["due_at"]).replace(tzinfo=UTC)))
    reports.append(axe_report(page, axe_script, "the assignment's form"))
    form.get_by_label("Title").fill("Week 1, softmax")
    new_due = datetime.now(UTC).replace(second=0, microsecond=0) + timedelta(days=10)
    form.get_by_label("Due").fill(_local(new_due))
    form.get_by_label("Feedback").select_option("after_due")
    form.get_by_role("button", name="Save the changes").click()
    expect(row.locator("th")).to_contain_text("Week 1, softmax")  # then its similarity link
    expect(row.locator("td[data-feedback]")).to_have_attribute("data-feedback", "after_due")
    changed = author.api.get(f"{live.url}/api/v1/courses/{course_id}/assignments",
                             timeout=30).json()["assignments"][0]
    assert datetime.fromisoformat(changed["due_at"]).replace(tzinfo=UTC) == new_due

    # A student's own due time, given in the browser's zone and kept in UTC; then taken back.
    row.locator("[data-action='edit-assignment']").click()
    extensions = page.get_by_test_id("extensions")
    expect(extensions.get_by_test_id("no-extensions")).to_be_visible()
    own_due = new_due + timedelta(days=2)
    extensions.get_by_label("Student").select_option(student)
    extensions.get_by_label("Their due time").fill(_local(own_due))
    extensions.get_by_role("button", name="Give this due time").click()
    expect(extensions.locator(f"tr[data-student='{student}']")).to_be_visible()
    reports.append(axe_report(page, axe_script, "students' own due times"))
    given = author.api.get(f"{live.url}/api/v1/courses/{course_id}/assignments",
                           timeout=30).json()["assignments"][0]["extensions"]
    assert {name: datetime.fromisoformat(due).replace(tzinfo=UTC)
            for name, due in given.items()} == {student: own_due}
    extensions.get_by_role("button", name=f"Remove ({student})").click()
    expect(extensions.get_by_test_id("no-extensions")).to_be_visible()
    page.goto(f"/courses/{course_id}")

    # Remove a member: a page asks first, naming what it does.
    page.locator(f"tr[data-member='{student}'] [data-action='remove-member']").click()
    expect(page.get_by_test_id("removal-warning")).to_contain_text("leaves the gradebook")
    reports.append(axe_report(page, axe_script, "removing a member"))
    page.get_by_role("link", name="Keep them").click()
    expect(page.locator(f"tr[data-member='{student}']")).to_be_visible()
    page.locator(f"tr[data-member='{student}'] [data-action='remove-member']").click()
    page.get_by_test_id("remove-member-confirm").get_by_role(
        "button", name=f"Remove {student}").click()
    expect(page.locator(f"tr[data-member='{student}']")).to_have_count(0)
    joined_again = session.post(f"{live.url}/api/v1/courses/join", timeout=30, json={
        "code": page.get_by_test_id("join-code-value").inner_text()})
    assert joined_again.ok  # back; what counts starts at their new joining (docs/grades.md)
    _graded(live, session, "softmax", SOFTMAX)

    # Delete the assignment: the warning names the student whose grade goes.
    page.goto(f"/courses/{course_id}")
    row.locator("[data-action='delete-assignment']").click()
    warning = page.get_by_test_id("deletion-warning")
    expect(warning.locator(f"li[data-student='{student}']")).to_be_visible()
    expect(warning).to_contain_text("The submissions are never deleted")
    reports.append(axe_report(page, axe_script, "deleting an assignment"))
    page.get_by_test_id("delete-assignment-confirm").get_by_role(
        "button", name="Delete the assignment").click()
    expect(page.locator(f"tr[data-assignment-id='{assignment_id}']")).to_have_count(0)
    expect(page.locator("main")).to_contain_text("Assignment Week 1, softmax deleted.")

    # Archive: read-only, listed apart on the dashboard; then back.
    page.get_by_test_id("archive-course").get_by_role("button").click()
    expect(page.get_by_test_id("archived-note")).to_be_visible()
    expect(page.get_by_test_id("assignment-form")).to_have_count(0)
    reports.append(axe_report(page, axe_script, "an archived course"))
    page.goto("/courses")
    expect(page.get_by_test_id("archived-courses").locator(
        f"[data-course-id='{course_id}']")).to_be_visible()
    page.goto(f"/courses/{course_id}")
    page.get_by_test_id("unarchive-course").get_by_role("button").click()
    expect(page.get_by_test_id("assignment-form")).to_be_visible()

    # Delete the course: the page names what goes; the student's submissions stay.
    page.locator("[data-action='delete-course']").click()
    expect(page.get_by_test_id("deletion-warning")).to_contain_text("the place of 1 student")
    reports.append(axe_report(page, axe_script, "deleting a course"))
    page.get_by_test_id("delete-course-confirm").get_by_role(
        "button", name="Delete the course").click()
    expect(page).to_have_url(f"{live.url}/courses")
    assert author.api.get(f"{live.url}/api/v1/courses/{course_id}",
                          timeout=30).status_code == 404
    mine = session.get(f"{live.url}/api/v1/submissions?challenge=softmax", timeout=30).json()
    assert len(mine["submissions"]) == 2  # both, before and after their rejoining
    page.context.close()
    assert [report for report in reports if report] == []


def test_feedback_after_due_is_held_back_until_the_due_time(browser, live, axe_script):
    slug = "scaled-dot-product-attention"
    author = Author(live)
    course_id, assignment_id = _course(live, author, slug, feedback="after_due")
    student = make_user(live, "student")
    context = browser.new_context(base_url=live.url, locale="en-US", timezone_id="UTC",
                                  bypass_csp=True)  # for axe-core's script tag
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, student)
    code = author.api.get(f"{live.url}/api/v1/courses/{course_id}", timeout=30).json()[
        "join_code"]
    page.goto(f"/courses/join/{code}")
    page.get_by_test_id("join-confirm").get_by_role("button", name="Join the course").click()
    page.locator(f"li[data-challenge='{slug}'] a").first.click()

    type_code(page, UNSCALED)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "wrong_answer", timeout=GRADING)
    results = page.locator("#results")
    expect(results.get_by_test_id("feedback-withheld")).to_be_visible()
    expect(results.get_by_test_id("diagnosis")).to_have_count(0)
    expect(results.get_by_test_id("test-result")).to_have_count(0)
    expect(page.locator("section.history tbody tr").first).to_contain_text("after the due time")

    page.locator("section.history tbody tr a").first.click()
    expect(page.get_by_test_id("feedback-withheld")).to_be_visible()
    expect(page.get_by_test_id("diagnosis")).to_have_count(0)
    expect(page.get_by_test_id("test-result")).to_have_count(0)
    assert axe_report(page, axe_script, "a submission held back") is None

    # The due time passes: the instructor moves it to now.
    url = f"{live.url}/api/v1/courses/{course_id}/assignments/{assignment_id}"
    now = datetime.now(UTC)
    moved = author.api.put(url, timeout=30, json={
        "title": "Week 1", "challenges": [slug], "feedback": "after_due",
        "opens_at": (now - timedelta(hours=2)).isoformat(), "due_at": now.isoformat()})
    assert moved.ok, moved.text
    page.reload()
    expect(page.get_by_test_id("diagnosis")).to_be_visible()
    expect(page.get_by_test_id("feedback-withheld")).to_have_count(0)
    expect(page.get_by_test_id("test-result").first).to_be_visible()
    context.close()
