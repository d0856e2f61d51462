"""A course's insights (what the class gets wrong), from submissions graded by the real engine
and sandbox, and who may read them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.arena.test_api_submissions import _poll

SDPA = "scaled-dot-product-attention"
NO_SCALING = (Path(__file__).parents[1] / "challenges" / "wrong" / SDPA / "no_scaling.py"
              ).read_text()


def _course(client, people) -> int:
    """Ivy's course: sam, sue and zed study in it; one assignment, open now, of two
    challenges."""
    created = client.post("/api/v1/courses", json={"title": "Attention"},
                          headers=people["ivy"]).get_json()
    for student in ("sam", "sue", "zed"):
        client.post("/api/v1/courses/join", json={"code": created["join_code"]},
                    headers=people[student])
    now = datetime.now(UTC)
    assigned = client.post(f"/api/v1/courses/{created['id']}/assignments", json={
        "title": "Week 1", "challenges": [SDPA, "scaled-scores"],
        "opens_at": (now - timedelta(hours=1)).isoformat(),
        "due_at": (now + timedelta(days=7)).isoformat()}, headers=people["ivy"])
    assert assigned.status_code == 201, assigned.get_json()
    return created["id"]


def _graded(client, headers: dict, code: str) -> str:
    """Submit code to SDPA and wait for its verdict."""
    url = client.post(f"/api/v1/challenges/{SDPA}/submissions", json={"code": code},
                      headers=headers).get_json()["url"]
    return _poll(client, url, headers, timeout=180)["verdict"]


@pytest.mark.sandbox
def test_the_insights_count_the_class_verdicts_and_named_bugs(app, client, people, catalog,
                                                              make_token, queue):
    course = _course(client, people)
    reference = (Path(app.config["CHALLENGES_DIR"]) / SDPA / "reference.py").read_text()
    outsider = {"Authorization": f"Bearer {make_token('out', 'student')}"}
    graded = [_graded(client, people[who], code) for who, code in (
        ("sam", NO_SCALING), ("sam", reference),  # accepted at the second attempt
        ("sue", NO_SCALING), ("sue", NO_SCALING),  # stuck, twice without the scaling
        ("zed", reference),  # accepted at once
        ("ivy", NO_SCALING))]  # an instructor's submission is no student's
    graded.append(_graded(client, outsider, NO_SCALING))  # nor is a non-member's
    assert graded == ["wrong_answer", "accepted", "wrong_answer", "wrong_answer", "accepted",
                      "wrong_answer", "wrong_answer"]

    response = client.get(f"/api/v1/courses/{course}/insights", headers=people["ivy"])
    assert response.status_code == 200
    body = response.get_json()
    assert body["students"] == 3
    assert [a["challenges"] for a in body["assignments"]] == [[SDPA, "scaled-scores"]]
    sdpa, scores = body["challenges"]
    assert sdpa["assignment"] == body["assignments"][0]["id"] and sdpa["slug"] == SDPA
    assert (sdpa["tried"], sdpa["accepted"], sdpa["not_tried"]) == (3, 2, 0)
    assert sdpa["verdicts"] == {"wrong_answer": 3, "accepted": 2}
    [bug] = sdpa["named_bugs"]
    assert (bug["name"], bug["students"]) == ("no_scaling", 2)
    assert bug["share"] == pytest.approx(2 / 3, abs=1e-3) and "sqrt" in bug["explanation"]
    assert sdpa["attempts_to_accept"] == {"median": 1.5, "distribution": [
        {"attempts": 1, "students": 1}, {"attempts": 2, "students": 1}]}
    assert sdpa["stuck"] == [{"username": "sue", "attempts": 2, "verdict": "wrong_answer",
                              "bug": "no_scaling"}]
    assert (scores["tried"], scores["not_tried"], scores["named_bugs"]) == (0, 3, [])
    assert scores["attempts_to_accept"] == {"median": None, "distribution": []}

    korean = client.get(f"/api/v1/courses/{course}/insights?lang=ko",
                        headers=people["ivy"]).get_json()
    assert korean["challenges"][0]["named_bugs"][0]["explanation"] != bug["explanation"]


def test_only_the_course_instructors_and_admins_read_its_insights(client, people, catalog):
    course = _course(client, people)
    url = f"/api/v1/courses/{course}/insights"
    assert client.get(url, headers=people["ivy"]).status_code == 200
    assert client.get(url, headers=people["ada"]).status_code == 200  # an admin
    assert client.get(url, headers=people["sam"]).status_code == 403  # a student of it
    assert client.get(url, headers=people["ian"]).status_code == 404  # another instructor
    assert client.get(url).status_code == 401
    assert client.get("/api/v1/courses/999999/insights",
                      headers=people["ivy"]).status_code == 404
