"""Every API error has one JSON shape and the right status."""

import json

import pytest

SUBMIT = "/api/v1/challenges/softmax/submissions"
CODE = "def softmax(row):\n    return row\n"


def _error(response, status: int, code: str) -> str:
    """Check the error shape and return its message."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["code"] == code and body["error"]["message"]
    return body["error"]["message"]


def _post(client, headers, body: bytes, path: str = SUBMIT, mimetype="application/json"):
    return client.post(path, data=body, headers={**headers, "Content-Type": mimetype})


def test_invalid_json_is_400(client, catalog, auth_headers):
    message = _error(_post(client, auth_headers, b'{"code": '), 400, "bad_request")
    assert "JSON" in message


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer nope"},
                                     {"Authorization": "Basic YTpi"}])
def test_missing_or_bad_token_is_401(client, catalog, headers):
    response = client.post(SUBMIT, json={"code": CODE}, headers=headers)
    assert "Bearer" in _error(response, 401, "unauthorized")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_unknown_challenge_is_404(client, catalog, auth_headers):
    response = client.post("/api/v1/challenges/nope/submissions", json={"code": CODE},
                           headers=auth_headers)
    assert "nope" in _error(response, 404, "not_found")
    _error(client.get("/api/v1/challenges/nope"), 404, "not_found")


def test_unknown_url_and_submission_are_404(client, auth_headers):
    _error(client.get("/api/v1/nothing-here"), 404, "not_found")
    _error(client.get("/api/v1/submissions/999", headers=auth_headers), 404, "not_found")
    _error(client.get("/api/v1/submissions/abc", headers=auth_headers), 404, "not_found")


def test_wrong_method_is_405(client, auth_headers):
    response = client.delete("/api/v1/challenges", headers=auth_headers)
    _error(response, 405, "method_not_allowed")
    assert "GET" in response.headers["Allow"]


def test_code_over_64_kib_is_413(client, catalog, auth_headers):
    response = client.post(SUBMIT, json={"code": "#" * (64 * 1024 + 1)}, headers=auth_headers)
    assert "code" in _error(response, 413, "payload_too_large")


def test_body_over_the_content_limit_is_413(client, catalog, auth_headers):
    body = json.dumps({"code": "#" * (2 * 1024 * 1024)}).encode()
    _error(_post(client, auth_headers, body), 413, "payload_too_large")


@pytest.mark.parametrize(("body", "field"), [
    ({}, "code"),
    ({"code": 42}, "code"),
    ({"code": None}, "code"),
    ({"code": CODE, "language": "python"}, "language"),
    (["not", "an", "object"], "body"),
    ({"code": ""}, "code"),
    ({"code": "x = 1\u0000"}, "code"),
])
def test_missing_or_wrong_fields_are_422_naming_the_field(client, catalog, auth_headers, body,
                                                          field):
    response = client.post(SUBMIT, json=body, headers=auth_headers)
    assert _error(response, 422, "unprocessable").startswith(f"{field}:")


def test_body_that_is_not_utf8_is_422(client, catalog, auth_headers):
    body = b'{"code": "x = \xff\xfe"}'
    assert "UTF-8" in _error(_post(client, auth_headers, body), 422, "unprocessable")


def test_lone_surrogate_is_422(client, catalog, auth_headers):
    body = b'{"code": "x = \\ud800"}'
    assert "surrogate" in _error(_post(client, auth_headers, body), 422, "unprocessable")


def test_non_json_body_is_422_naming_the_field(client, catalog, auth_headers):
    response = _post(client, auth_headers, CODE.encode(), mimetype="text/plain")
    assert _error(response, 422, "unprocessable").startswith("code:")


def test_bad_query_parameter_is_422_naming_it(client, catalog):
    assert _error(client.get("/api/v1/challenges?lang=fr"), 422,
                  "unprocessable").startswith("lang:")


def test_runs_validate_like_submissions(client, catalog, auth_headers):
    path = "/api/v1/challenges/softmax/runs"
    _error(client.post(path, json={}, headers=auth_headers), 422, "unprocessable")
    _error(client.post(path, json={"code": CODE}), 401, "unauthorized")


def test_pages_outside_the_api_keep_html_errors(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404 and response.mimetype == "text/html"


def test_unexpected_errors_are_500_in_the_same_shape(app, client):
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/api/v1/boom")
    def boom():
        raise RuntimeError("a bug")

    assert "a bug" not in _error(client.get("/api/v1/boom"), 500, "internal_error")
