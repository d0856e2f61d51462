"""The challenge page's console: POST .../runs with `input`, the arguments of one call, parsed
strictly on the host and run in the public lane; the answer holds the value returned, what was
printed, or the learner's traceback. Never a submission."""

from __future__ import annotations

import time

import pytest

from arena.bounds import MAX_CALL_BYTES
from arena.errors import Unprocessable
from arena.services.console import parse_call

RUNS = "/api/v1/challenges/softmax/runs"
SOFTMAX = ("import math\ndef softmax(row):\n    print('called on', len(row), 'numbers')\n"
           "    top = max(row)\n    e = [math.exp(x - top) for x in row]\n"
           "    return [v / sum(e) for v in e]\n")


def test_arguments_are_read_as_the_literals_of_a_call():
    assert parse_call("[[1, 0]], [[1, 0]], [[1, 2]]") == {
        "args": [[[1, 0]], [[1, 0]], [[1, 2]]], "kwargs": {}}
    assert parse_call("(1.5, -2), causal=True, mask=None") == {
        "args": [[1.5, -2]], "kwargs": {"causal": True, "mask": None}}
    assert parse_call("") == {"args": [], "kwargs": {}}


@pytest.mark.parametrize("typed", [
    "__import__('os').system('id')", "'text'", "row", "[1] + [2]", "*rows", "**options",
    "1j", "{1: 2}", "{1, 2}", "lambda: 0", "[x for x in range(3)]", "1e999", "2 ** 64",
    "10 ** 30", ") + (", "[" * 40 + "]" * 40, "b'1'", "f(1)", "-[1]", "1" + "0" * 30,
])
def test_anything_but_plain_literals_is_refused(typed):
    with pytest.raises(Unprocessable):
        parse_call(typed)


def _post(client, headers, **body):
    return client.post(RUNS, json={"code": SOFTMAX, **body}, headers=headers)


def test_input_that_is_not_literal_arguments_is_a_clear_422(client, catalog, auth_headers):
    response = _post(client, auth_headers, input="__import__('os')")
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] and "numbers, True, False, None, lists and tuples" in error["message"]
    response = _post(client, auth_headers, input="[1,")
    assert response.status_code == 422 and "arguments of a call" in \
        response.get_json()["error"]["message"]
    response = _post(client, auth_headers, input="0," * MAX_CALL_BYTES)
    assert response.status_code == 413
    assert _post(client, auth_headers, input=5).status_code == 422
    assert client.get("/api/v1/submissions", headers=auth_headers).get_json()[
        "submissions"] == []


def _result(client, response, headers) -> dict:
    body = response.get_json()
    deadline = time.monotonic() + 90
    while body["status"] != "done":
        assert time.monotonic() < deadline, "the console run never finished"
        time.sleep(0.1)
        body = client.get(body["url"], headers=headers).get_json()
    return body


@pytest.mark.sandbox
def test_the_console_returns_the_value_and_what_was_printed(client, catalog, auth_headers,
                                                            queue):
    result = _result(client, _post(client, auth_headers, input="[0, 0]"), auth_headers)
    assert result["kind"] == "run" and result["call"] == {"args": [[0, 0]], "kwargs": {}}
    [test] = result["tests"]
    assert test["got"] == [0.5, 0.5] and test["input"] == result["call"]
    assert result["output"].count("called on 2 numbers") == 1
    assert client.get("/api/v1/submissions", headers=auth_headers).get_json()[
        "submissions"] == []


@pytest.mark.sandbox
def test_the_console_shows_the_learners_traceback(client, catalog, auth_headers, queue):
    code = "def softmax(row):\n    return [row[9]]\n"
    response = client.post(RUNS, json={"code": code, "input": "[1.0]"}, headers=auth_headers)
    [test] = _result(client, response, auth_headers)["tests"]
    assert test["error_type"] == "IndexError" and test["line"] == 2
    assert 'File "solution.py", line 2, in softmax' in test["traceback"]
    assert "runner" not in test["traceback"]
