"""GET /api/v1/challenges/<slug>/editorial: locked until the caller solved the challenge or made
EDITORIAL_AFTER_ATTEMPTS graded submissions (runs do not count); instructors always read it."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from arena.extensions import db
from arena.models import Kind, User
from arena.services.submissions import create_submission
from graders.verdicts import Status

EDITORIAL_EN = ("## Approach\n\nKeep the largest value so far: $m_i = \\max(m_{i-1}, x_i)$.\n\n"
                "## Cost\n\nOne pass: $O(n)$ time.\n")
EDITORIAL_KO = "## 접근\n\n지금까지의 최댓값을 기억합니다.\n\n## 비용\n\n한 번 훑기: $O(n)$.\n"
URL = "/api/v1/challenges/running-max/editorial"


@pytest.fixture
def app_config() -> dict:
    return {"EDITORIAL_AFTER_ATTEMPTS": 2}


@pytest.fixture
def published(people, publish_files, tiny_valid_files) -> dict[str, str]:
    """The small challenge with its editorial in English and Korean, published by ivy."""
    files = {**tiny_valid_files, "editorial.en.md": EDITORIAL_EN,
             "editorial.ko.md": EDITORIAL_KO}
    publish_files("ivy", files)
    return files


def _graded(app, username: str, verdict: str, kind: Kind = Kind.SUBMISSION) -> None:
    with app.app_context():
        user = db.session.scalar(select(User).where(User.username == username))
        submission = create_submission(user, "running-max", "x = 1", kind)
        submission.status, submission.verdict = Status.DONE, verdict
        db.session.commit()


def test_a_visitor_is_asked_to_authenticate(client, published):
    response = client.get(URL)
    assert response.status_code == 401
    assert response.get_json()["error"]["code"] == "unauthorized"


def test_locked_until_solved_and_the_message_says_how(app, client, people, published):
    locked = client.get(URL, headers=people["sam"])
    assert locked.status_code == 403
    error = locked.get_json()["error"]
    assert error["code"] == "editorial_locked"
    assert "solve" in error["message"] and "2 more graded submissions" in error["message"]
    _graded(app, "sam", "accepted")
    shown = client.get(URL, headers=people["sam"])
    assert shown.status_code == 200
    body = shown.get_json()
    assert body["slug"] == "running-max"
    assert body["markdown"] == EDITORIAL_EN
    assert body["common_bugs"] == [{
        "mutant": "returns_input", "explanation": "Your function returns the row as it is: it "
        "never keeps the largest value seen so far."}]
    assert client.get(URL, headers=people["sue"]).status_code == 403  # sam's accept is his


def test_unlocked_after_enough_graded_submissions_runs_not_counted(app, client, people,
                                                                    published):
    _graded(app, "sam", "wrong_answer")
    for _ in range(3):
        _graded(app, "sam", "accepted", Kind.RUN)
    _graded(app, "sam", "internal_error")  # the platform's fault: not an attempt
    with app.app_context():  # still queued: not graded yet
        user = db.session.scalar(select(User).where(User.username == "sam"))
        create_submission(user, "running-max", "x = 2")
        db.session.commit()
    locked = client.get(URL, headers=people["sam"])
    assert locked.status_code == 403
    assert "1 more graded submission" in locked.get_json()["error"]["message"]
    _graded(app, "sam", "runtime_error")
    assert client.get(URL, headers=people["sam"]).status_code == 200


@pytest.mark.parametrize("who", ["ian", "ada"])
def test_instructors_and_admins_always_read_it(client, people, published, who):
    response = client.get(URL, headers=people[who])
    assert response.status_code == 200
    assert response.get_json()["markdown"] == EDITORIAL_EN


def test_korean_through_accept_language(client, people, published):
    response = client.get(URL, headers={**people["ian"], "Accept-Language": "ko-KR,ko;q=0.9"})
    body = response.get_json()
    assert body["markdown"] == EDITORIAL_KO
    assert body["common_bugs"][0]["explanation"].startswith("행을 그대로")
    assert client.get(URL + "?lang=en", headers={
        **people["ian"], "Accept-Language": "ko"}).get_json()["markdown"] == EDITORIAL_EN


def test_a_challenge_without_an_editorial_shows_its_common_bugs(client, people, publish_files,
                                                                 tiny_valid_files):
    publish_files("ivy", tiny_valid_files)
    body = client.get(URL, headers=people["ian"]).get_json()
    assert body["markdown"] is None
    assert [bug["mutant"] for bug in body["common_bugs"]] == ["returns_input"]


def test_an_unknown_challenge_is_not_found(client, people):
    response = client.get("/api/v1/challenges/nope/editorial", headers=people["ian"])
    assert response.status_code == 404


def test_the_openapi_document_describes_it(client):
    operation = client.get("/api/v1/openapi.json").get_json()["paths"][
        "/api/v1/challenges/{slug}/editorial"]["get"]
    assert {"200", "401", "403", "404"} <= set(operation["responses"])
    assert "editorial_locked" in operation["responses"]["403"]["description"]
