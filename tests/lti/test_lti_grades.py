"""Scores back to the LMS (Assignment and Grade Services) against a simulated LMS: sent by a
worker after an accept, changed after a regrade and by a late penalty, retried with backoff
while the LMS is down, superseded rather than sent out of order, and visible to instructors."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS, record_report
from arena.jobs.regrading import REGRADE_ITEMS, record_regrade
from arena.jobs.work import work_next
from arena.lti.scores import MAX_TRIES, claim_next_score, send_score
from arena.models import (
    Challenge,
    LtiAccount,
    LtiContext,
    LtiScore,
    Regrade,
    RegradeItem,
    User,
)
from arena.services.submissions import create_submission
from arena.services.users import create_token
from graders.report import GradeReport
from graders.verdicts import Verdict
from tests.lti.conftest import INSTRUCTOR, LEARNER, resource_link

RETRY_SECONDS = 0.3


@pytest.fixture
def app_config() -> dict:
    """A short first wait before a score is sent again."""
    return {"LTI_RETRY_SECONDS": RETRY_SECONDS}


@pytest.fixture
def linked(app, launch, lms) -> int:
    """The instructor placed softmax in the LMS course (a line item); student s-1 launched it.
    Return the course's id."""
    lineitem = lms.base + "/lineitems/1"
    launch(app.test_client(), "t-1", [INSTRUCTOR],
           **resource_link("rl-1", lineitem, challenge="softmax"))
    assert launch(app.test_client(), "s-1", [LEARNER],
                  **resource_link("rl-1", lineitem)).status_code == 302
    with app.app_context():
        return db.session.scalar(select(LtiContext.course_id))


def graded(app, verdict: str) -> int:
    """Record a submission of softmax by s-1 with this verdict, as a worker does."""
    with app.app_context():
        user = db.session.scalar(select(User).join(LtiAccount, LtiAccount.user_id == User.id)
                                 .where(LtiAccount.sub == "s-1"))
        submission = create_submission(user, "softmax", "def softmax(row):\n    return row\n")
        db.session.commit()
        assert SUBMISSIONS.claim(submission.id)
        assert record_report(submission.id, 1, GradeReport(Verdict(verdict)))
        return submission.id


def regraded(app, submission_id: int, verdict: str) -> None:
    """Regrade a submission to a new verdict, as a worker records a regrade item."""
    with app.app_context():
        challenge = db.session.scalar(select(Challenge).where(Challenge.slug == "softmax"))
        regrade = Regrade(challenge=challenge, version_id=challenge.current_version_id)
        item = RegradeItem(regrade=regrade, submission_id=submission_id)
        db.session.add(item)
        db.session.commit()
        assert REGRADE_ITEMS.claim(item.id)
        assert record_regrade(item.id, 1, GradeReport(Verdict(verdict)))


def work(app) -> bool:
    """Run one job as a grading worker does (a score needs no sandbox)."""
    with app.app_context():
        return work_next(None)


def status(app) -> list[tuple]:
    with app.app_context():
        return list(db.session.execute(select(LtiScore.status, LtiScore.outcome, LtiScore.tries,
                                              LtiScore.score_given)))


def test_a_score_is_sent_after_an_accept_and_changed_after_a_regrade(app, lms, linked):
    submission = graded(app, "accepted")
    assert status(app) == [("queued", None, 0, None)]
    assert work(app)
    (sent,) = lms.scores
    assert sent["lineitem"] == "/lineitems/1" and sent["userId"] == "s-1"
    assert (sent["scoreGiven"], sent["scoreMaximum"]) == (1.0, 1.0)
    assert sent["gradingProgress"] == "FullyGraded"
    assert status(app) == [("done", "sent", 0, 1.0)]
    assert not work(app)  # nothing more to send
    regraded(app, submission, "wrong_answer")
    assert work(app)
    first, second = lms.scores
    assert second["scoreGiven"] == 0.0
    assert datetime.fromisoformat(second["timestamp"]) > datetime.fromisoformat(
        first["timestamp"])
    assert lms.refused == []


def test_a_score_waits_while_the_lms_is_down_and_is_sent_when_it_is_back(app, lms, linked):
    lms.down = True
    graded(app, "accepted")
    assert work(app)
    ((state, outcome, tries, _),) = status(app)
    assert (state, outcome, tries) == ("queued", None, 1)
    with app.app_context():
        assert claim_next_score() is None  # not before its wait
        assert db.session.scalar(select(LtiScore.error)).startswith("POST")
    lms.down = False
    time.sleep(RETRY_SECONDS + 0.1)
    assert work(app)
    assert [s["scoreGiven"] for s in lms.scores] == [1.0]
    assert status(app) == [("done", "sent", 0, 1.0)]


def test_the_wait_doubles_and_a_score_fails_after_its_tries(app, lms, linked):
    lms.down = True
    graded(app, "accepted")
    waits = []
    with app.app_context():
        for _ in range(MAX_TRIES):
            db.session.execute(db.update(LtiScore).values(next_try_at=None))
            db.session.commit()
            score_id = claim_next_score()
            assert score_id is not None
            before = datetime.now(UTC)
            send_score(score_id)
            score = db.session.get(LtiScore, score_id, populate_existing=True)
            if score.next_try_at:
                waits.append((score.next_try_at - before).total_seconds())
    assert len(waits) == MAX_TRIES - 1
    for tried, wait in enumerate(waits):  # measured from before the try: it took a moment
        assert RETRY_SECONDS * 2 ** tried <= wait < RETRY_SECONDS * 2 ** tried + 1.5
    ((state, outcome, tries, _),) = status(app)
    assert (state, outcome, tries) == ("done", "failed", 8)
    lms.down = False
    graded(app, "accepted")  # a new change of standing asks again
    assert work(app) and status(app)[0][:2] == ("done", "sent")


def test_a_newer_request_supersedes_a_pending_one(app, lms, linked):
    lms.down = True
    graded(app, "wrong_answer")
    assert work(app)  # refused: pending
    graded(app, "accepted")
    assert len(status(app)) == 1
    lms.down = False
    with app.app_context():  # its wait is over
        db.session.execute(db.update(LtiScore).values(next_try_at=None))
        db.session.commit()
    assert work(app)
    assert [s["scoreGiven"] for s in lms.scores] == [1.0]  # the newest standing, once


def test_instructors_see_each_score_s_status(app, lms, linked, make_token):
    graded(app, "accepted")
    with app.app_context():
        teacher = db.session.scalar(select(User).where(User.role == "instructor"))
        token = create_token(teacher.username)
    headers = {"Authorization": f"Bearer {token}"}
    listed = lambda: app.test_client().get(f"/api/v1/courses/{linked}/lti/scores",  # noqa: E731
                                           headers=headers).get_json()["scores"]
    (row,) = listed()
    assert row["status"] == "pending" and row["challenge"] == "softmax"
    assert work(app)
    (row,) = listed()
    assert (row["status"], row["score_given"], row["score_maximum"]) == ("sent", 1.0, 1.0)
    student = make_token("sam")
    assert app.test_client().get(f"/api/v1/courses/{linked}/lti/scores", headers={
        "Authorization": f"Bearer {student}"}).status_code == 404


def test_an_assignment_s_score_follows_its_late_penalty_and_an_extension(app, launch, lms):
    teacher = app.test_client()
    launch(teacher, "t-1", [INSTRUCTOR], **resource_link("rl-1", challenge="softmax"))
    with app.app_context():
        course_id = db.session.scalar(select(LtiContext.course_id))
        instructor = db.session.scalar(select(User).join(LtiAccount)
                                       .where(LtiAccount.sub == "t-1")).username
        headers = {"Authorization": f"Bearer {create_token(instructor)}"}
    now = datetime.now(UTC)
    body = {"title": "Week 1", "challenges": ["softmax"],
            "opens_at": (now - timedelta(days=3)).isoformat(),
            "due_at": (now - timedelta(hours=12)).isoformat(), "points": {"softmax": 4},
            "late_penalty": {"percent_per_day": 50, "max_percent": 100}}
    created = app.test_client().post(f"/api/v1/courses/{course_id}/assignments", json=body,
                                     headers=headers)
    assert created.status_code == 201, created.get_json()
    assignment = created.get_json()["id"]
    lineitem = lms.base + "/lineitems/2"
    launch(teacher, "t-1", [INSTRUCTOR],
           **resource_link("rl-2", lineitem, assignment=str(assignment)))
    launch(app.test_client(), "s-1", [LEARNER], **resource_link("rl-2"))
    graded(app, "accepted")  # half a day late: one started day, half its points
    while work(app):
        pass
    (late,) = [s for s in lms.scores if s["lineitem"] == "/lineitems/2"]
    assert (late["scoreGiven"], late["scoreMaximum"]) == (2.0, 4.0)
    with app.app_context():
        student = db.session.scalar(select(User).join(LtiAccount)
                                    .where(LtiAccount.sub == "s-1")).username
    extended = app.test_client().put(
        f"/api/v1/courses/{course_id}/assignments/{assignment}", headers=headers,
        json={**body, "extensions": {student: (now + timedelta(days=1)).isoformat()}})
    assert extended.status_code == 200, extended.get_json()
    while work(app):
        pass
    scores = [s["scoreGiven"] for s in lms.scores if s["lineitem"] == "/lineitems/2"]
    assert scores == [2.0, 4.0]
    other = app.test_client().post(f"/api/v1/courses/{course_id}/assignments", headers=headers,
                                   json={**body, "title": "Week 2"}).get_json()["id"]
    refused = launch(app.test_client(), "t-1", [INSTRUCTOR],
                     **resource_link("rl-3", assignment=str(other + 100)))
    assert refused.status_code == 403


def test_before_any_attempt_the_lms_is_told_there_is_no_grade_yet(app, launch, lms, linked):
    assert work(app)  # the student's joining asked for their score
    (first,) = lms.scores
    assert first["gradingProgress"] == "NotReady" and "scoreGiven" not in first
    assert status(app) == [("done", "sent", 0, None)]
    launch(app.test_client(), "s-1", [LEARNER], **resource_link("rl-1"))
    assert not work(app)  # launching again changes no standing: nothing is sent
    graded(app, "wrong_answer")
    assert work(app)
    assert (lms.scores[-1]["scoreGiven"], lms.scores[-1]["gradingProgress"]) == (
        0.0, "FullyGraded")
