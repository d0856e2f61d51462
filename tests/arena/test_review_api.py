"""The AI review through the HTTP API, against a real OpenAI-compatible server of the tests'
own (tests/review_server.py), of a submission graded by the real engine and sandbox."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

from arena.extensions import db
from arena.jobs.preparation import prepared_data
from arena.models import Challenge
from arena.services.versions import version_spec
from tests.review_server import DEFAULT_REPLY, ReviewServer

SDPA = "scaled-dot-product-attention"
UNSCALED = """
import numpy as np

def attention(Q, K, V):
    scores = np.asarray(Q, float) @ np.asarray(K, float).T
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights /= weights.sum(axis=1, keepdims=True)
    return weights @ np.asarray(V, float)
"""
EVENTS = {"Accept": "text/event-stream"}


@pytest.fixture(scope="module")
def server() -> Iterator[ReviewServer]:
    """One reviewer for the module."""
    started = ReviewServer().start()
    yield started
    started.stop()


@pytest.fixture
def reviewer(server: ReviewServer) -> ReviewServer:
    """The module's reviewer, behaving well and with nothing received yet."""
    server.mode, server.hang_seconds = "ok", 10.0
    server.requests.clear()
    server.headers.clear()
    return server


@pytest.fixture
def app_config(reviewer: ReviewServer) -> dict:
    return {"REVIEW_URL": reviewer.url, "REVIEW_MODEL": "tiny", "REVIEW_API_KEY": "sk-secret",
            "REVIEW_TIMEOUT_SECONDS": 2, "REVIEW_RATE_LIMIT": "3 per minute"}


def _graded(client, headers: dict, code: str = UNSCALED) -> int:
    """Submit `code` to SDPA and wait for its verdict; return its id."""
    url = client.post(f"/api/v1/challenges/{SDPA}/submissions", json={"code": code},
                      headers=headers).get_json()["url"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        body = client.get(url, headers=headers).get_json()
        if body["status"] == "done":
            return body["id"]
        time.sleep(0.1)
    raise AssertionError("not graded in time")


def _events(text: str) -> list[tuple[str, dict]]:
    """Parse a server-sent event stream into (event, data) pairs."""
    found = []
    for block in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        found.append((lines["event"], json.loads(lines["data"])))
    return found


@pytest.mark.sandbox
def test_without_a_reviewer_the_api_answers_503(app, client, catalog, queue, auth_headers,
                                                reviewer):
    submission = _graded(client, auth_headers)
    app.config["REVIEW_URL"] = None
    response = client.post(f"/api/v1/submissions/{submission}/review", headers=auth_headers)
    assert response.status_code == 503
    assert response.get_json()["error"]["code"] == "review_unavailable"
    assert reviewer.requests == []


@pytest.mark.sandbox
def test_a_review_is_told_what_the_learner_sees_and_nothing_hidden(
        app, client, catalog, queue, auth_headers, reviewer):
    submission = _graded(client, auth_headers)
    shown = client.get(f"/api/v1/submissions/{submission}", headers=auth_headers).get_json()
    assert shown["verdict"] == "wrong_answer" and shown["diagnosis"]
    response = client.post(f"/api/v1/submissions/{submission}/review", headers=auth_headers)
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["review"].strip() == DEFAULT_REPLY and body["cached"] is False
    assert (body["verdict"], body["passed"], body["total"]) == (
        "wrong_answer", shown["passed"], shown["total"])
    [asked] = reviewer.requests
    assert asked["model"] == "tiny" and asked["stream"] is True
    assert reviewer.headers[0]["Authorization"] == "Bearer sk-secret"
    prompt = "\n".join(message["content"] for message in asked["messages"])
    assert "final" in asked["messages"][0]["content"] and "English" in prompt
    assert UNSCALED.strip() in prompt and "wrong answer" in prompt
    assert shown["diagnosis"] in prompt
    assert f"{shown['passed']} of {shown['total']} tests passed" in prompt
    with app.app_context():
        challenge = db.session.query(Challenge).filter_by(slug=SDPA).one()
        prepared = prepared_data(challenge.current_version)
        statement = version_spec(challenge.current_version).statement["en"]
        public = [c for c in prepared.cases if c.public]
        hidden = [c for c in prepared.cases if not c.public]
    assert public and hidden
    for case in public:
        assert json.dumps(case.inputs()) in prompt and json.dumps(case.expected) in prompt
    for case in hidden:
        assert json.dumps(case.inputs()) not in prompt
        assert json.dumps(case.expected) not in prompt
        for value in _numbers([case.args, case.kwargs, case.expected]):
            assert repr(value) not in prompt, f"hidden value {value!r} of {case.name}"
        if all(case.name != p.name for p in public):
            assert case.name not in prompt
    assert statement.strip() in prompt


def _numbers(value) -> Iterator[float]:
    """Yield the distinctive numbers in nested data (those whose repr is long enough not to
    turn up by chance in a public row)."""
    if isinstance(value, list | tuple):
        for item in value:
            yield from _numbers(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)
    elif isinstance(value, float) and len(repr(value)) >= 8:
        yield value


@pytest.mark.sandbox
def test_a_streamed_review_comes_in_pieces_under_the_graders_verdict_then_is_kept(
        client, catalog, queue, auth_headers, reviewer):
    submission = _graded(client, auth_headers)
    url = f"/api/v1/submissions/{submission}/review"
    response = client.post(url, headers={**auth_headers, **EVENTS})
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    events = _events(response.get_data(as_text=True))
    assert events[0] == ("verdict", {"verdict": "wrong_answer", "passed": events[0][1]["passed"],
                                     "total": events[0][1]["total"]})
    pieces = [data["text"] for name, data in events if name == "review"]
    assert len(pieces) > 3 and "".join(pieces).strip() == DEFAULT_REPLY
    assert events[-1] == ("done", {"cached": False})
    again = client.post(url, headers=auth_headers).get_json()
    assert again["cached"] is True and again["review"].strip() == DEFAULT_REPLY
    streamed_again = _events(client.post(url, headers={**auth_headers, **EVENTS})
                             .get_data(as_text=True))
    assert streamed_again[-1] == ("done", {"cached": True})
    assert len(reviewer.requests) == 1  # three asks, one request to the reviewer


@pytest.mark.sandbox
def test_the_review_answers_in_the_readers_language(client, catalog, queue, auth_headers,
                                                    reviewer):
    submission = _graded(client, auth_headers)
    url = f"/api/v1/submissions/{submission}/review"
    assert client.post(url, headers={**auth_headers, "Accept-Language": "ko"}).status_code == 200
    assert client.post(url + "?lang=en", headers=auth_headers).status_code == 200
    korean, english = ("\n".join(m["content"] for m in r["messages"]) for r in reviewer.requests)
    assert "Answer in Korean (한국어)" in korean and "Korean" not in english
    assert "스케일드 닷-프로덕트 어텐션" in korean  # the Korean statement
    assert client.post(url + "?lang=ko", headers=auth_headers).get_json()["cached"] is True


@pytest.mark.sandbox
def test_reviews_are_limited_per_user_and_kept_ones_are_free(
        client, catalog, queue, make_token, reviewer):
    ann = {"Authorization": f"Bearer {make_token('ann')}"}
    bob = {"Authorization": f"Bearer {make_token('bob')}"}
    first, second = _graded(client, ann), _graded(client, ann, UNSCALED + "\n# again\n")
    for url in (f"/api/v1/submissions/{first}/review?lang=en",
                f"/api/v1/submissions/{first}/review?lang=ko",
                f"/api/v1/submissions/{second}/review?lang=en"):
        assert client.post(url, headers=ann).status_code == 200
    refused = client.post(f"/api/v1/submissions/{second}/review?lang=ko", headers=ann)
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert refused.get_json()["error"]["code"] == "rate_limited"
    kept = client.post(f"/api/v1/submissions/{first}/review?lang=ko", headers=ann)
    assert kept.status_code == 200 and kept.get_json()["cached"] is True
    assert client.post(f"/api/v1/submissions/{first}/review", headers=bob).status_code == 404
    assert len(reviewer.requests) == 3


@pytest.mark.parametrize(("mode", "status"), [("hang", 504), ("fail", 502), ("broken", 502),
                                              ("cut", 502)])
@pytest.mark.sandbox
def test_a_failing_reviewer_fails_soft(client, catalog, queue, auth_headers, reviewer, mode,
                                       status):
    submission = _graded(client, auth_headers)
    reviewer.mode, reviewer.hang_seconds = mode, 4
    url = f"/api/v1/submissions/{submission}/review"
    started = time.monotonic()
    response = client.post(url, headers=auth_headers)
    assert time.monotonic() - started < 4
    assert response.status_code == status
    error = response.get_json()["error"]
    assert error["code"] == "review_failed" and "reviewer" in error["message"]
    assert "Traceback" not in response.get_data(as_text=True)
    assert "sk-secret" not in response.get_data(as_text=True)  # the key is never shown
    streamed = client.post(url, headers={**auth_headers, **EVENTS})
    if streamed.status_code == 200:  # failed once the stream had begun: an error event
        events = _events(streamed.get_data(as_text=True))
        assert events[0][0] == "verdict" and events[-1][0] == "error"
        assert events[-1][1]["error"]["code"] == "review_failed"
    else:
        assert streamed.status_code == status
    reviewer.mode = "ok"
    assert client.post(url, headers=auth_headers).get_json()["cached"] is False  # nothing kept


def test_a_run_and_an_ungraded_submission_are_not_reviewed(client, catalog, auth_headers):
    queued = client.post(f"/api/v1/challenges/{SDPA}/submissions", json={"code": "x = 1"},
                         headers=auth_headers).get_json()["id"]
    response = client.post(f"/api/v1/submissions/{queued}/review", headers=auth_headers)
    assert response.status_code == 409 and response.get_json()["error"]["code"] == "not_done"
    run = client.post(f"/api/v1/challenges/{SDPA}/runs", json={"code": "x = 1"},
                      headers=auth_headers).get_json()["id"]
    response = client.post(f"/api/v1/submissions/{run}/review", headers=auth_headers)
    assert response.status_code == 409
    assert response.get_json()["error"]["code"] == "not_reviewable"
    assert client.post("/api/v1/submissions/99999/review",
                       headers=auth_headers).status_code == 404
