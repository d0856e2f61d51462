"""Courses through the API: created by instructors, joined with a code, visible to their
members only, managed by their instructors (and admins)."""

from __future__ import annotations

import pytest


@pytest.fixture
def course(client, people) -> dict:
    """Ivy's course, which sam has joined."""
    created = client.post("/api/v1/courses", json={"title": "Attention, autumn"},
                          headers=people["ivy"])
    assert created.status_code == 201
    body = created.get_json()
    joined = client.post("/api/v1/courses/join", json={"code": body["join_code"]},
                         headers=people["sam"])
    assert joined.status_code == 200
    return body


def test_an_instructor_creates_a_course_with_a_join_code(client, people):
    created = client.post("/api/v1/courses", json={"title": "  Attention  "},
                          headers=people["ivy"])
    assert created.status_code == 201
    body = created.get_json()
    assert body["title"] == "Attention" and body["role"] == "instructor"
    assert len(body["join_code"]) == 8 and body["join_code"].isalnum()
    refused = client.post("/api/v1/courses", json={"title": "Mine"}, headers=people["sam"])
    assert refused.status_code == 403
    assert client.post("/api/v1/courses", json={"title": ""},
                       headers=people["ivy"]).status_code == 422


def test_students_join_with_the_code_however_they_type_it(client, people, course):
    code = course["join_code"]
    typed = f"{code[:4].lower()}-{code[4:]}"
    joined = client.post("/api/v1/courses/join", json={"code": typed}, headers=people["sue"])
    assert joined.status_code == 200
    assert joined.get_json() == {"id": course["id"], "title": "Attention, autumn",
                                 "role": "student", "join_code": None, "archived_at": None}
    again = client.post("/api/v1/courses/join", json={"code": code}, headers=people["sue"])
    assert again.status_code == 200  # joining twice changes nothing
    wrong = client.post("/api/v1/courses/join", json={"code": "NOPE1234"}, headers=people["sue"])
    assert wrong.status_code == 404
    mine = client.get("/api/v1/courses", headers=people["sue"]).get_json()["courses"]
    assert [c["id"] for c in mine] == [course["id"]]


def test_a_course_is_visible_to_its_members_only(client, people, course):
    path = f"/api/v1/courses/{course['id']}"
    assert client.get(path, headers=people["sam"]).get_json()["join_code"] is None
    assert client.get(path, headers=people["ivy"]).get_json()["join_code"] == course["join_code"]
    assert client.get(path, headers=people["ada"]).status_code == 200
    for outsider in ("sue", "ian"):
        assert client.get(path, headers=people[outsider]).status_code == 404
        assert client.get(path + "/members", headers=people[outsider]).status_code == 404
    assert client.get(path, headers={}).status_code == 401
    assert client.get("/api/v1/courses/999", headers=people["ada"]).status_code == 404


def test_instructors_see_members_add_colleagues_and_remove_people(client, people, course):
    path = f"/api/v1/courses/{course['id']}"
    assert client.get(path + "/members", headers=people["sam"]).status_code == 403
    added = client.post(path + "/instructors", json={"username": "ian"}, headers=people["ivy"])
    assert added.status_code == 200 and added.get_json()["role"] == "instructor"
    student = client.post(path + "/instructors", json={"username": "sue"},
                          headers=people["ivy"])
    assert student.status_code == 409
    assert student.get_json()["error"]["code"] == "not_an_instructor"
    members = client.get(path + "/members", headers=people["ian"]).get_json()["members"]
    assert [(m["username"], m["role"]) for m in members] == [
        ("ian", "instructor"), ("ivy", "instructor"), ("sam", "student")]
    assert client.delete(path + "/members/sam", headers=people["sam"]).status_code == 403
    assert client.delete(path + "/members/sam", headers=people["ian"]).status_code == 204
    assert client.get(path, headers=people["sam"]).status_code == 404
    assert client.delete(path + "/members/sam", headers=people["ian"]).status_code == 404
    assert client.delete(path + "/members/ivy", headers=people["ian"]).status_code == 204
    last = client.delete(path + "/members/ian", headers=people["ada"])
    assert last.status_code == 409 and last.get_json()["error"]["code"] == "last_instructor"


#: Every course route that names a course: (method, path suffix, JSON body).
COURSE_ROUTES = [
    ("GET", "", None),
    ("GET", "/members", None),
    ("POST", "/instructors", {"username": "ada"}),
    ("DELETE", "/members/sam", None),
]
#: Who meets what on them: anonymous 401, outsiders 404 (the course's existence stays hidden),
#: its student may only see it, its instructors and admins manage it.
EXPECTED = {
    "anonymous": {"": 401, "/members": 401, "/instructors": 401, "/members/sam": 401},
    "sue": {"": 404, "/members": 404, "/instructors": 404, "/members/sam": 404},
    "ian": {"": 404, "/members": 404, "/instructors": 404, "/members/sam": 404},
    "sam": {"": 200, "/members": 403, "/instructors": 403, "/members/sam": 403},
    "ada": {"": 200, "/members": 200, "/instructors": 200, "/members/sam": 204},
    "ivy": {"": 200, "/members": 200, "/instructors": 200, "/members/sam": 204},
}


@pytest.mark.parametrize("actor", list(EXPECTED))
def test_course_routes_by_role(client, people, course, actor):
    headers = people.get(actor, {})
    for method, suffix, body in COURSE_ROUTES:
        path = f"/api/v1/courses/{course['id']}{suffix}"
        answer = client.open(path, method=method, json=body, headers=headers)
        assert answer.status_code == EXPECTED[actor][suffix], (actor, method, path)
