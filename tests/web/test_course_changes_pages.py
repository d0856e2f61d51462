"""Changing a course in the browser, without a script: an assignment edited and deleted (the
deletion says first whose grades go), a course archived, unarchived and deleted (the deletion
names what goes), a member removed after a confirmation page, an opening that defaults to now,
and feedback held back until the due time on the pages that show a submission."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS, record_report
from arena.models import Assignment, Course, CourseMember, Submission
from arena.services.assignments import AssignmentFields, create_assignment
from arena.services.submissions import create_submission
from graders.report import GradeReport, TestReport
from graders.verdicts import Verdict
from tests.web.conftest import page_token
from tests.web.test_course_pages import _user, sign_in, staffed_course

NOW = datetime.now(UTC).replace(second=0, microsecond=0)
EXPLANATION = "It forgets to divide the scores by sqrt(d)."


@pytest.fixture
def course(app, catalog, make_user) -> dict:
    """Ivy's course with students sam and sue, and "Week 1" (softmax, scaled-scores), open
    since yesterday, due in a week, its feedback after the due time."""
    with app.app_context():
        created = staffed_course(make_user)
        week = create_assignment(_user("ivy"), created.id, AssignmentFields(
            "Week 1", ["softmax", "scaled-scores"], NOW - timedelta(days=1),
            NOW + timedelta(days=7), feedback="after_due"))
        return {"id": created.id, "code": created.join_code, "week": week.id,
                "path": f"/courses/{created.id}"}


def graded(app, username: str, slug: str) -> int:
    """Record a wrong answer with a named bug, a public row and a hidden one; return its id."""
    with app.app_context():
        submission = create_submission(_user(username), slug, "def f():\n    pass\n")
        db.session.commit()
        tests = [TestReport("example", hidden=False, passed=False, message="the values differ",
                            expected=[1.0], got=[2.0], mutant="no_scale",
                            explanation={"en": EXPLANATION}),
                 TestReport("wide rows", hidden=True, passed=True)]
        assert SUBMISSIONS.claim(submission.id)
        assert record_report(submission.id, 1, GradeReport(Verdict.WRONG_ANSWER, tests,
                                                           named_mutant="no_scale"))
        return submission.id


def test_an_instructor_changes_an_assignment_from_its_filled_form(app, client, course,
                                                                  password):
    sign_in(client, "ivy", password)
    page = client.get(course["path"]).get_data(as_text=True)
    edit = f"{course['path']}/assignments/{course['week']}/edit"
    assert f'href="{edit}"' in page and 'data-action="edit-assignment"' in page
    form = client.get(edit).get_data(as_text=True)
    assert 'value="Week 1"' in form and 'data-testid="edit-assignment-form"' in form
    assert f'data-utc="{(NOW - timedelta(days=1)).isoformat()}"' in form  # shown locally
    assert '<option selected value="after_due">' in form
    changed = client.post(edit, data={
        "title": "Week 1, longer", "challenges": ["softmax"], "order": "softmax",
        "opens_at": (NOW - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        "due_at": (NOW + timedelta(days=9)).strftime("%Y-%m-%dT%H:%M"),
        "late_policy": "not_counted", "feedback": "immediate",
        "csrf_token": page_token(client, edit)})
    assert changed.status_code == 302
    with app.app_context():
        week = db.session.get(Assignment, course["week"])
        assert (week.title, week.late_policy, week.feedback) == (
            "Week 1, longer", "not_counted", "immediate")
        assert [item.challenge.slug for item in week.items] == ["softmax"]
        assert week.due_at == NOW + timedelta(days=9)
    wrong = client.post(edit, data={"title": "", "challenges": ["softmax"],
                                    "due_at": "2026-12-01T09:00",
                                    "csrf_token": page_token(client, edit)})
    assert wrong.status_code == 422 and "This field is required." in wrong.get_data(
        as_text=True)
    sign_in(client, "sam", password)
    assert client.get(edit).status_code == 403
    assert 'data-action="edit-assignment"' not in client.get(course["path"]).get_data(
        as_text=True)


def test_the_edit_form_shows_and_changes_points_and_the_late_penalty(app, client, course,
                                                                      password):
    with app.app_context():
        week = db.session.get(Assignment, course["week"])
        week.items[1].points, week.late_percent_per_day, week.late_max_percent = 2.5, 10, 30
        db.session.commit()
    sign_in(client, "ivy", password)
    edit = f"{course['path']}/assignments/{course['week']}/edit"
    form = client.get(edit).get_data(as_text=True)
    assert 'name="points-scaled-scores" value="2.5"' in form
    assert 'name="points-softmax" value="1"' in form
    for name, value in (("late_percent_per_day", "10.0"), ("late_max_percent", "30.0")):
        assert re.search(f'<input[^>]*name="{name}"[^>]*value="{value}"', form), name
    changed = client.post(edit, data={
        "title": "Week 1", "challenges": ["softmax", "scaled-scores"],
        "order": "softmax,scaled-scores", "points-softmax": "4", "points-scaled-scores": "2.5",
        "opens_at": (NOW - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        "due_at": (NOW + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M"),
        "late_policy": "marked", "feedback": "after_due", "late_percent_per_day": "20",
        "late_max_percent": "50", "csrf_token": page_token(client, edit)})
    assert changed.status_code == 302
    with app.app_context():
        week = db.session.get(Assignment, course["week"])
        assert [(i.challenge.slug, i.points) for i in week.items] == [
            ("softmax", 4.0), ("scaled-scores", 2.5)]
        assert (week.late_percent_per_day, week.late_max_percent) == (20, 50)
    refused = client.post(edit, data={
        "title": "Week 1", "challenges": ["softmax"], "points-softmax": "many",
        "due_at": (NOW + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M"),
        "late_policy": "marked", "feedback": "after_due", "csrf_token": page_token(client, edit)})
    assert refused.status_code == 422
    assert "&#39;softmax&#39; must be a number" in refused.get_data(as_text=True)


def test_an_instructor_gives_and_takes_back_a_students_own_due_time(app, client, course,
                                                                   password):
    sign_in(client, "ivy", password)
    edit = f"{course['path']}/assignments/{course['week']}/edit"
    page = client.get(edit).get_data(as_text=True)
    assert 'data-testid="no-extensions"' in page
    assert '<option value="sam">sam</option>' in page and ">ivy</option>" not in page
    own = NOW + timedelta(days=10)
    given = client.post(f"{edit.removesuffix('/edit')}/extensions", data={
        "extension-username": "sam", "extension-due_at": own.strftime("%Y-%m-%dT%H:%M"),
        "extension-due_at_offset": "0", "csrf_token": page_token(client, edit)},
        follow_redirects=True)
    assert given.status_code == 200
    shown = given.get_data(as_text=True)
    assert 'data-student="sam"' in shown and f'datetime="{own:%Y-%m-%dT%H:%M:%S}Z"' in shown
    assert "sam has a due time of their own." in shown
    with app.app_context():
        week = db.session.get(Assignment, course["week"])
        assert [(e.user.username, e.due_at) for e in week.extensions] == [("sam", own)]
    for wrong in ({"extension-username": "zed"},
                  {"extension-username": "sam", "extension-due_at": "9999-12-31T23:59",
                   "extension-due_at_offset": "-720"}):
        refused = client.post(f"{edit.removesuffix('/edit')}/extensions", data={
            "extension-due_at": own.strftime("%Y-%m-%dT%H:%M"), **wrong,
            "csrf_token": page_token(client, edit)})
        assert refused.status_code == 422, wrong
    taken = client.post(f"{edit.removesuffix('/edit')}/extensions/sam/delete",
                        data={"csrf_token": page_token(client, edit)}, follow_redirects=True)
    assert 'data-testid="no-extensions"' in taken.get_data(as_text=True)
    assert client.post(f"{edit.removesuffix('/edit')}/extensions/sam/delete",
                       data={"csrf_token": page_token(client, edit)}).status_code == 404
    sign_in(client, "sam", password)
    assert client.post(f"{edit.removesuffix('/edit')}/extensions", data={
        "extension-username": "sam", "extension-due_at": own.strftime("%Y-%m-%dT%H:%M"),
        "csrf_token": page_token(client, course["path"])}).status_code == 403


def test_deleting_an_assignment_says_first_whose_grades_go(app, client, course, password):
    made = graded(app, "sam", "softmax")
    sign_in(client, "ivy", password)
    confirm = f"{course['path']}/assignments/{course['week']}/delete"
    page = client.get(confirm).get_data(as_text=True)
    assert 'data-student="sam"' in page and 'data-student="sue"' not in page
    assert "The submissions are never deleted" in page
    with app.app_context():
        assert db.session.get(Assignment, course["week"]) is not None  # a GET deletes nothing
    deleted = client.post(confirm, data={"csrf_token": page_token(client, confirm)})
    assert deleted.status_code == 302
    with app.app_context():
        assert db.session.get(Assignment, course["week"]) is None
        assert db.session.get(Submission, made) is not None
    assert "Assignment Week 1 deleted." in client.get(course["path"]).get_data(as_text=True)
    sign_in(client, "sam", password)
    assert client.get(confirm).status_code == 403


def test_an_archived_course_is_read_only_and_listed_apart(app, client, course, password):
    sign_in(client, "ivy", password)
    token = page_token(client, course["path"])
    archived = client.post(f"{course['path']}/archive", data={"csrf_token": token},
                           follow_redirects=True)
    page = archived.get_data(as_text=True)
    assert 'data-testid="archived-note"' in page and 'data-testid="unarchive-course"' in page
    assert 'data-testid="assignment-form"' not in page
    assert 'data-action="edit-assignment"' not in page
    dashboard = client.get("/courses").get_data(as_text=True)
    assert 'data-testid="archived-courses"' in dashboard
    assert dashboard.index('data-testid="archived-courses"') < dashboard.index(
        f'data-course-id="{course["id"]}"')
    refused = client.post(f"{course['path']}/assignments", data={
        "title": "More", "challenges": ["softmax"], "due_at": "2999-01-01T00:00",
        "csrf_token": token})
    assert refused.status_code == 422 and "archived" in refused.get_data(as_text=True)
    sign_in(client, "zed", password)
    asked = client.get(f"/courses/join/{course['code']}").get_data(as_text=True)
    assert "it takes no new students" in asked and 'data-testid="join-confirm"' not in asked
    joined = client.post(f"/courses/join/{course['code']}", data={
        "csrf_token": page_token(client)})
    assert joined.status_code == 409
    typed = client.post("/courses/join", data={"code": course["code"],
                                                "csrf_token": page_token(client)})
    assert typed.status_code == 409 and "it takes no new students" in typed.get_data(
        as_text=True)
    sign_in(client, "sam", password)
    assert 'data-testid="archived-note"' in client.get(course["path"]).get_data(as_text=True)
    sign_in(client, "ivy", password)
    client.post(f"{course['path']}/unarchive", data={"csrf_token": page_token(client)})
    assert 'data-testid="archive-course"' in client.get(course["path"]).get_data(as_text=True)


def test_deleting_a_course_names_what_goes(app, client, course, password):
    made = graded(app, "sam", "softmax")
    sign_in(client, "ivy", password)
    confirm = f"{course['path']}/delete"
    page = client.get(confirm).get_data(as_text=True)
    assert "1 assignment: Week 1" in page and "the places of 2 students" in page
    assert "the place of 1 instructor" in page and "The submissions stay" in page
    deleted = client.post(confirm, data={"csrf_token": page_token(client, confirm)})
    assert deleted.status_code == 302 and deleted.location.endswith("/courses")
    with app.app_context():
        assert db.session.get(Course, course["id"]) is None
        assert db.session.get(Submission, made) is not None


def test_removing_a_member_is_asked_first(app, client, course, password):
    sign_in(client, "ivy", password)
    page = client.get(course["path"]).get_data(as_text=True)
    ask = f"{course['path']}/members/sue/remove"
    assert f'href="{ask}"' in page and 'data-action="remove-member"' in page
    confirm = client.get(ask).get_data(as_text=True)
    assert "Remove sue from Attention?" in confirm and "Their row leaves the gradebook" in confirm
    with app.app_context():
        assert db.session.scalar(select(CourseMember).join(CourseMember.user).where(
            CourseMember.course_id == course["id"], CourseMember.user.has(username="sue")))
    assert client.get(f"{course['path']}/members/nobody/remove").status_code == 404
    removed = client.post(ask, data={"csrf_token": page_token(client, ask)})
    assert removed.status_code == 302
    assert 'data-member="sue"' not in client.get(course["path"]).get_data(as_text=True)


def test_a_new_assignment_opens_now_by_default(app, client, course, password):
    sign_in(client, "ivy", password)
    page = client.get(course["path"]).get_data(as_text=True)
    assert 'name="opens_at"' in page and 'data-utc="' in page  # filled with now
    added = client.post(f"{course['path']}/assignments", data={
        "title": "Week 2", "challenges": ["softmax"], "opens_at": "", "late_policy": "marked",
        "due_at": (NOW + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M"),
        "csrf_token": page_token(client, course["path"])})
    assert added.status_code == 302
    with app.app_context():
        week = db.session.scalar(select(Assignment).where(Assignment.title == "Week 2"))
        assert abs(week.opens_at - datetime.now(UTC)) < timedelta(minutes=1)


def test_feedback_after_due_shows_the_student_the_verdict_alone(app, client, course, password):
    made = graded(app, "sam", "softmax")
    sign_in(client, "sam", password)
    page = client.get(f"/submissions/{made}").get_data(as_text=True)
    assert 'data-testid="verdict"' in page and 'data-testid="feedback-withheld"' in page
    assert 'data-testid="test-result"' not in page and 'data-testid="diagnosis"' not in page
    assert EXPLANATION not in page and 'class="score"' not in page
    for listing in ("/challenges/softmax", "/submissions"):
        shown = client.get(listing).get_data(as_text=True)
        assert "after the due time" in shown and "1/2" not in shown, listing
    sign_in(client, "ivy", password)
    staff = client.get(f"/submissions/{made}").get_data(as_text=True)
    assert EXPLANATION in staff and 'data-testid="feedback-withheld"' not in staff
    with app.app_context():
        week = db.session.get(Assignment, course["week"])
        week.due_at = NOW - timedelta(minutes=1)
        db.session.commit()
    sign_in(client, "sam", password)
    after = client.get(f"/submissions/{made}").get_data(as_text=True)
    assert EXPLANATION in after and after.count('data-testid="test-result"') == 2
