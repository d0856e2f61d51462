"""The lessons API: list and show lessons, run a cell's code in the real sandbox (the app's
embedded queue), as a user or a visitor, and read the run back by its id alone."""

from __future__ import annotations

import pytest

from bench.live_server import wait_until
from graders.bounds import MAX_CELL_CODE_BYTES

pytestmark = pytest.mark.sandbox

LESSON = "/api/v1/lessons/attention-basics"
RUN = LESSON + "/cells/example/runs"
EXPECTED = ("attention: [[6.02, 3.98], [3.98, 6.02], [5.0, 5.0]]\n"
            "causal attention: [[10.0, 0.0], [3.3, 6.7], [5.0, 5.0]]")


@pytest.fixture
def app_config() -> dict:
    """A generous wait, so that a run answers 200 with its result."""
    return {"RUN_WAIT_SECONDS": 30}


def _code(client, lang: str = "en") -> str:
    cells = client.get(f"{LESSON}?lang={lang}").get_json()["cells"]
    return next(cell["code"] for cell in cells if cell["id"] == "example")


def _done(client, response) -> dict:
    """The run's result, polling its URL if it was not done at once."""
    body = response.get_json()
    if response.status_code == 202:
        assert response.headers["Location"] == body["url"]
        wait_until(lambda: client.get(body["url"]).get_json()["status"] == "done", timeout=60)
        body = client.get(body["url"]).get_json()
    return body


def test_lists_the_lessons_in_order_with_their_track_and_challenges(client):
    lessons = client.get("/api/v1/lessons").get_json()["lessons"]
    first = lessons[0]
    assert first["slug"] == "attention-basics" and first["order"] == 1
    assert first["track"] == "foundations" and first["challenges"][0] == "softmax"
    assert [lesson["order"] for lesson in lessons] == sorted(lesson["order"] for lesson in lessons)


def test_shows_cells_in_the_asked_language_english_where_missing(client):
    english = client.get(LESSON).get_json()
    korean = client.get(LESSON, headers={"Accept-Language": "ko"}).get_json()
    assert english["title"] == "Attention, from the ground up"
    assert korean["title"] == "처음부터 배우는 어텐션" and korean["language"] == "ko"
    assert [c["id"] for c in english["cells"]] == [c["id"] for c in korean["cells"]] == [
        "example", "example-numpy", "scale"]
    assert english["cells"][0]["expected_output"].strip() == EXPECTED
    assert "가장 큰 점수" in korean["cells"][0]["code"]
    assert client.get(LESSON + "?lang=ko").get_json()["title"] == korean["title"]


def test_unknown_lessons_and_cells_answer_404(client):
    assert client.get("/api/v1/lessons/no-such-lesson").status_code == 404
    assert client.post("/api/v1/lessons/no-such/cells/example/runs",
                       json={"code": "print(1)"}).status_code == 404
    response = client.post(LESSON + "/cells/no-such-cell/runs", json={"code": "print(1)"})
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "not_found"
    assert client.get("/api/v1/cell-runs/not-a-token").status_code == 404


def test_code_is_bounded_and_must_be_text(client):
    big = client.post(RUN, json={"code": "#" * (MAX_CELL_CODE_BYTES + 1)})
    assert big.status_code == 422 and "bytes" in big.get_json()["error"]["message"]
    assert client.post(RUN, json={"code": "   "}).status_code == 422
    assert client.post(RUN, json={}).status_code == 422


def test_a_visitor_runs_the_example_and_reads_it_back_by_its_id(client, queue):
    response = client.post(RUN, json={"code": _code(client)})
    body = _done(client, response)
    assert body["status"] == "done" and body["matches"] is True
    assert body["stdout"].strip() == EXPECTED and body["stderr"] == ""
    assert len(body["id"]) >= 40  # unguessable: the poll URL is the visitor's alone
    again = client.get(body["url"]).get_json()
    assert again["stdout"] == body["stdout"]


def test_a_user_sees_a_traceback_of_the_cells_own_frames(client, queue, auth_headers):
    code = "import numpy as np\n\ndef f(x):\n    return x @ np.ones((3, 3))\n\nf(np.ones((2, 2)))\n"
    body = _done(client, client.post(RUN, json={"code": code}, headers=auth_headers))
    assert body["error_type"] == "ValueError" and body["matches"] is False
    assert 'File "cell.py", line 6' in body["stderr"] and 'line 4, in f' in body["stderr"]
    assert "runner" not in body["stderr"] and "numpy" not in body["stderr"].split("ValueError")[0]


def test_a_cell_that_never_ends_is_stopped_from_outside(client, queue):
    body = _done(client, client.post(RUN, json={"code": "while True:\n    pass\n"}))
    assert body["limit"] == "time" and body["matches"] is False


@pytest.mark.parametrize("app_config", [{"CELL_RUN_RATE_LIMIT": "2 per minute",
                                         "RUN_WAIT_SECONDS": 0}])
def test_cell_runs_are_rate_limited_per_address(client):
    codes = [client.post(RUN, json={"code": "print(1)"}).status_code for _ in range(3)]
    assert codes == [202, 202, 429]
    assert client.post(RUN, json={"code": "print(1)"}).get_json()["error"]["code"]


@pytest.mark.parametrize("app_config", [{"CELL_RUN_USER_RATE_LIMIT": "1 per minute",
                                         "RUN_WAIT_SECONDS": 0}])
def test_cell_runs_are_rate_limited_per_user(client, auth_headers):
    first = client.post(RUN, json={"code": "print(1)"}, headers=auth_headers)
    second = client.post(RUN, json={"code": "print(1)"}, headers=auth_headers,
                         environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert (first.status_code, second.status_code) == (202, 429)
    assert client.post(RUN, json={"code": "print(1)"}).status_code == 202  # a visitor is not
