"""An assignment's similarity report: planted copies found, independent solutions not flagged,
each student's accepted (else newest) submission compared, bounded, and read by the course's
instructors only; it changes no verdict."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS, record_report
from arena.models import Submission, User
from arena.services import similarity
from arena.services.submissions import create_submission
from graders.report import GradeReport
from graders.verdicts import Verdict

SDPA = "scaled-dot-product-attention"
HERE = Path(__file__).parent
SOLUTIONS = HERE.parent / "challenges" / "solutions" / SDPA
#: A student's own solution, a copy with every name renamed, one with its functions and
#: statements moved about; and independent solutions (tests/challenges/solutions).
PLANTED = {"sam": "own.py", "sue": "renamed.py", "zed": "reordered.py"}
INDEPENDENT = {"lia": "lists.py", "noa": "numpy32.py", "nel": "numpy32_lse.py",
               "tor": "torch32.py"}


@pytest.fixture
def course(client, people, make_token) -> dict:
    """Ivy's course of seven students, with an assignment of SDPA open now; return its ids
    and everyone's headers."""
    headers = dict(people)
    headers.update({name: {"Authorization": f"Bearer {make_token(name)}"}
                    for name in INDEPENDENT})
    created = client.post("/api/v1/courses", json={"title": "Attention"},
                          headers=people["ivy"]).get_json()
    for student in [*PLANTED, *INDEPENDENT]:
        client.post("/api/v1/courses/join", json={"code": created["join_code"]},
                    headers=headers[student])
    now = datetime.now(UTC)
    assignment = client.post(f"/api/v1/courses/{created['id']}/assignments", json={
        "title": "Week 1", "challenges": [SDPA], "opens_at": (now - timedelta(hours=1)).isoformat(),
        "due_at": (now + timedelta(days=7)).isoformat()}, headers=people["ivy"]).get_json()
    return {"id": created["id"], "assignment": assignment["id"], "headers": headers,
            "url": f"/api/v1/courses/{created['id']}/assignments/{assignment['id']}/similarity"}


def _submitted(app, username: str, code: str, verdict: str = "accepted") -> int:
    """Record a verdict for a submission of `code`, as a worker does; return its id."""
    with app.app_context():
        user = db.session.scalar(db.select(User).where(User.username == username))
        submission = create_submission(user, SDPA, code)
        assert SUBMISSIONS.claim(submission.id)
        assert record_report(submission.id, 1, GradeReport(Verdict(verdict)))
        return submission.id


def _class_submits(app) -> dict[str, int]:
    """Each student submits their file; return the submission ids by username."""
    files = {**{n: HERE / "similarity" / f for n, f in PLANTED.items()},
             **{n: SOLUTIONS / f for n, f in INDEPENDENT.items()}}
    return {name: _submitted(app, name, path.read_text()) for name, path in files.items()}


@pytest.mark.parametrize("planted", ["sue", "zed"])
def test_a_renamed_and_a_reordered_copy_are_flagged(app, client, catalog, course, planted):
    _class_submits(app)
    body = client.get(course["url"], headers=course["headers"]["ivy"]).get_json()
    assert body["challenges"] == [{"slug": SDPA, "compared": 7, "left_out": 0}]
    scores = {tuple(p["students"]): p for p in body["pairs"]}
    pair = scores.get(("sam", planted)) or scores[(planted, "sam")]
    assert pair["score"] >= body["threshold"] and pair["flagged"]
    assert pair["challenge"] == SDPA


def test_independent_solutions_are_not_flagged(app, client, catalog, course):
    _class_submits(app)
    body = client.get(course["url"], headers=course["headers"]["ivy"]).get_json()
    flagged = {frozenset(p["students"]) for p in body["pairs"] if p["flagged"]}
    assert flagged == {frozenset(pair) for pair in itertools.combinations(PLANTED, 2)}
    for pair in body["pairs"]:
        if not set(pair["students"]) <= set(PLANTED):
            assert pair["score"] < body["threshold"], pair


def test_the_accepted_submission_is_compared_else_the_newest(app, client, catalog, course):
    own = (HERE / "similarity" / "own.py").read_text()
    accepted = _submitted(app, "sam", own)
    _submitted(app, "sam", "def attention(Q, K, V):\n    return Q\n", "wrong_answer")
    _submitted(app, "sue", "def attention(Q, K, V):\n    return K\n", "wrong_answer")
    newest = _submitted(app, "sue", own.replace("width", "d"), "wrong_answer")
    body = client.get(course["url"], headers=course["headers"]["ivy"]).get_json()
    [pair] = body["pairs"]
    assert pair["students"] == ["sam", "sue"] and pair["submissions"] == [accepted, newest]


def test_the_report_changes_no_verdict(app, client, catalog, course):
    ids = _class_submits(app)
    gradebook = f"/api/v1/courses/{course['id']}/gradebook"
    before = client.get(gradebook, headers=course["headers"]["ivy"]).get_json()
    assert client.get(course["url"], headers=course["headers"]["ivy"]).status_code == 200
    assert client.get(gradebook, headers=course["headers"]["ivy"]).get_json() == before
    with app.app_context():
        verdicts = db.session.scalars(db.select(Submission.verdict).where(
            Submission.id.in_(ids.values()))).all()
    assert set(verdicts) == {Verdict.ACCEPTED}


def test_past_the_bound_students_are_left_out_and_said(app, client, catalog, course,
                                                       monkeypatch):
    _class_submits(app)
    monkeypatch.setattr(similarity, "MAX_STUDENTS", 3)
    body = client.get(course["url"], headers=course["headers"]["ivy"]).get_json()
    assert body["challenges"] == [{"slug": SDPA, "compared": 3, "left_out": 4}]
    assert {name for p in body["pairs"] for name in p["students"]} <= {"lia", "nel", "noa"}


def test_only_the_course_instructors_and_admins_read_it(client, people, catalog, course):
    url = course["url"]
    assert client.get(url, headers=people["ivy"]).status_code == 200
    assert client.get(url, headers=people["ada"]).status_code == 200
    assert client.get(url, headers=people["sam"]).status_code == 403
    assert client.get(url, headers=people["ian"]).status_code == 404
    assert client.get(url).status_code == 401
    other = client.post("/api/v1/courses", json={"title": "Other"},
                        headers=people["ivy"]).get_json()["id"]
    assert client.get(url.replace(f"/courses/{course['id']}/", f"/courses/{other}/"),
                      headers=people["ivy"]).status_code == 404  # not this course's
    assert client.get(url.replace(f"/assignments/{course['assignment']}/",
                                  "/assignments/999999/"),
                      headers=people["ivy"]).status_code == 404
