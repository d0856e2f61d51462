"""The instructor's pages of a class: what it gets wrong, and an assignment's similar
submissions side by side (the Flask test client; the browser tests drive them too)."""

from __future__ import annotations

import html as htmllib
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS, record_report
from arena.models import User
from arena.models.types import utcnow
from arena.services.assignments import AssignmentFields, create_assignment
from arena.services.courses import create_course, join_course
from arena.services.submissions import create_submission
from graders.report import GradeReport, TestReport
from graders.verdicts import Verdict
from tests.web.test_course_pages import sign_in

SDPA = "scaled-dot-product-attention"
COPIES = Path(__file__).parents[1] / "arena" / "similarity"


def _graded(username: str, code: str, verdict: str, bug: str | None = None) -> int:
    user = db.session.scalar(select(User).where(User.username == username))
    submission = create_submission(user, SDPA, code)
    assert SUBMISSIONS.claim(submission.id)
    tests = [TestReport("t", hidden=True, passed=bug is None, mutant=bug)]
    assert record_report(submission.id, 1, GradeReport(Verdict(verdict), tests=tests))
    return submission.id


@pytest.fixture
def course(app, catalog, make_user) -> dict:
    """Ivy's course: sam copied sue's code, tom is stuck on the missing scaling."""
    for name, role in (("ivy", "instructor"), ("sam", "student"), ("sue", "student"),
                       ("tom", "student"), ("ian", "instructor")):
        make_user(name, role)
    with app.app_context():
        ivy = db.session.scalar(select(User).where(User.username == "ivy"))
        course = create_course(ivy, "Attention <b>term</b>")
        for name in ("sam", "sue", "tom"):
            join_course(db.session.scalar(select(User).where(User.username == name)),
                        course.join_code)
        assignment = create_assignment(ivy, course.id, AssignmentFields(
            "Week 1", [SDPA], utcnow() - timedelta(hours=1), utcnow() + timedelta(days=1),
            "marked"))
        _graded("sam", (COPIES / "own.py").read_text(), "accepted")
        _graded("sue", (COPIES / "renamed.py").read_text() + "\n# <script>x</script>\n",
                "accepted")
        _graded("tom", "def attention(Q, K, V):\n    return V\n", "wrong_answer", "no_scaling")
        return {"id": course.id, "assignment": assignment.id}


def test_an_instructor_reads_what_the_class_gets_wrong(client, course, password):
    sign_in(client, "ivy", password)
    page = client.get(f"/courses/{course['id']}/insights")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert 'data-challenge="scaled-dot-product-attention"' in text
    assert 'data-testid="named-bug" data-bug="no_scaling" data-students="1"' in text
    assert "you took the softmax of Q K^T instead of Q K^T / sqrt(d)" in text  # the spec's
    assert "Attention &lt;b&gt;term&lt;/b&gt;" in text
    assert 'data-testid="stuck-student" data-student="tom"' in text
    assert f'/courses/{course["id"]}/assignments/{course["assignment"]}/similarity' in text
    assert 'data-testid="insights-link"' in client.get(f"/courses/{course['id']}").get_data(
        as_text=True)
    assert 'data-testid="insights-link"' in client.get("/instructor").get_data(as_text=True)


def test_pairs_are_listed_and_shown_side_by_side_escaped(client, course, password):
    sign_in(client, "ivy", password)
    listed = client.get(f"/courses/{course['id']}/assignments/{course['assignment']}"
                        "/similarity").get_data(as_text=True)
    assert 'data-students="sam sue"' in listed and 'data-flagged="true"' in listed
    link = htmllib.unescape(listed.split('data-testid="side-by-side-link"')[0]
                            .rsplit('href="', 1)[1].split('"')[0])
    shown = client.get(link)
    assert shown.status_code == 200
    text = shown.get_data(as_text=True)
    assert text.count("<mark>") >= 2 and "&lt;script&gt;x&lt;/script&gt;" in text
    assert "<script>x</script>" not in text


@pytest.mark.parametrize(("who", "status"), [("sam", 403), ("ian", 404)])
def test_students_and_other_instructors_are_refused(client, course, password, who, status):
    sign_in(client, who, password)
    base = f"/courses/{course['id']}"
    assert client.get(f"{base}/insights").status_code == status
    assert client.get(f"{base}/assignments/{course['assignment']}/similarity"
                      ).status_code == status


def test_a_pair_outside_the_report_is_not_found(client, course, password):
    sign_in(client, "ivy", password)
    base = f"/courses/{course['id']}/assignments/{course['assignment']}/similarity"
    assert client.get(f"{base}/{SDPA}/1/1").status_code == 404
    assert client.get(f"{base}/softmax/1/2").status_code == 404
    assert client.get(f"{base}/{SDPA}/1/99999").status_code == 404
