"""A course's grades belong to its instructors (issue 25): an assignment pins the challenge
version it was set with; the gradebook counts grades against it, whoever regrades what;
its instructors move it to a newer version, and regrade or not; and they read only the
submissions made to their course's assignments, never runs.

Verdicts are recorded as workers record them: claim() and record_report() with the grades
against the versions `pinned_versions` names (what grade_submission grades), and regrade
items through claim_next_item() and record_regrade()."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS, record_report
from arena.jobs.regrading import claim_next_item, record_regrade
from arena.models import ChallengeVersion, Submission, User
from arena.services.gradebook_cells import pinned_versions
from arena.services.submissions import create_submission
from graders.report import GradeReport, TestReport
from graders.verdicts import Verdict

SLUG = "running-max"
WEAK = "def running_max(row):\n    return list(row)\n"
WEEK_1 = {"title": "Week 1", "challenges": [SLUG], "opens_at": "2026-01-01T00:00:00+00:00",
          "due_at": "2099-01-01T00:00:00+00:00"}


def _course(client, people, teacher: str, *students: str) -> tuple[int, int]:
    """Create `teacher`'s course of `students` with Week 1 (the challenge); return the ids of
    the course and the assignment."""
    created = client.post("/api/v1/courses", json={"title": f"{teacher}'s"},
                          headers=people[teacher]).json
    for student in students:
        client.post("/api/v1/courses/join", json={"code": created["join_code"]},
                    headers=people[student])
    week = client.post(f"/api/v1/courses/{created['id']}/assignments", json=WEEK_1,
                       headers=people[teacher])
    assert week.status_code == 201, week.json
    return created["id"], week.json["id"]


@pytest.fixture
def ians(client, people, tiny_files, publish_files) -> tuple[int, int]:
    """Ivy's challenge at version 1; Ian's course of sam and sue, Week 1 pinning it."""
    publish_files("ivy", tiny_files)
    return _course(client, people, "ian", "sam", "sue")


def _report(verdict: str) -> GradeReport:
    passed = verdict == Verdict.ACCEPTED
    return GradeReport(Verdict(verdict), [TestReport("up", hidden=True, passed=True),
                                          TestReport("a dip", hidden=True, passed=passed)])


def _submitted(app, username: str, verdicts: dict[int, str], kind: str = "submission") -> int:
    """Record a submission of `username` as a worker grades it: `verdicts` by version number,
    its own (the published version) and every one `pinned_versions` asks for, which must be
    exactly those given."""
    with app.app_context():
        user = db.session.scalar(db.select(User).where(User.username == username))
        submission = create_submission(user, SLUG, WEAK, kind=kind)
        numbers = dict(db.session.execute(db.select(ChallengeVersion.id, ChallengeVersion.number)
                                          .where(ChallengeVersion.challenge_id
                                                 == submission.challenge_id)).all())
        assert SUBMISSIONS.claim(submission.id)
        pinned = {vid: _report(verdicts[numbers[vid]]) for vid in pinned_versions(submission.id)}
        assert {numbers[vid] for vid in pinned} | {submission.version.number} == set(verdicts)
        assert record_report(submission.id, 1, _report(verdicts[submission.version.number]),
                             pinned)
        return submission.id


def _regraded(app, mark_prepared, verdict: str) -> int:
    """Record every queued regrade item as `verdict` (their versions taken as prepared: no
    sandbox grades here); return how many there were."""
    mark_prepared()
    done = 0
    with app.app_context():
        while (item := claim_next_item()) is not None:
            assert record_regrade(item, 1, _report(verdict))
            done += 1
    return done


def _cell(client, people, course: int, teacher: str, student: str = "sam") -> dict:
    book = client.get(f"/api/v1/courses/{course}/gradebook", headers=people[teacher]).json
    return {row["username"]: row["cells"] for row in book["rows"]}[student][SLUG]


def _move(client, people, teacher: str, course: int, week: int, number: int):
    return client.put(f"/api/v1/courses/{course}/assignments/{week}",
                      json={**WEEK_1, "versions": {SLUG: number}}, headers=people[teacher])


def test_an_owners_new_version_and_regrade_leave_another_course_as_it_was(
        app, client, people, ians, tiny_valid_files, publish_files, mark_prepared):
    """The red team's first finding: the owner published a version with another reference and
    regraded; Ian's gradebook went from accepted to wrong_answer without his consent."""
    course, week = ians
    first = _submitted(app, "sam", {1: "accepted"})
    before = _cell(client, people, course, "ian")
    assert before["verdict"] == "accepted"

    assert publish_files("ivy", tiny_valid_files) == 2
    assert client.post(f"/api/v1/challenges/{SLUG}/regrade", json={},
                       headers=people["ivy"]).status_code == 202
    assert _regraded(app, mark_prepared, "wrong_answer") == 1
    shown = client.get(f"/api/v1/submissions/{first}", headers=people["sam"]).json
    assert (shown["verdict"], shown["version"]) == ("wrong_answer", 2)
    assert [(g["verdict"], g["version"]) for g in shown["history"]] == [("accepted", 1)]
    assert _cell(client, people, course, "ian") == before
    assert client.get(f"/api/v1/courses/{course}/gradebook.csv",
                      headers=people["ian"]).text.splitlines()[1:] == ["sam,,,,1,1,1",
                                                                        "sue,,,,0,0,0"]
    listed = client.get(f"/api/v1/courses/{course}/assignments", headers=people["ian"]).json
    assert listed["assignments"][0]["versions"] == {SLUG: 1}
    assert listed["assignments"][0]["published_versions"] == {SLUG: 2}

    # Sam's next submission: graded against version 2 (his own) and version 1 (Ian's pin).
    second = _submitted(app, "sam", {2: "wrong_answer", 1: "accepted"})
    shown = client.get(f"/api/v1/submissions/{second}", headers=people["ian"]).json
    assert (shown["verdict"], shown["version"]) == ("wrong_answer", 2)
    assert [(g["verdict"], g["version"]) for g in shown["pinned_grades"]] == [("accepted", 1)]
    assert shown["history"] == []
    assert _cell(client, people, course, "ian") == {**before, "attempts": 2}
    assert _cell(client, people, course, "sam") == {**before, "attempts": 2}  # his own row
    with app.app_context(), client.session_transaction() as session:  # Sam's browser
        session["_user_id"] = db.session.scalar(
            db.select(User).where(User.username == "sam")).get_id()
    page = client.get(f"/submissions/{second}").text
    assert re.search(r'data-testid="pinned-grades".*<li data-verdict="accepted" '
                     r'data-version="1">', page, re.S)


def test_an_instructor_moves_to_the_new_version_then_regrades(
        app, client, people, ians, tiny_valid_files, publish_files, mark_prepared):
    """Moving keeps earlier work at the verdict it had; the course's regrade grades it against
    the new version and changes that course's gradebook, and no other's."""
    course, week = ians
    ivys, _ = _course(client, people, "ivy", "sam")  # pins version 1 too
    _submitted(app, "sam", {1: "accepted"})
    publish_files("ivy", tiny_valid_files)
    before = _cell(client, people, course, "ian")

    moved = _move(client, people, "ian", course, week, 2)
    assert moved.status_code == 200 and moved.json["versions"] == {SLUG: 2}
    assert _cell(client, people, course, "ian") == before  # not regraded: as it was

    queued = client.post(f"/api/v1/challenges/{SLUG}/regrade", json={"course": course},
                         headers=people["ian"])
    regrade = client.get(queued.json["url"], headers=people["ian"]).json
    assert (regrade["version"], regrade["total"]) == (2, 1)
    assert _regraded(app, mark_prepared, "wrong_answer") == 1
    assert _cell(client, people, course, "ian") == {"verdict": "wrong_answer", "late": False,
                                                    "attempts": 1, "first_accepted_at": None,
                                                    "points": 0}
    assert _cell(client, people, ivys, "ivy") == before  # Ivy's course still counts version 1

    _submitted(app, "sam", {2: "accepted", 1: "wrong_answer"})  # Ivy's pin is 1
    assert _cell(client, people, course, "ian")["verdict"] == "accepted"
    assert _cell(client, people, ivys, "ivy") == {**before, "attempts": 2}


def test_a_learner_in_two_courses_is_graded_against_each_pin(
        app, client, people, ians, tiny_valid_files, publish_files):
    course, _ = ians
    publish_files("ivy", tiny_valid_files)
    ivys, _ = _course(client, people, "ivy", "sam")  # set now: pins version 2
    changed = {**tiny_valid_files, "statement.en.md": tiny_valid_files["statement.en.md"] + "\n"}
    assert publish_files("ivy", changed) == 3
    _submitted(app, "sam", {3: "accepted", 2: "wrong_answer", 1: "runtime_error"})
    assert _cell(client, people, course, "ian")["verdict"] == "runtime_error"
    assert _cell(client, people, ivys, "ivy")["verdict"] == "wrong_answer"
    _submitted(app, "sue", {3: "accepted", 1: "accepted"})  # only in Ian's course
    _submitted(app, "sam", {3: "accepted"}, kind="run")  # a run counts nowhere


def test_a_course_regrade_covers_its_assignments_only(app, client, people, ians):
    course, week = ians
    early = _submitted(app, "sam", {1: "accepted"})
    with app.app_context():  # made before Week 1 opened: not the course's
        db.session.get(Submission, early).created_at -= timedelta(days=3650)
        db.session.commit()
    _submitted(app, "sam", {1: "accepted"})
    _submitted(app, "sue", {1: "accepted"})
    queued = client.post(f"/api/v1/challenges/{SLUG}/regrade", json={"course": course},
                         headers=people["ian"])
    assert client.get(queued.json["url"], headers=people["ian"]).json["total"] == 2
    empty = client.post("/api/v1/courses", json={"title": "Empty"}, headers=people["ian"]).json
    assert client.post(f"/api/v1/challenges/{SLUG}/regrade", json={"course": empty["id"]},
                       headers=people["ian"]).status_code == 404  # assigns no such challenge


def test_an_assignment_pins_only_versions_that_were_published(
        app, client, people, ians, tiny_valid_files, publish_files):
    course, week = ians
    publish_files("ivy", tiny_valid_files)
    path = f"/api/v1/courses/{course}/assignments/{week}"
    assert _move(client, people, "ian", course, week, 2).json["versions"] == {SLUG: 2}
    assert _move(client, people, "ian", course, week, 1).json["versions"] == {SLUG: 1}
    kept = client.put(path, json={**WEEK_1, "title": "Week one"}, headers=people["ian"])
    assert kept.json["versions"] == {SLUG: 1}  # a challenge not named keeps its pin
    as_read = client.get(f"/api/v1/courses/{course}/assignments", headers=people["ian"])
    as_read = {k: v for k, v in as_read.json["assignments"][0].items() if k != "id"}
    assert as_read["published_versions"] == {SLUG: 2}
    assert client.put(path, json=as_read, headers=people["ian"]).json["versions"] == {SLUG: 1}
    draft = {**tiny_valid_files, "statement.en.md": "# Changed\n"}
    assert client.put(f"/api/v1/challenges/{SLUG}", json={"files": draft},
                      headers=people["ivy"]).json["version"] == 3
    for versions, status in [({SLUG: 3}, 422), ({SLUG: 99}, 422), ({"softmax": 1}, 422),
                             ({SLUG: "two"}, 422), ({SLUG: 0}, 422)]:
        answer = client.put(path, json={**WEEK_1, "versions": versions}, headers=people["ian"])
        assert answer.status_code == status, versions
    assert _move(client, people, "sam", course, week, 2).status_code == 403
    assert _move(client, people, "ivy", course, week, 2).status_code == 404  # not her course
    created = client.post(f"/api/v1/courses/{course}/assignments", headers=people["ian"],
                          json={**WEEK_1, "title": "Week 2"}).json
    assert created["versions"] == {SLUG: 2}  # a new assignment pins the published version


def test_an_instructor_reads_only_work_made_to_the_courses_assignments(
        app, client, people, ians, catalog):
    """The red team's second finding: Ian read a member's submission to another challenge
    and a run. Only submissions made to his course's assignments, from their opening on,
    are his to read, through the API, the pages and the gradebook's links; all else is 404,
    as for any submission he may not read."""
    course, _ = ians
    assigned = _submitted(app, "sam", {1: "accepted"})
    run = _submitted(app, "sam", {1: "accepted"}, kind="run")
    before = _submitted(app, "sam", {1: "accepted"})
    with app.app_context():
        db.session.get(Submission, before).created_at -= timedelta(days=3650)
        sam = db.session.scalar(db.select(User).where(User.username == "sam"))
        other = create_submission(sam, "softmax", "def softmax(row):\n    return row\n").id
        ian = db.session.scalar(db.select(User).where(User.username == "ian"))
        db.session.commit()
        ian_session = ian.get_id()
    for unreadable in (run, before, other):
        assert client.get(f"/api/v1/submissions/{unreadable}",
                          headers=people["ian"]).status_code == 404
        assert client.get(f"/api/v1/submissions/{unreadable}",
                          headers=people["sam"]).status_code == 200
    assert client.get(f"/api/v1/submissions/{assigned}", headers=people["ian"]).status_code == 200
    book = client.get(f"/api/v1/courses/{course}/gradebook", headers=people["ian"]).json
    for query in ({}, {"course": course}, {"student": "sam"}, {"challenge": "softmax"}):
        listed = client.get("/api/v1/submissions", headers=people["ian"], query_string=query)
        expected = [] if query.get("challenge") == "softmax" else [assigned]
        assert [s["id"] for s in listed.json["submissions"]] == expected, query
    linked = client.get(book["rows"][0]["submissions"], headers=people["ian"]).json
    assert [s["id"] for s in linked["submissions"]] == [assigned]

    with client.session_transaction() as session:  # Ian's browser
        session["_user_id"] = ian_session
    for unreadable in (run, before, other):
        assert client.get(f"/submissions/{unreadable}").status_code == 404
    assert client.get(f"/submissions/{assigned}").status_code == 200
    page = client.get("/submissions").text
    assert f'href="/submissions/{assigned}"' in page
    assert not any(f'href="/submissions/{n}"' in page for n in (run, before, other))
