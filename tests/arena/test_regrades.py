"""Regrades: who may start and follow one, what each item records (the verdict it replaces
kept in the submission's history, once), and real regrades through the queue after a new
version of a challenge catches a solution the first version let through: the owner's, which
changes no course's gradebook, and a course's after its instructor moves to the version."""

from __future__ import annotations

import time

import pytest

from arena.extensions import db
from arena.jobs.grading import claim_next
from arena.jobs.regrading import claim_next_item, record_regrade
from arena.models import RegradeItem, Submission, User
from arena.services.regrades import progress
from arena.services.submissions import create_submission
from graders.report import GradeReport, TestReport
from graders.verdicts import Status, Verdict

SLUG = "running-max"
WEAK_SOLUTION = "def running_max(row):\n    return list(row)\n"  # the mutant, as a learner


WEEK_1 = {"title": "Week 1", "challenges": [SLUG], "opens_at": "2026-01-01T00:00:00+00:00",
          "due_at": "2099-01-01T00:00:00+00:00"}


@pytest.fixture
def course(app, client, people, tiny_files, publish_files) -> int:
    """Ivy's published challenge (its first, weak version) and her course of sam and sue,
    with an assignment of it, open since January."""
    publish_files("ivy", tiny_files)
    created = client.post("/api/v1/courses", json={"title": "Attention"}, headers=people["ivy"])
    for student in ("sam", "sue"):
        client.post("/api/v1/courses/join", json={"code": created.get_json()["join_code"]},
                    headers=people[student])
    course_id = created.get_json()["id"]
    client.post(f"/api/v1/courses/{course_id}/assignments", json=WEEK_1, headers=people["ivy"])
    return course_id


def _graded(app, username: str, verdict: str = "accepted") -> int:
    """Record a finished submission of `username` to the challenge; return its id."""
    with app.app_context():
        user = db.session.scalar(db.select(User).where(User.username == username))
        submission = create_submission(user, SLUG, WEAK_SOLUTION)
        submission.status, submission.verdict = Status.DONE, verdict
        submission.passed = submission.total = 3
        db.session.commit()
        return submission.id


def _regrade(client, headers, **body):
    return client.post(f"/api/v1/challenges/{SLUG}/regrade", json=body, headers=headers)


def test_who_may_regrade_what(app, client, people, course):
    for name in ("sam", "sue", "zed"):
        _graded(app, name)
    expected = [  # (who, body, status)
        ("sam", {"course": course}, 403), ("zed", {"course": course}, 404),
        ("ian", {"course": course}, 404), ("ian", {}, 403), ("sam", {}, 403),
        ("ivy", {"course": course, "student": "zed"}, 404),  # not in her course
        ("ivy", {"course": 999}, 404), ("ivy", {"student": "nobody"}, 404),
        ("ivy", {"course": "one"}, 422),
    ]
    for who, body, status in expected:
        assert _regrade(client, people[who], **body).status_code == status, (who, body)
    assert client.post("/api/v1/challenges/softmax/regrade", json={},
                       headers=people["ivy"]).status_code == 404  # not published here
    assert _regrade(client, {}, course=course).status_code == 401

    scopes = {"course": ({"course": course}, "ivy", 2), "one": (
        {"course": course, "student": "sue"}, "ivy", 1), "all": ({}, "ada", 3),
        "owner": ({}, "ivy", 3)}
    for body, who, total in scopes.values():
        answer = _regrade(client, people[who], **body)
        assert answer.status_code == 202 and answer.headers["Location"] == answer.json["url"]
        shown = client.get(answer.json["url"], headers=people[who]).get_json()
        assert (shown["status"], shown["total"], shown["done"]) == ("queued", total, 0), body
        assert shown["challenge"] == SLUG and shown["version"] == 1
    followed = _regrade(client, people["ivy"], course=course).json["url"]
    assert client.get(followed, headers=people["ada"]).status_code == 200
    for outsider in ("sam", "ian"):
        assert client.get(followed, headers=people[outsider]).status_code == 404
    assert client.get("/api/v1/regrades/999", headers=people["ada"]).status_code == 404


def _report(verdict: str) -> GradeReport:
    """A report of three tests, the last one failing unless the verdict is accepted."""
    tests = [TestReport(name=name, hidden=True, passed=True) for name in ("up", "one")]
    tests.append(TestReport(name="a dip", hidden=True, passed=verdict == Verdict.ACCEPTED))
    return GradeReport(verdict=Verdict(verdict), tests=tests)


def test_a_recorded_regrade_keeps_the_old_verdict_once(app, client, people, course,
                                                       mark_prepared):
    mark_prepared()
    sam, sue = _graded(app, "sam"), _graded(app, "sue", "wrong_answer")
    url = _regrade(client, people["ivy"], course=course).json["url"]
    with app.app_context():
        first, second = claim_next_item(), claim_next_item()
        assert claim_next_item() is None
        items = {i.submission_id: i for i in db.session.scalars(db.select(RegradeItem))}
        assert {first, second} == {items[sam].id, items[sue].id}
        assert record_regrade(items[sam].id, 1, _report("wrong_answer"))
        assert not record_regrade(items[sam].id, 1, _report("accepted"))  # repeated: ignored
        assert not record_regrade(items[sue].id, 2, _report("accepted"))  # stale attempt
        shown = client.get(url, headers=people["ivy"]).get_json()
        assert (shown["status"], shown["done"], shown["changed"]) == ("running", 1, 1)
        assert record_regrade(items[sue].id, 1, _report("wrong_answer"))
        done = progress(items[sue].regrade)
        assert (done.status, done.total, done.done, done.changed) == ("done", 2, 2, 1)
    graded = client.get(f"/api/v1/submissions/{sam}", headers=people["ivy"]).get_json()
    assert graded["verdict"] == "wrong_answer" and graded["passed"] == 2
    assert [t["name"] for t in graded["tests"]] == ["up", "one", "a dip"]
    assert [(h["verdict"], h["version"], h["passed"]) for h in graded["history"]] == [
        ("accepted", 1, 3)]
    assert client.get(url, headers=people["ivy"]).get_json()["finished_at"] is not None
    with app.app_context(), client.session_transaction() as session:  # sam's browser
        session["_user_id"] = db.session.scalar(
            db.select(User).where(User.username == "sam")).get_id()
    page = client.get(f"/submissions/{sam}").get_data(as_text=True)
    assert 'data-testid="grade-history"' in page and 'data-verdict="accepted"' in page


def test_items_wait_for_their_submission_and_learners_come_first(app, client, people, course,
                                                                 mark_prepared):
    mark_prepared()
    with app.app_context():
        sam = db.session.scalar(db.select(User).where(User.username == "sam"))
        pending = create_submission(sam, SLUG, WEAK_SOLUTION).id  # queued, not graded yet
    _regrade(client, people["ivy"], course=course)
    with app.app_context():
        assert claim_next_item() is None  # its submission is not graded yet
        assert claim_next() == pending  # the learner's own grading goes first
        db.session.execute(db.update(Submission).where(Submission.id == pending).values(
            status=Status.DONE, verdict="accepted"))
        db.session.commit()
        assert claim_next_item() is not None


def _wait_done(client, url: str, headers: dict, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = client.get(url, headers=headers).get_json()
        if shown["status"] == "done":
            return shown
        time.sleep(0.2)
    raise AssertionError(f"the regrade is still {shown}")


@pytest.mark.sandbox
def test_a_new_version_reaches_a_course_when_its_instructor_moves_to_it(
        app, client, people, course, queue, tiny_valid_files, publish_files):
    """Sam's solution returns its input: accepted by the first version's increasing rows,
    wrong once the second version adds a row that goes down. Sam is in Ivy's course and in
    Ian's, both pinning version 1. Ivy, the owner, publishes version 2 and regrades every
    submission: Sam's verdict changes, neither course's gradebook does. Sam's next submission
    is graded against both versions, and each course counts version 1's grade. Ian moves his
    assignment to version 2 and regrades: his gradebook changes, Ivy's does not."""
    ians = client.post("/api/v1/courses", json={"title": "Ian's"}, headers=people["ian"])
    client.post("/api/v1/courses/join", json={"code": ians.json["join_code"]},
                headers=people["sam"])
    week = client.post(f"/api/v1/courses/{ians.json['id']}/assignments", json=WEEK_1,
                       headers=people["ian"]).json

    def submitted() -> dict:
        sent = client.post(f"/api/v1/challenges/{SLUG}/submissions",
                           json={"code": WEAK_SOLUTION}, headers=people["sam"]).get_json()
        return _wait_done(client, sent["url"], people["sam"])

    def cell(course_id: int, teacher: str) -> dict:
        book = client.get(f"/api/v1/courses/{course_id}/gradebook", headers=people[teacher])
        return {row["username"]: row["cells"] for row in book.get_json()["rows"]}["sam"][SLUG]

    first = submitted()
    assert (first["verdict"], first["version"], first["pinned_grades"]) == ("accepted", 1, [])
    publish_files("ivy", tiny_valid_files)
    shown = _wait_done(client, _regrade(client, people["ivy"]).json["url"], people["ivy"])
    assert (shown["version"], shown["total"], shown["changed"], shown["failed"]) == (2, 1, 1, 0)
    regraded = client.get(first["url"], headers=people["sam"]).get_json()
    assert (regraded["verdict"], regraded["version"]) == ("wrong_answer", 2)
    assert [(h["verdict"], h["version"]) for h in regraded["history"]] == [("accepted", 1)]
    unchanged = {"verdict": "accepted", "late": False, "attempts": 1,
                 "first_accepted_at": first["created_at"], "points": 1.0}
    assert cell(course, "ivy") == unchanged and cell(ians.json["id"], "ian") == unchanged

    second = submitted()  # graded against version 2, and against version 1 for both courses
    assert (second["verdict"], second["version"]) == ("wrong_answer", 2)
    assert [(g["verdict"], g["version"]) for g in second["pinned_grades"]] == [("accepted", 1)]
    assert cell(course, "ivy")["verdict"] == cell(ians.json["id"], "ian")["verdict"] == "accepted"

    moved = client.put(f"/api/v1/courses/{ians.json['id']}/assignments/{week['id']}",
                       json={**WEEK_1, "versions": {SLUG: 2}}, headers=people["ian"])
    assert moved.json["versions"] == moved.json["published_versions"] == {SLUG: 2}
    url = _regrade(client, people["ian"], course=ians.json["id"]).json["url"]
    shown = _wait_done(client, url, people["ian"])
    assert (shown["version"], shown["total"], shown["failed"]) == (2, 2, 0)
    assert cell(ians.json["id"], "ian") == {"verdict": "wrong_answer", "late": False,
                                            "attempts": 2, "first_accepted_at": None,
                                            "points": 0.0}
    assert cell(course, "ivy") == {**unchanged, "attempts": 2}


@pytest.mark.sandbox
def test_a_learner_is_graded_while_a_long_regrade_runs(app, client, people, course, queue):
    """Twenty items wait; a learner's new submission goes before the rest of them."""
    for _ in range(10):
        _graded(app, "sam")
        _graded(app, "sue")
    url = _regrade(client, people["ivy"], course=course).json["url"]
    sent = client.post(f"/api/v1/challenges/{SLUG}/submissions", json={"code": WEAK_SOLUTION},
                       headers=people["sue"]).get_json()
    assert _wait_done(client, sent["url"], people["sue"])["verdict"] == "accepted"
    meanwhile = client.get(url, headers=people["ivy"]).get_json()
    assert meanwhile["done"] < meanwhile["total"] == 20
    assert _wait_done(client, url, people["ivy"])["failed"] == 0
