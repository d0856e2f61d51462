"""Courses that change, through the API: assignments deleted, courses archived, unarchived and
deleted, an opening that defaults to now, and feedback released after the due time (each
surface that shows a submission: its JSON, the list, the review, the command line's table)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from arena.client import format_result
from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS, record_report
from arena.models import Assignment, Course, GradebookCell, Submission, User
from arena.services.submissions import create_submission
from graders.report import GradeReport, TestReport
from graders.verdicts import Verdict

EXPLANATION = "It forgets to divide the scores by sqrt(d)."
NOW = datetime.now(UTC)


def _iso(moment: datetime) -> str:
    return moment.isoformat()


@pytest.fixture
def course(client, people, catalog) -> str:
    """Ivy's course with sam and sue (zed stays out); return its path."""
    created = client.post("/api/v1/courses", json={"title": "Attention"}, headers=people["ivy"])
    for student in ("sam", "sue"):
        joined = client.post("/api/v1/courses/join", json={
            "code": created.get_json()["join_code"]}, headers=people[student])
        assert joined.status_code == 200
    return f"/api/v1/courses/{created.get_json()['id']}"


def _assign(client, people, course, **changed) -> dict:
    body = {"title": "Week 1", "challenges": ["softmax", "scaled-scores"],
            "opens_at": _iso(NOW - timedelta(days=1)), "due_at": _iso(NOW + timedelta(days=6)),
            **changed}
    created = client.post(f"{course}/assignments", json=body, headers=people["ivy"])
    assert created.status_code == 201, created.get_json()
    return created.get_json()


def _graded(app, username: str, slug: str, verdict: str = "wrong_answer",
            at: datetime | None = None, kind: str = "submission") -> int:
    """Record a graded submission the way a worker does, with a public and a hidden row and a
    named bug; return its id."""
    tests = [TestReport("example", hidden=False, passed=False, message="the values differ",
                        input={"args": [[1.0]]}, expected=[1.0], got=[2.0],
                        mutant="no_scale", explanation={"en": EXPLANATION}),
             TestReport("wide rows", hidden=True, passed=True)]
    with app.app_context():
        user = db.session.scalar(db.select(User).where(User.username == username))
        submission = create_submission(user, slug, "def f():\n    pass\n", kind)
        submission.created_at = at or datetime.now(UTC)
        db.session.commit()
        assert SUBMISSIONS.claim(submission.id)
        assert record_report(submission.id, 1, GradeReport(Verdict(verdict), tests,
                                                           named_mutant="no_scale"))
        return submission.id


def _cells(app, assignment_id: int) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(GradebookCell).where(
            GradebookCell.assignment_id == assignment_id))


#: Who meets what on the routes that change a course: anonymous 401, outsiders 404, its
#: student 403, its instructors and admins do it.
ACTORS = {"anonymous": 401, "zed": 404, "ian": 404, "sam": 403, "ada": None, "ivy": None}


@pytest.mark.parametrize("actor", list(ACTORS))
def test_who_deletes_an_assignment(client, people, course, actor):
    aid = _assign(client, people, course)["id"]
    headers = people.get(actor, {})
    answer = client.delete(f"{course}/assignments/{aid}", headers=headers)
    assert answer.status_code == (ACTORS[actor] or 204)
    left = client.get(f"{course}/assignments", headers=people["ivy"]).get_json()["assignments"]
    assert [a["id"] for a in left] == ([] if ACTORS[actor] is None else [aid])


@pytest.mark.parametrize("actor", list(ACTORS))
def test_who_archives_unarchives_and_deletes_a_course(client, people, course, actor):
    headers = people.get(actor, {})
    expected = ACTORS[actor]
    archived = client.post(f"{course}/archive", headers=headers)
    assert archived.status_code == (expected or 200)
    if expected is None:
        assert archived.get_json()["archived_at"] is not None
    unarchived = client.post(f"{course}/unarchive", headers=headers)
    assert unarchived.status_code == (expected or 200)
    deleted = client.delete(course, headers=headers)
    assert deleted.status_code == (expected or 204)
    assert client.get(course, headers=people["ivy"]).status_code == (404 if expected is None
                                                                     else 200)


def test_deleting_an_assignment_drops_its_grades_and_keeps_the_submissions(app, client,
                                                                          people, course):
    week = _assign(client, people, course)
    other = _assign(client, people, course, title="Week 2", challenges=["softmax"])
    made = _graded(app, "sam", "scaled-scores")
    _graded(app, "sam", "softmax", "accepted")
    assert _cells(app, week["id"]) == 2
    assert client.delete(f"{course}/assignments/{week['id']}",
                         headers=people["ivy"]).status_code == 204
    assert _cells(app, week["id"]) == 0
    book = client.get(f"{course}/gradebook", headers=people["ivy"]).get_json()
    assert book["challenges"] == ["softmax"]  # counted under the assignment that remains
    sam = next(row for row in book["rows"] if row["username"] == "sam")
    assert sam["cells"]["softmax"]["verdict"] == "accepted" and _cells(app, other["id"]) == 1
    mine = client.get(f"/api/v1/submissions/{made}", headers=people["sam"])
    assert mine.status_code == 200 and mine.get_json()["verdict"] == "wrong_answer"
    again = client.delete(f"{course}/assignments/{week['id']}", headers=people["ivy"])
    assert again.status_code == 404
    elsewhere = client.post("/api/v1/courses", json={"title": "Other"}, headers=people["ian"])
    foreign = f"/api/v1/courses/{elsewhere.get_json()['id']}/assignments/{other['id']}"
    assert client.delete(foreign, headers=people["ian"]).status_code == 404


def test_deleting_a_course_keeps_the_submissions(app, client, people, course):
    _assign(client, people, course)
    made = _graded(app, "sam", "softmax")
    assert client.delete(course, headers=people["ada"]).status_code == 204
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Course)) == 0
        assert db.session.scalar(db.select(db.func.count()).select_from(Assignment)) == 0
        assert db.session.get(Submission, made) is not None
    assert client.get("/api/v1/courses", headers=people["sam"]).get_json()["courses"] == []
    assert client.get(f"/api/v1/submissions/{made}", headers=people["sam"]).status_code == 200


def test_an_archived_course_is_read_only_and_still_visible(client, people, course):
    aid = _assign(client, people, course)["id"]
    code = client.get(course, headers=people["ivy"]).get_json()["join_code"]
    assert client.post(f"{course}/archive", headers=people["ivy"]).status_code == 200
    again = client.post(f"{course}/archive", headers=people["ivy"])
    assert again.status_code == 200  # archiving twice changes nothing
    refusals = [
        client.post("/api/v1/courses/join", json={"code": code}, headers=people["zed"]),
        client.post(f"{course}/assignments", json={
            "title": "Late", "challenges": ["softmax"], "due_at": _iso(NOW + timedelta(days=1))},
            headers=people["ivy"]),
        client.put(f"{course}/assignments/{aid}", json={
            "title": "Renamed", "challenges": ["softmax"],
            "due_at": _iso(NOW + timedelta(days=1))}, headers=people["ivy"]),
        client.delete(f"{course}/assignments/{aid}", headers=people["ivy"]),
        client.post(f"{course}/instructors", json={"username": "ian"}, headers=people["ivy"]),
    ]
    for refused in refusals:
        assert refused.status_code == 409, refused.request.path
        assert refused.get_json()["error"]["code"] == "course_archived"
    rejoined = client.post("/api/v1/courses/join", json={"code": code}, headers=people["sam"])
    assert rejoined.status_code == 200  # a member joining again changes nothing
    for member in ("sam", "ivy"):
        shown = client.get(course, headers=people[member]).get_json()
        assert shown["archived_at"] is not None
        listed = client.get(f"{course}/assignments", headers=people[member]).get_json()
        assert [a["id"] for a in listed["assignments"]] == [aid]
    assert client.get(f"{course}/gradebook", headers=people["ivy"]).status_code == 200
    back = client.post(f"{course}/unarchive", headers=people["ivy"])
    assert back.status_code == 200 and back.get_json()["archived_at"] is None
    assert client.post("/api/v1/courses/join", json={"code": code},
                       headers=people["zed"]).status_code == 200


def test_an_assignment_opens_now_unless_told_and_keeps_its_opening_when_changed(
        client, people, course):
    before = datetime.now(UTC)
    created = client.post(f"{course}/assignments", json={
        "title": "Now", "challenges": ["softmax"], "due_at": _iso(NOW + timedelta(days=2))},
        headers=people["ivy"]).get_json()
    opens = datetime.fromisoformat(created["opens_at"]).replace(tzinfo=UTC)
    assert before - timedelta(seconds=1) <= opens <= datetime.now(UTC)
    seen = client.get(f"{course}/assignments", headers=people["sam"]).get_json()
    assert "Now" in [a["title"] for a in seen["assignments"]]  # open at once
    changed = client.put(f"{course}/assignments/{created['id']}", json={
        "title": "Renamed", "challenges": ["softmax"], "due_at": _iso(NOW + timedelta(days=3))},
        headers=people["ivy"]).get_json()
    assert changed["opens_at"] == created["opens_at"] and changed["title"] == "Renamed"
    late = client.post(f"{course}/assignments", json={
        "title": "Past", "challenges": ["softmax"], "due_at": _iso(NOW - timedelta(days=1))},
        headers=people["ivy"])
    assert late.status_code == 422  # due before it opens (now)


def test_feedback_is_immediate_unless_the_assignment_says_after_due(client, people, course):
    created = _assign(client, people, course)
    assert created["feedback"] == "immediate"
    refused = client.post(f"{course}/assignments", json={
        "title": "W", "challenges": ["softmax"], "due_at": _iso(NOW + timedelta(days=1)),
        "feedback": "never"}, headers=people["ivy"])
    assert refused.status_code == 422


def _withheld(body: dict) -> bool:
    """Tell whether a submission's JSON shows its verdict alone."""
    return (body["withheld_until"] is not None and body["tests"] == [] and body["rows"] == []
            and body["diagnosis"] is None and body["passed"] is None and body["total"] is None
            and body["message"] == "" and body["output"] == "")


def test_feedback_after_due_shows_the_student_the_verdict_alone_until_then(app, client,
                                                                          people, course):
    due = NOW + timedelta(days=6)
    week = _assign(client, people, course, feedback="after_due", due_at=_iso(due))
    made = _graded(app, "sam", "softmax")
    before_opening = _graded(app, "sam", "softmax", at=NOW - timedelta(days=2))
    run = _graded(app, "sam", "softmax", kind="run")
    other = _graded(app, "sam", "attention-weights")  # no assignment holds it

    mine = client.get(f"/api/v1/submissions/{made}", headers=people["sam"]).get_json()
    assert mine["verdict"] == "wrong_answer" and _withheld(mine)
    until = datetime.fromisoformat(mine["withheld_until"]).replace(tzinfo=UTC)
    assert abs(until - due) < timedelta(seconds=1)
    assert EXPLANATION not in str(mine) and "no_scale" not in str(mine)
    for shown in (before_opening, run, other):
        body = client.get(f"/api/v1/submissions/{shown}", headers=people["sam"]).get_json()
        assert body["withheld_until"] is None and body["diagnosis"] == EXPLANATION, shown
    for staff in ("ivy", "ada"):
        body = client.get(f"/api/v1/submissions/{made}", headers=people[staff]).get_json()
        assert body["withheld_until"] is None and body["diagnosis"] == EXPLANATION
        assert len(body["tests"]) == 2

    listed = client.get("/api/v1/submissions?challenge=softmax",
                        headers=people["sam"]).get_json()["submissions"]
    row = next(s for s in listed if s["id"] == made)
    assert row["passed"] is None and row["withheld_until"] is not None
    assert next(s for s in listed if s["id"] == before_opening)["passed"] == 1

    review = client.post(f"/api/v1/submissions/{made}/review", headers=people["sam"])
    assert review.status_code == 409
    assert review.get_json()["error"]["code"] == "feedback_withheld"

    printed = format_result(mine)  # what `arena submit` prints of this answer
    assert "wrong_answer" in printed and "after the due time" in printed
    assert "example" not in printed and "->" not in printed

    # The due time passes (an instructor moves it): everything shows.
    client.put(f"{course}/assignments/{week['id']}", json={
        "title": "Week 1", "challenges": ["softmax", "scaled-scores"],
        "opens_at": _iso(NOW - timedelta(days=1)), "due_at": _iso(NOW - timedelta(minutes=1)),
        "feedback": "after_due"}, headers=people["ivy"])
    after = client.get(f"/api/v1/submissions/{made}", headers=people["sam"]).get_json()
    assert after["withheld_until"] is None and after["diagnosis"] == EXPLANATION
    assert [t["name"] for t in after["tests"]] == ["example", "wide rows"]
    assert "->" in format_result(after)


def test_work_counted_before_the_opening_is_held_back_and_read_as_the_gradebook_counts_it(
        app, client, people, course):
    """`counts_from` before the opening: what the gradebook counts from then on is withheld
    until the due time and readable by the course's instructors, as work after the opening."""
    _assign(client, people, course, feedback="after_due", opens_at=_iso(NOW + timedelta(hours=1)),
            counts_from=_iso(NOW - timedelta(hours=2)))
    early = _graded(app, "sam", "softmax")  # after counts_from, before the opening
    assert _withheld(client.get(f"/api/v1/submissions/{early}", headers=people["sam"]).get_json())
    read = client.get(f"/api/v1/submissions/{early}", headers=people["ivy"])
    assert read.status_code == 200 and read.get_json()["diagnosis"] == EXPLANATION


def test_feedback_after_due_waits_for_a_students_own_extended_due_time(app, client, people,
                                                                       course):
    extended = NOW + timedelta(days=3)
    week = _assign(client, people, course, feedback="after_due",
                   due_at=_iso(NOW - timedelta(minutes=1)), extensions={"sam": _iso(extended)})
    sams, sues = _graded(app, "sam", "softmax"), _graded(app, "sue", "softmax")
    mine = client.get(f"/api/v1/submissions/{sams}", headers=people["sam"]).get_json()
    assert _withheld(mine)  # the class's due time passed; sam's own has not
    until = datetime.fromisoformat(mine["withheld_until"]).replace(tzinfo=UTC)
    assert abs(until - extended) < timedelta(seconds=1)
    theirs = client.get(f"/api/v1/submissions/{sues}", headers=people["sue"]).get_json()
    assert theirs["withheld_until"] is None and theirs["diagnosis"] == EXPLANATION
    client.put(f"{course}/assignments/{week['id']}", json={
        "title": "Week 1", "challenges": ["softmax", "scaled-scores"],
        "due_at": _iso(NOW - timedelta(minutes=1)), "feedback": "after_due",
        "extensions": {}}, headers=people["ivy"])
    released = client.get(f"/api/v1/submissions/{sams}", headers=people["sam"]).get_json()
    assert released["withheld_until"] is None and released["diagnosis"] == EXPLANATION
