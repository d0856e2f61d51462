"""Requests past what the database and the parser hold answer 400, 404 or 422, never 500:
JSON nested 100,000 deep, ids past PostgreSQL's `integer` in a path, a query or a body, text
that PostgreSQL cannot store (a NUL character, a lone surrogate) anywhere in a request."""

from __future__ import annotations

import pytest

from arena.bounds import MAX_ID, MAX_JSON_DEPTH, json_depth

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(("path", "body"), [
    ("/api/v1/courses/join", DEEP),
    ("/api/v1/courses", '{"title": ' + DEEP + "}"),
    ("/api/v1/challenges/softmax/submissions", '{"code": ' + "{\"a\": " * 50_000 + "1"
     + "}" * 50_001),
])
def test_deep_json_answers_400(client, auth_headers, path, body):
    response = client.post(path, data=body, content_type="application/json",
                           headers=auth_headers)
    assert response.status_code == 400
    assert f"more than {MAX_JSON_DEPTH} deep" in response.get_json()["error"]["message"]


def test_brackets_inside_strings_are_not_nesting(client, auth_headers):
    code = "[" * 5000 + '"\\"{' + "]" * 5000
    response = client.post("/api/v1/courses/join", json={"code": code}, headers=auth_headers)
    assert response.status_code == 422  # an unknown (too long) code, not a nesting refusal


@pytest.mark.parametrize(("text", "depth"), [
    ("{}", 1), ('{"a": [1, {"b": []}]}', 4), ('["[[[", "\\"]]]"]', 1), ('"{"', 0),
    ('{"a": "unclosed' + "x" * 100_000, 1),  # no exponential backtracking on this
])
def test_json_depth(text, depth):
    assert json_depth(text) == depth


@pytest.mark.parametrize("path", [
    f"/api/v1/submissions/{2**66}", f"/api/v1/submissions/{MAX_ID + 1}",
    f"/api/v1/courses/{2**66}/gradebook", f"/api/v1/regrades/{MAX_ID + 1}",
    f"/api/v1/courses/{'9' * 1000}",
])
def test_ids_past_the_columns_in_a_path_answer_404(client, auth_headers, path):
    response = client.get(path, headers=auth_headers)
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"


def test_the_largest_id_is_looked_up(client, auth_headers):
    response = client.get(f"/api/v1/submissions/{MAX_ID}", headers=auth_headers)
    assert response.status_code == 404
    assert response.get_json()["error"]["message"] == f"no submission {MAX_ID}"


@pytest.mark.parametrize("query", [f"course={2**66}", f"before={MAX_ID + 1}"])
def test_ids_past_the_columns_in_a_query_answer_422(client, auth_headers, query):
    response = client.get(f"/api/v1/submissions?{query}", headers=auth_headers)
    assert response.status_code == 422


def test_ids_past_the_columns_in_a_body_answer_422(client, make_token, catalog):
    teacher = {"Authorization": f"Bearer {make_token('ivy', 'instructor')}"}
    response = client.post("/api/v1/challenges/softmax/regrade", json={"course": 2**66},
                           headers=teacher)
    assert response.status_code == 422 and "course" in response.get_json()["error"]["message"]


def test_a_page_with_an_id_past_the_columns_answers_404(client):
    """The route does not match, so not even the login page is asked for."""
    assert client.get(f"/courses/{2**66}").status_code == 404


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/api/v1/courses", '{"title": "\\u0000"}', "title: contains a NUL character"),
    ("/api/v1/courses/join", '{"code": "a\\u0000b"}', "code: contains a NUL character"),
    ("/api/v1/courses", '{"title": "\\ud800"}', "title: contains a lone surrogate"),
    ("/api/v1/courses", '{"\\u0000": 1, "title": "x"}', "body: contains a NUL character"),
    ("/api/v1/challenges/softmax/submissions", '{"code": "x = 1\\u0000"}',
     "code: contains a NUL character"),
])
def test_unstorable_text_in_a_body_answers_422(client, make_token, catalog, path, body, field):
    """Found by the fuzz test on PostgreSQL: a title of one NUL reached the INSERT."""
    teacher = {"Authorization": f"Bearer {make_token('ivy', 'instructor')}"}
    response = client.post(path, data=body, content_type="application/json", headers=teacher)
    assert response.status_code == 422
    assert response.get_json()["error"]["message"].startswith(field)


def test_unstorable_text_in_a_query_answers_422(client, auth_headers):
    response = client.get("/api/v1/submissions?challenge=soft%00max", headers=auth_headers)
    assert response.status_code == 422
    assert response.get_json()["error"]["message"] == "challenge: contains a NUL character"


@pytest.mark.parametrize("path", ["/api/v1/challenges/soft%00max", "/challenges/%00",
                                  "/no-such-page?q=%00"])
def test_unstorable_text_in_a_path_answers_404(client, auth_headers, path):
    assert client.get(path, headers=auth_headers).status_code == 404


def test_a_nested_string_is_checked(client, make_token):
    teacher = {"Authorization": f"Bearer {make_token('ivy', 'instructor')}"}
    response = client.post("/api/v1/courses", json={"title": "x", "more": [{"deep": "\x00"}]},
                           headers=teacher)
    assert response.status_code == 422
    assert response.get_json()["error"]["message"] == "deep: contains a NUL character"


#: Instants past what a request may name (arena.bounds.INSTANTS): the red team's two 500s (the
#: offset taken away past year 1 and past year 9999), and the first instants either side.
PAST_THE_INSTANTS = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00",
                     "1969-12-31T23:59:59Z", "3000-01-01T00:00:00Z"]


@pytest.mark.parametrize("name", ["since", "until"])
@pytest.mark.parametrize("moment", PAST_THE_INSTANTS)
def test_instants_past_the_bounds_in_a_query_answer_422(client, auth_headers, name, moment):
    response = client.get("/api/v1/submissions", query_string={name: moment},
                          headers=auth_headers)
    assert response.status_code == 422
    assert response.get_json() == {"error": {"code": "unprocessable", "message": (
        f"{name}: must be from 1970-01-01 to 2999-12-31 (UTC)")}}


def test_the_first_and_last_instants_are_taken(client, auth_headers):
    response = client.get("/api/v1/submissions", query_string={
        "since": "1970-01-01T00:00:00Z", "until": "2999-12-31T23:59:59.999999Z"},
        headers=auth_headers)
    assert response.status_code == 200


@pytest.mark.parametrize("name", ["opens_at", "due_at"])
@pytest.mark.parametrize("moment", PAST_THE_INSTANTS)
def test_instants_past_the_bounds_in_an_assignment_answer_422(client, make_token, catalog,
                                                              name, moment):
    teacher = {"Authorization": f"Bearer {make_token('ivy', 'instructor')}"}
    course = client.post("/api/v1/courses", json={"title": "Attention"}, headers=teacher)
    path = f"/api/v1/courses/{course.get_json()['id']}/assignments"
    body = {"title": "Week 1", "challenges": ["softmax"], "opens_at": "2026-12-01T09:00+09:00",
            "due_at": "2026-12-08T09:00+09:00"}
    assert client.post(path, json=body, headers=teacher).status_code == 201
    response = client.post(path, json={**body, name: moment}, headers=teacher)
    assert response.status_code == 422
    assert response.get_json()["error"]["message"].startswith(f"{name}: must be from 1970")
