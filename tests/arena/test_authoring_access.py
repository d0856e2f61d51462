"""Who may do what with authored challenges: every authoring route of the API, as anonymous,
two students, the owner, another instructor and an admin, on a draft and on a published
challenge (the pages' matrix is tests/web/test_instructor_pages.py)."""

from __future__ import annotations

import itertools

import pytest

from arena.extensions import db

SLUG = "running-max"
#: Every route that reads or changes an authored challenge: (method, path, JSON body).
ROUTES = [
    ("PUT", f"/api/v1/challenges/{SLUG}", "files"),
    ("GET", f"/api/v1/challenges/{SLUG}/files", None),
    ("POST", f"/api/v1/challenges/{SLUG}/validate", None),
    ("GET", f"/api/v1/challenges/{SLUG}/validation", None),
    ("POST", f"/api/v1/challenges/{SLUG}/publish", {}),
    ("GET", f"/api/v1/challenges/{SLUG}/versions", None),
    ("GET", f"/api/v1/challenges/{SLUG}/export", None),
    ("GET", f"/api/v1/challenges/{SLUG}?version=draft", None),
    ("POST", f"/api/v1/challenges/{SLUG}/runs", {"code": "x = 1", "version": "draft"}),
]
ACTORS = ("anonymous", "student", "other_student", "owner", "other_instructor", "admin")


@pytest.fixture
def app_config() -> dict:
    """Runs answer 202 at once: no worker grades them here, only who may start one is tested."""
    return {"RUN_WAIT_SECONDS": 0}


@pytest.fixture
def headers(make_token) -> dict[str, dict[str, str]]:
    """Return each actor's Authorization header (none for anonymous)."""
    roles = {"student": "student", "other_student": "student", "owner": "instructor",
             "other_instructor": "instructor", "admin": "admin"}
    made = {actor: {"Authorization": f"Bearer {make_token(actor, role)}"}
            for actor, role in roles.items()}
    return {"anonymous": {}, **made}


@pytest.fixture
def draft(client, headers, tiny_files) -> None:
    """The owner's never-published challenge, public once published (the matrix of the other
    visibilities is tests/arena/test_visibility.py)."""
    created = client.post("/api/v1/challenges", json={"files": tiny_files, "visibility": "public"},
                          headers=headers["owner"])
    assert created.status_code == 201


def _call(client, method: str, path: str, body, headers: dict, files: dict):
    """Call a route; an upload sends changed files, so that it always makes a new draft."""
    changed = {**files, "statement.en.md": files["statement.en.md"] + "\nMore.\n"}
    json = {"files": changed} if body == "files" else body
    return client.open(path, method=method, json=json, headers=headers)


def _expected(actor: str, published: bool, method: str, path: str) -> set[int]:
    """The statuses an actor may meet on a route: refused (which refusal) or let through."""
    if actor == "anonymous":
        return {404} if path.endswith("?version=draft") else {401}
    if actor in ("student", "other_student"):
        return {403}
    if actor == "other_instructor":
        return {403} if published else {404}
    return {200, 202, 404, 409}  # let through; 404/409 only for what the state lacks


@pytest.mark.parametrize("published", [False, True], ids=["draft", "published"])
def test_authoring_routes_by_role(client, headers, draft, tiny_files, published, publish_draft):
    if published:
        publish_draft(SLUG)
    for actor, (method, path, body) in itertools.product(ACTORS, ROUTES):
        answer = _call(client, method, path, body, headers[actor], tiny_files)
        assert answer.status_code in _expected(actor, published, method, path), (
            actor, method, path, answer.status_code, answer.get_json())
        if actor in ("owner", "admin") and method == "GET" and "validation" not in path:
            assert answer.status_code == 200, (actor, path, answer.get_json())


def test_creating_is_for_instructors_and_admins(client, headers, draft, tiny_files):
    """Creating the same slug again: 409 for whoever may create, before that 401/403."""
    expected = {"anonymous": 401, "student": 403, "other_student": 403, "owner": 409,
                "other_instructor": 409, "admin": 409}
    for actor, status in expected.items():
        answer = client.post("/api/v1/challenges", json={"files": tiny_files},
                             headers=headers[actor])
        assert answer.status_code == status, actor


def test_learners_see_a_published_challenge_and_never_a_draft(client, headers, draft,
                                                              publish_draft):
    for actor in ACTORS:
        assert client.get(f"/api/v1/challenges/{SLUG}",
                          headers=headers[actor]).status_code == 404
    publish_draft(SLUG)
    for actor in ACTORS:
        assert client.get(f"/api/v1/challenges/{SLUG}",
                          headers=headers[actor]).status_code == 200


def test_the_overview_lists_only_ones_own_challenges(app, headers, draft):
    from arena.models import User
    from arena.services.authoring import authored_challenges

    with app.app_context():
        users = {u.username: u for u in db.session.scalars(db.select(User))}
        assert [r.slug for r in authored_challenges(users["owner"])] == [SLUG]
        assert authored_challenges(users["other_instructor"]) == []
        assert SLUG in [r.slug for r in authored_challenges(users["admin"])]
