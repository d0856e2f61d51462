"""The instructor's gradebook in real Chromium: points per challenge, a late penalty and an
extension make each cell's points, each assignment's score and the total, as the instructor
set them through the API and three students' real submissions were graded."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import requests
from playwright.sync_api import expect

from bench.live_server import wait_until
from tests.browser.steps import GRADING, SOFTMAX
from tests.browser.test_authoring import Author, log_in, make_user

pytestmark = pytest.mark.sandbox


def _student(live, code: str) -> tuple[str, requests.Session]:
    """A new student with a token, joined to the course; return the name and the session."""
    name = make_user(live, "student")
    api = requests.Session()
    api.headers["Authorization"] = "Bearer " + live.cli(
        "tokens", "create", name).stdout.strip().splitlines()[-1]
    assert api.post(f"{live.url}/api/v1/courses/join", json={"code": code}, timeout=30).ok
    return name, api


def _accepted(live, api: requests.Session) -> None:
    """Submit a right softmax and wait for its verdict: accepted."""
    sent = api.post(f"{live.url}/api/v1/challenges/softmax/submissions",
                    json={"code": SOFTMAX}, timeout=30)
    assert sent.status_code == 202, sent.text
    url = live.url + sent.json()["url"]
    done = wait_until(lambda: (shown := api.get(url, timeout=30).json())["status"] == "done"
                      and shown, GRADING / 1000, "the submission graded")
    assert done["verdict"] == "accepted", done


def test_the_gradebook_shows_points_scores_and_the_total(browser, live):
    """softmax is worth 4 and late work loses 50% a started day: on time 4; after the due
    time 2; after the due time but inside an extension 4; causal-attention (1 point) not
    tried: 0. Week 1 is worth 5: scores 4, 2 and 4."""
    teacher = Author(live)
    courses = f"{live.url}/api/v1/courses"
    course = teacher.api.post(courses, json={"title": "Graded"}, timeout=30).json()
    on_time, late, extended = (_student(live, course["join_code"]) for _ in range(3))
    now = datetime.now(UTC)
    week = {"title": "Week 1", "challenges": ["softmax", "causal-attention"],
            "opens_at": (now - timedelta(days=1)).isoformat(),
            "due_at": (now + timedelta(days=7)).isoformat(),
            "points": {"softmax": 4}, "late_penalty": {"percent_per_day": 50}}
    created = teacher.api.post(f"{courses}/{course['id']}/assignments", json=week, timeout=30)
    assert created.status_code == 201, created.text
    _accepted(live, on_time[1])
    moved = teacher.api.put(f"{courses}/{course['id']}/assignments/{created.json()['id']}",
                            timeout=30, json={**week, "due_at": datetime.now(UTC).isoformat(),
                                              "extensions": {extended[0]: week["due_at"]}})
    assert moved.status_code == 200, moved.text
    _accepted(live, late[1])
    _accepted(live, extended[1])

    context = browser.new_context(base_url=live.url, locale="en-US", timezone_id="UTC")
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, teacher.username)
    page.goto(f"/courses/{course['id']}")
    book = page.get_by_test_id("gradebook")
    expect(book.locator("th[data-challenge='softmax']")).to_contain_text("/ 4")
    expect(page.get_by_test_id("points-possible")).to_have_text("/ 5")
    expected = {on_time[0]: ("4", "false"), late[0]: ("2", "true"), extended[0]: ("4", "false")}
    for name, (points, is_late) in expected.items():
        row = book.locator(f"tr[data-student='{name}']")
        cell = row.locator("td[data-challenge='softmax']")
        expect(cell).to_have_attribute("data-points", points)
        expect(cell).to_have_attribute("data-late", is_late)
        expect(cell.locator(".points")).to_have_text(points)
        expect(row.locator("td[data-challenge='causal-attention']")).to_have_attribute(
            "data-points", "0")
        expect(row.locator("td.score")).to_have_text(points)
        expect(row.locator("td.total")).to_have_text(points)
    # The script sorts by the total: the highest first, ties by name.
    book.locator("th[data-sort='total'] button").click()
    expect(book.locator("tbody tr").last).to_have_attribute("data-student", late[0])
    context.close()
