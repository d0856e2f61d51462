"""A course in real Chromium: an instructor creates it and an assignment in the pages, two
students join with the code and submit (one after the due time), the gradebook and its CSV
say so; a stronger version of the challenge changes nothing until the instructor moves the
assignment to it and regrades, its progress shown on the page, and then a cell changes."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.browser.steps import GRADING, type_code, verdict
from tests.browser.test_authoring import Author, log_in, make_user, with_slug

pytestmark = pytest.mark.sandbox

SLUG = "running-max-course"
# Right on the first version's cases, which never go below zero; wrong on a negative row.
# (One line each: the editor indents typed lines by itself.)
FROM_ZERO = ("import itertools\n"
             "def running_max(row): return list(itertools.accumulate(row, max, initial=0.0))[1:]")
RIGHT = "import itertools\ndef running_max(row): return list(itertools.accumulate(row, max))"
NEGATIVE = ('        {"name": {"en": "below zero", "ko": "음수"}, "args": [[-3.0, -1.0, -2.0]]},\n'
            "    ]\n")


def _local(at: datetime) -> str:
    """A datetime-local input's value for an instant, in the browser's zone (UTC here)."""
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M")


def _solve(page: Page, course_id: str, code: str) -> None:
    """Open the challenge from the course and submit `code`; wait for the verdict."""
    page.goto(f"/courses/{course_id}")
    page.locator(f"li[data-challenge='{SLUG}'] a").first.click()
    expect(page.get_by_test_id("assignment-due")).to_be_visible()
    type_code(page, code)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "accepted", timeout=GRADING)


def _student(page: Page, live, code: str) -> str:
    """A new student logs in and joins with the code through the dashboard's form."""
    name = make_user(live, "student")
    log_in(page, name)
    page.goto("/courses")
    page.get_by_label("Join code").fill(code.lower())  # as a student might type it
    page.get_by_test_id("join-code").get_by_role("button", name="Join").click()
    expect(page.locator("#course-title")).to_be_visible()
    return name


def _cell(page: Page, student: str):
    return page.get_by_test_id("gradebook").locator(
        f"tr[data-student='{student}'] td[data-challenge='{SLUG}']")


def test_a_course_from_creation_to_regrade(browser, live, tiny_valid_files):
    author = Author(live)  # ivy: writes the challenge on the API, teaches in the pages
    first = with_slug(tiny_valid_files, SLUG)
    author.upload(first)
    author.validate_and_publish(SLUG)

    context = browser.new_context(base_url=live.url, locale="en-US", timezone_id="UTC",
                                  accept_downloads=True)
    context.set_default_timeout(15_000)
    teacher = context.new_page()
    log_in(teacher, author.username)
    teacher.goto("/courses")
    teacher.get_by_label("Course title").fill("Attention, winter")
    teacher.get_by_role("button", name="Create the course").click()
    course_id = teacher.locator("#course-title").get_attribute("data-course-id")
    code = teacher.get_by_test_id("join-code-value").inner_text()

    now = datetime.now(UTC)
    form = teacher.get_by_test_id("assignment-form")
    form.get_by_label("Title").fill("Week 1")
    form.locator(f"input[name='challenges'][value='{SLUG}']").check()
    form.get_by_label("Opens").fill(_local(now - timedelta(days=1)))
    form.get_by_label("Due").fill(_local(now + timedelta(days=7)))
    form.get_by_role("button", name="Add the assignment").click()
    expect(teacher.locator("table.assignment-table")).to_contain_text("Week 1")

    students = []
    for code_sent in (FROM_ZERO, RIGHT):
        learner = browser.new_context(base_url=live.url, locale="en-US", timezone_id="UTC")
        learner.set_default_timeout(15_000)
        page = learner.new_page()
        students.append(_student(page, live, code))
        if code_sent is RIGHT:  # the instructor moves the deadline before the second one
            assignment = author.api.get(f"{live.url}/api/v1/courses/{course_id}/assignments",
                                        timeout=30).json()["assignments"][0]
            week_id = assignment.pop("id")
            url = f"{live.url}/api/v1/courses/{course_id}/assignments/{week_id}"
            moved = author.api.put(url, timeout=30, json={
                **assignment, "due_at": datetime.now(UTC).isoformat()})
            assert moved.ok, moved.text
        _solve(page, course_id, code_sent)
        learner.close()
    on_time, late = students

    teacher.goto(f"/courses/{course_id}")
    expect(_cell(teacher, on_time)).to_have_attribute("data-verdict", "accepted")
    expect(_cell(teacher, on_time)).to_have_attribute("data-late", "false")
    expect(_cell(teacher, late)).to_have_attribute("data-verdict", "accepted")
    expect(_cell(teacher, late)).to_have_attribute("data-late", "true")
    expect(_cell(teacher, late)).to_contain_text("late")

    with teacher.expect_download() as downloaded:
        teacher.get_by_test_id("gradebook-csv").click()
    rows = list(csv.reader(io.StringIO(open(downloaded.value.path(), encoding="utf-8").read())))
    assert rows[0] == ["username", "name", "email", "student_number", SLUG,
                       f"Week 1 ({week_id})", "total"]
    assert sorted(rows[1:]) == sorted([[on_time, "", "", "", "1", "1", "1"],
                                       [late, "", "", "", "1", "1", "1"]])  # no penalty

    author.upload({**first, "cases.py": first["cases.py"].replace("    ]\n", NEGATIVE)}, SLUG)
    author.validate_and_publish(SLUG)
    teacher.goto(f"/courses/{course_id}")  # the course still counts version 1 until moved
    expect(_cell(teacher, on_time)).to_have_attribute("data-verdict", "accepted")
    moving = teacher.get_by_test_id("move-version")
    expect(moving).to_contain_text("Version 2 is published")
    moving.get_by_role("button", name="Move and regrade").click()
    expect(teacher.get_by_test_id("pinned-version")).to_have_attribute("data-version", "2")
    progress = teacher.get_by_test_id("regrade-progress")
    expect(progress).to_have_attribute("data-status", "done", timeout=GRADING)
    expect(progress).to_contain_text("2 / 2 regraded, 1 changed")
    expect(_cell(teacher, on_time)).to_have_attribute("data-verdict", "wrong_answer")
    expect(_cell(teacher, late)).to_have_attribute("data-verdict", "accepted")
    expect(_cell(teacher, late)).to_have_attribute("data-late", "true")
    book = requests.get(f"{live.url}/api/v1/courses/{course_id}/gradebook.csv", timeout=30,
                        headers=author.api.headers).text
    assert f"{on_time},,,,0,0,0" in book.splitlines()
    context.close()
