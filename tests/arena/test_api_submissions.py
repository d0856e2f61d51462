"""Submissions and runs through the HTTP API, graded by the real engine and sandbox."""

import time
from pathlib import Path

import pytest

SDPA = "scaled-dot-product-attention"
UNSCALED = """
import numpy as np

def attention(Q, K, V):
    scores = np.asarray(Q, float) @ np.asarray(K, float).T
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights /= weights.sum(axis=1, keepdims=True)
    return weights @ np.asarray(V, float)
"""


@pytest.fixture
def app_config() -> dict:
    """A run waits for its own result here (a busy machine may take longer than the default)."""
    return {"RUN_WAIT_SECONDS": 300}


def _reference(app, slug: str = SDPA) -> str:
    return (Path(app.config["CHALLENGES_DIR"]) / slug / "reference.py").read_text()


def _poll(client, url: str, headers: dict, timeout: float = 90, **query) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = client.get(url, headers=headers, query_string=query).get_json()
        if body["status"] == "done":
            return body
        time.sleep(0.1)
    raise AssertionError(f"{url} is still {body['status']}")


def test_submit_answers_202_with_where_to_poll(client, catalog, auth_headers):
    response = client.post(f"/api/v1/challenges/{SDPA}/submissions", json={"code": "x = 1"},
                           headers=auth_headers)
    assert response.status_code == 202
    body = response.get_json()
    assert set(body) == {"id", "status", "url"} and body["status"] == "queued"
    assert response.headers["Location"] == body["url"] == f"/api/v1/submissions/{body['id']}"
    shown = client.get(body["url"], headers=auth_headers).get_json()
    assert shown["challenge"] == SDPA and shown["status"] == "queued" and shown["tests"] == []
    assert shown["verdict"] is None and shown["finished_at"] is None


def test_students_see_their_own_and_instructors_their_courses(client, catalog, make_token):
    ann = {"Authorization": f"Bearer {make_token('ann')}"}
    bob = {"Authorization": f"Bearer {make_token('bob')}"}
    ines = {"Authorization": f"Bearer {make_token('ines', 'instructor')}"}
    ada = {"Authorization": f"Bearer {make_token('ada', 'admin')}"}
    url = client.post(f"/api/v1/challenges/{SDPA}/submissions", json={"code": "x = 1"},
                      headers=ann).get_json()["url"]
    assert client.get(url, headers=bob).status_code == 404
    assert client.get(url, headers=ines).status_code == 404  # ann is none of her students
    assert client.get(url, headers=ada).status_code == 200
    assert client.get("/api/v1/submissions", headers=ines).get_json()["submissions"] == []
    course = client.post("/api/v1/courses", json={"title": "Unit"}, headers=ines).get_json()
    client.post("/api/v1/courses/join", json={"code": course["join_code"]}, headers=ann)
    assert client.get(url, headers=ines).status_code == 404  # nothing assigned yet
    client.post(f"/api/v1/courses/{course['id']}/assignments", headers=ines, json={
        "title": "Week 1", "challenges": [SDPA], "opens_at": "2026-01-01T00:00:00+00:00",
        "due_at": "2099-01-01T00:00:00+00:00"})
    assert client.get(url, headers=ines).status_code == 200
    assert client.get("/api/v1/submissions", headers=bob).get_json() == {"submissions": [],
                                                                          "next": None}
    listed = client.get("/api/v1/submissions", headers=ines,
                        query_string={"challenge": SDPA}).get_json()["submissions"]
    assert [(s["user"], s["url"]) for s in listed] == [("ann", url)]
    assert client.get("/api/v1/submissions?challenge=softmax",
                      headers=ines).get_json()["submissions"] == []


def test_submissions_come_a_page_at_a_time_newest_first(app, client, catalog, auth_headers):
    app.config["MAX_PENDING_PER_USER"] = 5  # no worker runs: all five stay queued
    def submit() -> int:
        return client.post(f"/api/v1/challenges/{SDPA}/submissions", json={"code": "x = 1"},
                           headers=auth_headers).get_json()["id"]

    ids = [submit() for _ in range(3)]
    client.post("/api/v1/challenges/softmax/submissions", json={"code": "x = 1"},
                headers=auth_headers)
    first = client.get("/api/v1/submissions", headers=auth_headers,
                       query_string={"challenge": SDPA, "limit": 2}).get_json()
    assert [s["id"] for s in first["submissions"]] == ids[:0:-1]
    assert first["next"] == (f"/api/v1/submissions?challenge={SDPA}&limit=2"
                             f"&before={ids[1]}")
    submit()  # a new submission does not shift the pages after the first
    last = client.get(first["next"], headers=auth_headers).get_json()
    assert [s["id"] for s in last["submissions"]] == [ids[0]] and last["next"] is None


@pytest.mark.parametrize("limit", [0, 201, "many"])
def test_a_page_size_out_of_range_is_422(client, auth_headers, limit):
    response = client.get(f"/api/v1/submissions?limit={limit}", headers=auth_headers)
    assert response.status_code == 422
    assert response.get_json()["error"]["message"].startswith("limit:")


@pytest.mark.sandbox
def test_the_reference_is_accepted(app, client, catalog, auth_headers, queue):
    url = client.post(f"/api/v1/challenges/{SDPA}/submissions",
                      json={"code": _reference(app)}, headers=auth_headers).get_json()["url"]
    result = _poll(client, url, auth_headers)
    assert result["verdict"] == "accepted" and result["passed"] == result["total"] > 2
    assert result["finished_at"] >= result["created_at"]
    for test in result["tests"]:
        assert test["passed"] and test["diagnosis"] is None
        assert ("input" in test) == (not test["hidden"])


@pytest.mark.sandbox
def test_a_missing_scale_is_wrong_answer_and_named(client, catalog, auth_headers, queue):
    url = client.post(f"/api/v1/challenges/{SDPA}/submissions", json={"code": UNSCALED},
                      headers=auth_headers).get_json()["url"]
    result = _poll(client, url, auth_headers)
    assert result["verdict"] == "wrong_answer"
    failed = [t for t in result["tests"] if not t["passed"]]
    assert failed and all(t["diagnosis"] for t in failed)
    hidden = [t for t in result["tests"] if t["hidden"]]
    assert hidden and not any({"input", "expected", "got", "weights"} & set(t) for t in hidden)
    korean = client.get(url, headers=auth_headers, query_string={"lang": "ko"}).get_json()
    pairs = list(zip(result["tests"], korean["tests"], strict=True))
    assert all(en["name"] != ko["name"] for en, ko in pairs)
    failing = [(en, ko) for en, ko in pairs if en["hidden"] and not en["passed"]]
    en, ko = next((en, ko) for en, ko in failing if "numerics" not in en["message"])
    assert en["message"] == "wrong answer: the values differ from the expected output"
    # A numerics-tier case says how far off and where, never a value.
    en, ko = next((en, ko) for en, ko in failing if "numerics" in en["message"])
    assert en["message"].startswith("wrong answer: the values differ from the expected output "
                                    "(worst relative error 1e")
    assert ko["message"].startswith("오답: 값이 기대 출력과 다릅니다 (가장 큰 상대 오차 1e")
    assert "sqrt" in ko["diagnosis"] and ko["diagnosis"] != en["diagnosis"]


@pytest.mark.sandbox
def test_public_tests_carry_the_learners_weights(client, catalog, auth_headers, queue):
    response = client.post(f"/api/v1/challenges/{SDPA}/runs", json={"code": UNSCALED},
                           headers=auth_headers)
    lesson = response.get_json()["tests"][0]
    # The lesson's example: queries = keys = [[1, 0], [0, 1], [1, 1]], unscaled scores.
    assert [[round(w, 3) for w in row] for row in lesson["weights"]] == [
        [0.422, 0.155, 0.422], [0.155, 0.422, 0.422], [0.212, 0.212, 0.576]]


@pytest.mark.sandbox
def test_a_syntax_error_is_compilation_error(client, catalog, auth_headers, queue):
    url = client.post(f"/api/v1/challenges/{SDPA}/submissions",
                      json={"code": "def attention(Q, K, V)\n    return V\n"},
                      headers=auth_headers).get_json()["url"]
    result = _poll(client, url, auth_headers)
    assert result["verdict"] == "compilation_error" and "line" in result["message"].lower()


@pytest.mark.sandbox
def test_a_run_answers_with_full_feedback_and_is_not_listed(client, catalog, auth_headers,
                                                              queue):
    response = client.post(f"/api/v1/challenges/{SDPA}/runs", json={"code": UNSCALED},
                           headers=auth_headers)
    assert response.status_code == 200
    result = response.get_json()
    assert result["kind"] == "run" and result["status"] == "done"
    assert result["tests"] and not any(t["hidden"] for t in result["tests"])
    lesson = result["tests"][0]
    assert {"input", "expected", "got"} <= set(lesson) and lesson["got"] != lesson["expected"]
    assert client.get("/api/v1/submissions", headers=auth_headers).get_json()[
        "submissions"] == []
    assert client.get(result["url"], headers=auth_headers).get_json()["id"] == result["id"]
