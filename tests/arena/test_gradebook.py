"""Assignments with deadlines across time zones, and the gradebook they make (JSON and CSV)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from arena.db import downgrade, upgrade
from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS, record_report
from arena.models import GradebookCell, User
from arena.services.gradebook_csv import spreadsheet_safe
from arena.services.submissions import create_submission
from graders.report import GradeReport
from graders.verdicts import Verdict

OPENS = "2026-11-30T09:00:00+09:00"  # 00:00 UTC
DUE = "2026-12-01T23:59:00+09:00"  # 14:59 UTC
DUE_UTC = datetime(2026, 12, 1, 14, 59, tzinfo=UTC)
JOINED = datetime(2026, 11, 1, tzinfo=UTC)


@pytest.fixture
def course(client, people, catalog, joined_on) -> str:
    """Ivy's course with sam and sue, who joined before the term (zed stays out); return
    its path."""
    created = client.post("/api/v1/courses", json={"title": "Attention"}, headers=people["ivy"])
    for student in ("sam", "sue"):
        client.post("/api/v1/courses/join", json={"code": created.get_json()["join_code"]},
                    headers=people[student])
    joined_on(created.get_json()["id"], JOINED, "sam", "sue")
    return f"/api/v1/courses/{created.get_json()['id']}"


def _assign(client, people, course, **changed):
    body = {"title": "Week 1", "challenges": ["softmax", "scaled-scores"], "opens_at": OPENS,
            "due_at": DUE, **changed}
    return client.post(f"{course}/assignments", json=body, headers=people["ivy"])


def record_verdict(app, username: str, slug: str, verdict: str, at: datetime) -> None:
    """Record a verdict, the way a worker does, for a submission made at `at`."""
    with app.app_context():
        user = db.session.scalar(db.select(User).where(User.username == username))
        submission = create_submission(user, slug, "def f():\n    pass\n")
        submission.created_at = at
        db.session.commit()
        assert SUBMISSIONS.claim(submission.id)
        assert record_report(submission.id, 1, GradeReport(Verdict(verdict)))


def test_times_with_offsets_are_stored_in_utc(client, people, course):
    created = _assign(client, people, course)
    assert created.status_code == 201
    body = created.get_json()
    assert body["challenges"] == ["softmax", "scaled-scores"]
    assert datetime.fromisoformat(body["due_at"]).replace(tzinfo=UTC) == DUE_UTC
    assert body["late_policy"] == "marked"


@pytest.mark.parametrize(("changed", "status"), [
    ({"due_at": "2026-12-01T23:59:00"}, 422),  # no offset: which 23:59?
    ({"due_at": OPENS}, 422),  # due when it opens
    ({"challenges": []}, 422),
    ({"challenges": ["softmax", "softmax"]}, 422),
    ({"challenges": ["nope"]}, 404),
    ({"late_policy": "sometimes"}, 422),
])
def test_an_assignment_that_cannot_be_kept_is_refused(client, people, course, changed, status):
    assert _assign(client, people, course, **changed).status_code == status


def test_students_see_an_assignment_once_it_opens(client, people, course):
    later = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    _assign(client, people, course, title="Next week", opens_at=later,
            due_at=(datetime.now(UTC) + timedelta(days=8)).isoformat())
    _assign(client, people, course)
    student = client.get(f"{course}/assignments", headers=people["sam"]).get_json()
    teacher = client.get(f"{course}/assignments", headers=people["ivy"]).get_json()
    assert [a["title"] for a in student["assignments"]] == ["Week 1"]
    assert [a["title"] for a in teacher["assignments"]] == ["Week 1", "Next week"]
    assert client.get(f"{course}/assignments", headers=people["zed"]).status_code == 404


def test_an_instructor_changes_an_assignment(client, people, course):
    created = _assign(client, people, course).get_json()
    changed = client.put(f"{course}/assignments/{created['id']}", headers=people["ivy"], json={
        "title": "Week 1 (again)", "challenges": ["scaled-scores"], "opens_at": OPENS,
        "due_at": DUE, "late_policy": "not_counted"})
    assert changed.status_code == 200
    assert changed.get_json()["challenges"] == ["scaled-scores"]
    assert client.put(f"{course}/assignments/{created['id']}", headers=people["sam"],
                      json={**changed.get_json()}).status_code in (403, 422)


def test_the_gradebook_marks_late_work_from_the_due_instant_on(app, client, people, course):
    _assign(client, people, course)
    record_verdict(app, "sam", "softmax", "wrong_answer", DUE_UTC - timedelta(hours=2))
    record_verdict(app, "sam", "softmax", "accepted", DUE_UTC - timedelta(hours=1))
    record_verdict(app, "sam", "softmax", "wrong_answer", DUE_UTC + timedelta(hours=1))
    record_verdict(app, "sue", "softmax", "accepted", DUE_UTC)  # at the due instant: on time
    record_verdict(app, "sue", "scaled-scores", "accepted", DUE_UTC + timedelta(seconds=1))
    record_verdict(app, "sue", "scaled-scores", "internal_error", DUE_UTC - timedelta(hours=1))
    record_verdict(app, "zed", "softmax", "accepted", DUE_UTC)  # not in the course
    record_verdict(app, "sam", "scaled-scores", "accepted",
            datetime(2026, 11, 29, tzinfo=UTC))  # before it opened: does not count

    book = client.get(f"{course}/gradebook", headers=people["ivy"]).get_json()
    assert book["challenges"] == ["softmax", "scaled-scores"]
    rows = {row["username"]: row["cells"] for row in book["rows"]}
    assert list(rows) == ["sam", "sue"]
    sam_row = next(row for row in book["rows"] if row["username"] == "sam")
    assert sam_row["submissions"] == f"/api/v1/submissions?course={course.rsplit('/', 1)[1]}" \
        "&student=sam"
    assert rows["sam"]["softmax"] == {"verdict": "accepted", "late": False, "attempts": 3,
                                      "first_accepted_at": "2026-12-01T13:59:00+00:00",
                                      "points": 1}
    assert rows["sam"]["scaled-scores"] == {"verdict": None, "late": False, "attempts": 0,
                                            "first_accepted_at": None, "points": 0}
    assert rows["sue"]["softmax"]["late"] is False
    assert rows["sue"]["scaled-scores"] == {"verdict": "accepted", "late": True, "attempts": 1,
                                            "first_accepted_at": "2026-12-01T14:59:01+00:00",
                                            "points": 1}  # late, and no penalty

    csv = client.get(f"{course}/gradebook.csv", headers=people["ivy"])
    assert csv.status_code == 200 and csv.mimetype == "text/csv"
    week = f"Week 1 ({book['assignments'][0]['id']})"
    assert csv.get_data(as_text=True) == (
        f"username,name,email,student_number,softmax,scaled-scores,{week},total\n"
        "sam,,,,1,0,1,1\n"
        "sue,,,,1,1,2,2\n")


def test_late_work_does_not_count_under_that_policy(app, client, people, course):
    _assign(client, people, course, late_policy="not_counted")
    record_verdict(app, "sue", "softmax", "wrong_answer", DUE_UTC)
    record_verdict(app, "sue", "softmax", "accepted", DUE_UTC + timedelta(minutes=1))
    book = client.get(f"{course}/gradebook", headers=people["ivy"]).get_json()
    sue = {row["username"]: row["cells"] for row in book["rows"]}["sue"]
    assert sue["softmax"] == {"verdict": "wrong_answer", "late": False, "attempts": 1,
                              "first_accepted_at": None, "points": 0}


def test_without_an_accept_a_cell_shows_the_newest_counted_verdict(app, client, people, course):
    _assign(client, people, course)
    # Recorded out of time order: the newest by time wins, not the last row written.
    record_verdict(app, "sam", "softmax", "time_limit_exceeded", DUE_UTC - timedelta(hours=1))
    record_verdict(app, "sam", "softmax", "wrong_answer", DUE_UTC - timedelta(hours=3))
    record_verdict(app, "sam", "softmax", "internal_error", DUE_UTC - timedelta(minutes=1))
    record_verdict(app, "sue", "softmax", "wrong_answer", DUE_UTC - timedelta(hours=1))
    record_verdict(app, "sue", "softmax", "runtime_error", DUE_UTC + timedelta(hours=1))
    book = client.get(f"{course}/gradebook", headers=people["ivy"]).get_json()
    rows = {row["username"]: row["cells"] for row in book["rows"]}
    assert rows["sam"]["softmax"] == {"verdict": "time_limit_exceeded", "late": False,
                                      "attempts": 2, "first_accepted_at": None, "points": 0}
    assert rows["sue"]["softmax"] == {"verdict": "runtime_error", "late": True,
                                      "attempts": 2, "first_accepted_at": None, "points": 0}


def test_the_stored_cells_follow_joins_edits_and_departures(app, client, people, course,
                                                            joined_on):
    """A cell is recomputed whenever one of its inputs changes: a student joining (whose
    earlier work does not count), an edited due time, a member who leaves and comes back."""
    def softmax_cells() -> dict[str, dict]:
        book = client.get(f"{course}/gradebook", headers=people["ivy"]).get_json()
        return {row["username"]: row["cells"]["softmax"] for row in book["rows"]}

    def stored_for(username: str) -> int:
        with app.app_context():
            return db.session.scalar(db.select(db.func.count()).select_from(GradebookCell).join(
                User, User.id == GradebookCell.user_id).where(User.username == username))

    assigned = _assign(client, people, course, late_policy="not_counted").get_json()
    late = DUE_UTC + timedelta(hours=1)
    record_verdict(app, "zed", "softmax", "accepted", late)  # zed has not joined yet
    record_verdict(app, "sue", "softmax", "accepted", late)
    assert softmax_cells()["sue"]["attempts"] == 0  # late work does not count here
    code = client.get(course, headers=people["ivy"]).get_json()["join_code"]
    assert client.post("/api/v1/courses/join", json={"code": code},
                       headers=people["zed"]).status_code == 200
    assert softmax_cells()["zed"]["attempts"] == 0 and stored_for("zed") == 0

    later = (DUE_UTC + timedelta(hours=2)).isoformat()
    assert client.put(f"{course}/assignments/{assigned['id']}", headers=people["ivy"], json={
        "title": "Week 1", "challenges": ["softmax"], "opens_at": OPENS, "due_at": later,
        "late_policy": "not_counted"}).status_code == 200
    on_time = {"verdict": "accepted", "late": False, "attempts": 1,
               "first_accepted_at": late.isoformat(), "points": 1}
    assert softmax_cells()["sue"] == on_time
    assert softmax_cells()["zed"]["attempts"] == 0  # made before joining: still not counted

    joined_on(int(course.rsplit("/", 1)[1]), JOINED, "zed")
    assert softmax_cells()["zed"] == on_time  # had zed joined before, it would count
    assert client.delete(f"{course}/members/zed", headers=people["ivy"]).status_code == 204
    assert "zed" not in softmax_cells() and stored_for("zed") == 0
    client.post("/api/v1/courses/join", json={"code": code}, headers=people["zed"])
    assert softmax_cells()["zed"]["attempts"] == 0  # joined again: from now on


def test_the_migration_fills_the_cells_of_work_graded_before_it(app, client, people, course):
    _assign(client, people, course)
    record_verdict(app, "sam", "softmax", "wrong_answer", DUE_UTC - timedelta(hours=2))
    record_verdict(app, "sam", "softmax", "accepted", DUE_UTC + timedelta(hours=1))
    record_verdict(app, "sue", "scaled-scores", "runtime_error", DUE_UTC)
    record_verdict(app, "sue", "scaled-scores", "internal_error", DUE_UTC + timedelta(hours=1))
    before = client.get(f"{course}/gradebook", headers=people["ivy"]).get_json()
    downgrade(app, "0008")  # the table goes, and comes back filled from the submissions
    upgrade(app)
    assert client.get(f"{course}/gradebook", headers=people["ivy"]).get_json() == before
    assert before["rows"][0]["cells"]["softmax"]["late"] is True


def test_a_student_sees_only_their_own_row(app, client, people, course):
    _assign(client, people, course)
    record_verdict(app, "sam", "softmax", "accepted", DUE_UTC)
    record_verdict(app, "sue", "softmax", "wrong_answer", DUE_UTC)
    own = client.get(f"{course}/gradebook", headers=people["sam"]).get_json()
    assert [row["username"] for row in own["rows"]] == ["sam"]
    assert own["rows"][0]["cells"]["softmax"]["verdict"] == "accepted"
    week = f"Week 1 ({own['assignments'][0]['id']})"
    assert client.get(f"{course}/gradebook.csv", headers=people["sue"]).get_data(
        as_text=True) == (f"username,name,email,student_number,softmax,scaled-scores,{week},"
                          "total\nsue,,,,0,0,0,0\n")
    assert client.get(f"{course}/gradebook.csv", headers=people["zed"]).status_code == 404
    assert client.get(f"{course}/gradebook", headers={}).status_code == 401


def test_a_username_never_becomes_a_spreadsheet_formula():
    assert spreadsheet_safe("=HYPERLINK(\"x\")") == "'=HYPERLINK(\"x\")"
    assert spreadsheet_safe("-1") == "'-1" and spreadsheet_safe("ann") == "ann"


def test_instructors_filter_submissions_and_read_the_code(app, client, people, course):
    _assign(client, people, course)
    record_verdict(app, "sam", "softmax", "wrong_answer", DUE_UTC - timedelta(hours=2))
    record_verdict(app, "sue", "softmax", "accepted", DUE_UTC - timedelta(hours=1))
    record_verdict(app, "zed", "softmax", "accepted", DUE_UTC)  # not in the course
    course_id = course.rsplit("/", 1)[1]

    def listed(query: str, who: str = "ivy") -> list[str]:
        answer = client.get(f"/api/v1/submissions?{query}", headers=people[who])
        assert answer.status_code == 200, answer.get_json()
        return [s["user"] for s in answer.get_json()["submissions"]]

    assert listed(f"course={course_id}") == ["sue", "sam"]
    assert listed(f"course={course_id}&verdict=accepted") == ["sue"]
    assert listed("student=zed") == []  # not her student
    assert listed("student=sam") == ["sam"]
    assert listed("since=2026-12-01T13:30:00%2B00:00&until=2026-12-01T14:30:00%2B00:00") == [
        "sue"]
    assert listed(f"course={course_id}&limit=1") == ["sue"]
    page = client.get(f"/api/v1/submissions?course={course_id}&verdict=wrong_answer&limit=1",
                      headers=people["ivy"]).get_json()
    assert page["next"] is None
    first = client.get(f"/api/v1/submissions?course={course_id}&limit=1",
                       headers=people["ivy"]).get_json()
    assert f"course={course_id}" in first["next"]  # the next page keeps the filters
    assert listed(f"course={course_id}", who="sam") == ["sam"]  # a student: their own
    assert client.get(f"/api/v1/submissions?course={course_id}",
                      headers=people["zed"]).status_code == 404
    mine = client.get("/api/v1/submissions", headers=people["sam"]).get_json()["submissions"]
    shown = client.get(mine[0]["url"], headers=people["ivy"]).get_json()
    assert shown["code"] == "def f():\n    pass\n"
    assert client.get(mine[0]["url"], headers=people["sue"]).status_code == 404


def test_the_json_is_what_its_documented_schema_dumps(app, client, people, course):
    """The gradebook's JSON is built without marshmallow: it must be what GradebookOut
    would dump, to the microsecond, and lateness must hold below the second too."""
    from arena.api.courses import GradebookOut, gradebook_data
    from arena.services.gradebook import gradebook

    _assign(client, people, course)
    record_verdict(app, "sam", "softmax", "accepted", DUE_UTC + timedelta(microseconds=1500))
    record_verdict(app, "sue", "softmax", "accepted", DUE_UTC - timedelta(microseconds=1))
    record_verdict(app, "sue", "scaled-scores", "wrong_answer", DUE_UTC)
    served = client.get(f"{course}/gradebook", headers=people["ivy"]).get_json()
    with app.test_request_context():
        ivy = db.session.scalar(db.select(User).where(User.username == "ivy"))
        book = gradebook(ivy, int(course.rsplit("/", 1)[1]))
        built = gradebook_data(book, int(course.rsplit("/", 1)[1]))
        assert GradebookOut().dump({**built, "rows": [
            {**row, "cells": {slug: cell._asdict() for slug, cell in stored.cells.items()}}
            for row, stored in zip(built["rows"], book.rows, strict=True)]}) == built
    rows = {row["username"]: row["cells"] for row in served["rows"]}
    assert served == built
    assert rows["sam"]["softmax"]["late"] is True
    assert rows["sam"]["softmax"]["first_accepted_at"] == "2026-12-01T14:59:00.001500+00:00"
    assert rows["sue"]["softmax"]["late"] is False
    assert rows["sue"]["scaled-scores"] == {"verdict": "wrong_answer", "late": False,
                                            "attempts": 1, "first_accepted_at": None,
                                            "points": 0}
