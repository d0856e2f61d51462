"""The OpenAPI document matches the responses.

For every documented operation there is a real request for each documented status; each
response must have a status the document lists for that operation, a body valid against the
documented schema (no undocumented field either) and the documented headers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from arena.extensions import db
from arena.models import Challenge

SPEC = "/api/v1/openapi.json"
SLUG = "softmax"
DRAFT = "running-max"  # the small authored challenge of tests/conftest.py
TOO_LARGE = "#" * (4 * 1024 * 1024 + 1)  # over the request size limit (MAX_CONTENT_LENGTH)
ASSIGNMENT = {"title": "Week 1", "challenges": [SLUG], "opens_at": "2026-11-30T09:00+09:00",
              "due_at": "2026-12-07T23:59+09:00"}
NAIVE = {**ASSIGNMENT, "due_at": "2026-12-07T23:59"}  # a time without its offset
CODE = "def softmax(row):\n    return row\n"
BAD_TOKEN = {"Authorization": "Bearer not-a-token"}
#: Refused tokens allowed per address in this module: a small limit says the same thing fast.
TOKEN_LIMIT = 3
BLOCKED_ADDRESS = "192.0.2.7"  # an address that has used up its refused tokens


@pytest.fixture
def small_token_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Set the refused-token limit before the app is created (the environment wins)."""
    monkeypatch.setenv("ARENA_API_TOKEN_RATE_LIMIT", f"{TOKEN_LIMIT} per minute")


@pytest.fixture
def app(small_token_limit, app):
    """Return the shared fresh app, created with this module's refused-token limit."""
    return app


@dataclass
class Caller:
    """Makes the requests of the recipes: a student's token, a queued submission on demand."""

    app: Any
    client: Any
    headers: dict[str, str]
    request: pytest.FixtureRequest
    tokens: dict[str, dict[str, str]] = field(default_factory=dict)

    def call(self, method: str, path: str, headers: dict | None = None, **kwargs: Any) -> Any:
        """Send a request with the student's token unless other headers are given."""
        return self.client.open(path, method=method, headers=self.headers
                                if headers is None else headers, **kwargs)

    def submission_url(self) -> str:
        """Queue a submission (no worker runs) and return its URL."""
        response = self.call("POST", f"/api/v1/challenges/{SLUG}/submissions",
                             json={"code": CODE})
        assert response.status_code == 202
        return response.get_json()["url"]

    def author(self, role: str = "instructor") -> dict[str, str]:
        """Return the header of an instructor (or an admin), created on first use."""
        name = f"author-{role}"
        if name not in self.tokens:
            token = self.request.getfixturevalue("make_token")(name, role)
            self.tokens[name] = {"Authorization": f"Bearer {token}"}
        return self.tokens[name]

    def files(self, **changed: str) -> dict[str, str]:
        """Return the small authored challenge's files, some of them changed."""
        return {**self.request.getfixturevalue("tiny_files"), **changed}

    def draft(self) -> str:
        """Create the instructor's small challenge as a draft; return its path."""
        created = self.call("POST", "/api/v1/challenges", json={"files": self.files()},
                            headers=self.author())
        assert created.status_code == 201, created.get_json()
        return f"/api/v1/challenges/{DRAFT}"

    def validated(self) -> str:
        """A draft whose validation (recorded here as the worker would) found it valid."""
        path = self.draft()
        with self.app.app_context():
            version = db.session.scalar(db.select(Challenge).where(
                Challenge.slug == DRAFT)).draft_version
            version.validation_status = "done"
            version.validation = {"valid": True, "problems": [], "mutants": [
                {"name": "returns_input", "killed": True, "named": True,
                 "diagnosis": "returns_input"}], "progress": {"done": 4, "total": 4}}
            db.session.commit()
        return path

    def course(self) -> str:
        """Create the instructor's course, which the student joins; return its path."""
        created = self.call("POST", "/api/v1/courses", json={"title": "Attention"},
                            headers=self.author())
        joined = self.call("POST", "/api/v1/courses/join",
                           json={"code": created.get_json()["join_code"]})
        assert joined.status_code == 200
        return f"/api/v1/courses/{created.get_json()['id']}"

    def assignment(self) -> str:
        """Add an assignment to the instructor's course; return its path."""
        created = self.as_author("POST", self.course() + "/assignments", json=ASSIGNMENT)
        assert created.status_code == 201, created.get_json()
        return f"{created.request.path}/{created.get_json()['id']}"

    def assigned_course(self) -> int:
        """Return the id of the instructor's course, whose assignment holds the challenge."""
        return int(self.assignment().split("/")[4])

    def regrade(self) -> str:
        """Start a regrade of the instructor's course (no worker runs); return its URL."""
        started = self.as_author("POST", f"/api/v1/challenges/{SLUG}/regrade",
                                 json={"course": self.assigned_course()})
        assert started.status_code == 202, started.get_json()
        return started.get_json()["url"]

    def deactivate_an_instructor(self) -> Any:
        """Deactivate the instructor (created first) as an admin."""
        self.author()
        return self.call("POST", "/api/v1/users/author-instructor/deactivate",
                         headers=self.author("admin"))

    def as_author(self, method: str, path: str, **kwargs: Any) -> Any:
        """Send a request as the instructor."""
        return self.call(method, path, headers=self.author(), **kwargs)

    def from_blocked_address(self, method: str, path: str, **kwargs: Any) -> Any:
        """Use up an address's refused tokens, then send one more from it (a good token
        would get through: tests/web/test_rate_limit.py)."""
        environ = {"REMOTE_ADDR": BLOCKED_ADDRESS}
        for _ in range(TOKEN_LIMIT):
            refused = self.client.get("/api/v1/submissions", headers=BAD_TOKEN,
                                      environ_base=environ)
            assert refused.status_code == 401
        return self.call(method, path, headers=BAD_TOKEN, environ_base=environ, **kwargs)


Recipe = Callable[[Caller], Any]


def _no_sandbox(c: Caller) -> Any:
    c.app.config["SANDBOX"] = "no-such-backend"
    return c.call("GET", "/api/v1/health")


def _run_not_done_at_once(c: Caller) -> Any:
    # No worker runs here: answer at once rather than wait for a result that cannot come.
    c.app.config["RUN_WAIT_SECONDS"] = 0
    return c.call("POST", f"/api/v1/challenges/{SLUG}/runs", json={"code": CODE})


def _run_done(c: Caller) -> Any:
    c.request.getfixturevalue("queue")
    c.app.config["RUN_WAIT_SECONDS"] = 300  # a busy machine: wait for the result itself
    return c.call("POST", f"/api/v1/challenges/{SLUG}/runs", json={"code": CODE})


def _a_page_with_more(c: Caller) -> Any:
    c.submission_url(), c.submission_url()
    return c.call("GET", "/api/v1/submissions?limit=1")  # "next" is a URL, not null


def _code_posts(kind: str) -> dict[int, Recipe]:
    """The statuses that posting code to a challenge can answer with (bar success)."""
    path = f"/api/v1/challenges/{SLUG}/{kind}"
    return {
        400: lambda c: c.call("POST", path, data=b'{"code": ',
                              headers={**c.headers, "Content-Type": "application/json"}),
        401: lambda c: c.call("POST", path, json={"code": CODE}, headers=BAD_TOKEN),
        404: lambda c: c.call("POST", f"/api/v1/challenges/nope/{kind}", json={"code": CODE}),
        413: lambda c: c.call("POST", path, json={"code": "#" * (64 * 1024 + 1)}),
        422: lambda c: c.call("POST", path, json={}),
        429: lambda c: c.from_blocked_address("POST", path, json={"code": CODE}),
    }


def _refusals(method: str, suffix: str, **kwargs: Any) -> dict[int, Recipe]:
    """The refusals every authoring route on a challenge answers with."""
    return {
        401: lambda c: c.call(method, c.draft() + suffix, headers=BAD_TOKEN, **kwargs),
        403: lambda c: c.call(method, c.draft() + suffix, **kwargs),  # a student
        404: lambda c: c.as_author(method, f"/api/v1/challenges/nope{suffix}", **kwargs),
        429: lambda c: c.from_blocked_address(method, c.draft() + suffix, **kwargs),
    }


#: The authoring operations (docs/authoring.md): as the instructor who owns the challenge.
AUTHORING: dict[str, dict[int, Recipe]] = {
    "post /api/v1/challenges": {
        201: lambda c: c.as_author("POST", "/api/v1/challenges", json={"files": c.files()}),
        401: lambda c: c.call("POST", "/api/v1/challenges", json={"files": c.files()},
                              headers=BAD_TOKEN),
        403: lambda c: c.call("POST", "/api/v1/challenges", json={"files": c.files()}),
        409: lambda c: c.draft() and c.as_author("POST", "/api/v1/challenges",
                                                 json={"files": c.files()}),
        413: lambda c: c.as_author("POST", "/api/v1/challenges",
                                   json={"files": {"cases.py": TOO_LARGE}}),
        422: lambda c: c.as_author("POST", "/api/v1/challenges", json={"files": {}}),
        429: lambda c: c.from_blocked_address("POST", "/api/v1/challenges",
                                              json={"files": c.files()}),
    },
    "put /api/v1/challenges/{slug}": {
        200: lambda c: c.as_author("PUT", c.draft(), json={"files": c.files(
            **{"statement.en.md": "# Changed\n"})}),
        **_refusals("PUT", "", json={"files": {"challenge.toml": 'slug = "nope"\n'}}),
        409: lambda c: c.as_author("PUT", c.draft(), json={"files": c.files(**{
            "challenge.toml": c.files()["challenge.toml"].replace(DRAFT, "renamed")})}),
        413: lambda c: c.as_author("PUT", c.draft(), json={"files": {"cases.py": TOO_LARGE}}),
        422: lambda c: c.as_author("PUT", c.draft(), json={"files": {"cases.py": "x = (\n"}}),
    },
    "get /api/v1/challenges/{slug}/files": {
        200: lambda c: c.as_author("GET", c.draft() + "/files?version=draft"),
        **_refusals("GET", "/files"),
        422: lambda c: c.as_author("GET", c.draft() + "/files?version=latest"),
    },
    "post /api/v1/challenges/{slug}/validate": {
        202: lambda c: c.as_author("POST", c.draft() + "/validate"),
        **_refusals("POST", "/validate"),
        409: lambda c: c.call("POST", f"/api/v1/challenges/{SLUG}/validate",
                              headers=c.author("admin")),  # a folder's, without a draft
    },
    "get /api/v1/challenges/{slug}/validation": {
        200: lambda c: c.as_author("GET", c.validated() + "/validation"),
        **_refusals("GET", "/validation"),
        422: lambda c: c.as_author("GET", c.draft() + "/validation?version=-1"),
    },
    "post /api/v1/challenges/{slug}/publish": {
        200: lambda c: c.as_author("POST", c.validated() + "/publish"),
        **_refusals("POST", "/publish", json={}),
        409: lambda c: c.as_author("POST", c.draft() + "/publish"),
        422: lambda c: c.as_author("POST", c.draft() + "/publish", json={"version": 0}),
    },
    "get /api/v1/challenges/{slug}/versions": {
        200: lambda c: c.as_author("GET", c.draft() + "/versions"),
        **_refusals("GET", "/versions"),
    },
    "get /api/v1/challenges/{slug}/export": {
        200: lambda c: c.as_author("GET", c.draft() + "/export"),
        **_refusals("GET", "/export"),
        422: lambda c: c.as_author("GET", c.draft() + "/export?version=x"),
    },
}
#: Courses: the student (the default caller) has joined the instructor's course.
COURSES: dict[str, dict[int, Recipe]] = {
    "post /api/v1/courses": {
        201: lambda c: c.as_author("POST", "/api/v1/courses", json={"title": "Attention"}),
        401: lambda c: c.call("POST", "/api/v1/courses", json={"title": "A"}, headers=BAD_TOKEN),
        403: lambda c: c.call("POST", "/api/v1/courses", json={"title": "Mine"}),
        422: lambda c: c.as_author("POST", "/api/v1/courses", json={"title": ""}),
        429: lambda c: c.from_blocked_address("POST", "/api/v1/courses", json={"title": "A"}),
    },
    "get /api/v1/courses": {
        200: lambda c: c.course() and c.call("GET", "/api/v1/courses"),
        401: lambda c: c.call("GET", "/api/v1/courses", headers=BAD_TOKEN),
        429: lambda c: c.from_blocked_address("GET", "/api/v1/courses"),
    },
    "post /api/v1/courses/join": {
        200: lambda c: c.call("POST", "/api/v1/courses/join", json={"code": c.as_author(
            "POST", "/api/v1/courses", json={"title": "A"}).get_json()["join_code"]}),
        401: lambda c: c.call("POST", "/api/v1/courses/join", json={"code": "X"},
                              headers=BAD_TOKEN),
        404: lambda c: c.call("POST", "/api/v1/courses/join", json={"code": "NOPE2345"}),
        422: lambda c: c.call("POST", "/api/v1/courses/join", json={}),
        429: lambda c: c.from_blocked_address("POST", "/api/v1/courses/join",
                                              json={"code": "X"}),
    },
    "get /api/v1/courses/{course_id}": {
        200: lambda c: c.call("GET", c.course()),
        401: lambda c: c.call("GET", c.course(), headers=BAD_TOKEN),
        404: lambda c: c.call("GET", "/api/v1/courses/999"),
        429: lambda c: c.from_blocked_address("GET", c.course()),
    },
    "get /api/v1/courses/{course_id}/members": {
        200: lambda c: c.as_author("GET", c.course() + "/members"),
        401: lambda c: c.call("GET", c.course() + "/members", headers=BAD_TOKEN),
        403: lambda c: c.call("GET", c.course() + "/members"),
        404: lambda c: c.call("GET", "/api/v1/courses/999/members"),
        429: lambda c: c.from_blocked_address("GET", c.course() + "/members"),
    },
    "post /api/v1/courses/{course_id}/instructors": {
        200: lambda c: c.author("admin") and c.as_author(
            "POST", c.course() + "/instructors", json={"username": "author-admin"}),
        401: lambda c: c.call("POST", c.course() + "/instructors", json={"username": "x"},
                              headers=BAD_TOKEN),
        403: lambda c: c.call("POST", c.course() + "/instructors", json={"username": "x"}),
        404: lambda c: c.as_author("POST", c.course() + "/instructors",
                                   json={"username": "nobody"}),
        409: lambda c: c.as_author("POST", c.course() + "/instructors",
                                   json={"username": "ann"}),  # the student
        422: lambda c: c.as_author("POST", c.course() + "/instructors", json={}),
        429: lambda c: c.from_blocked_address("POST", c.course() + "/instructors",
                                              json={"username": "x"}),
    },
    "post /api/v1/courses/{course_id}/assignments": {
        201: lambda c: c.as_author("POST", c.course() + "/assignments", json=ASSIGNMENT),
        401: lambda c: c.call("POST", c.course() + "/assignments", json=ASSIGNMENT,
                              headers=BAD_TOKEN),
        403: lambda c: c.call("POST", c.course() + "/assignments", json=ASSIGNMENT),
        404: lambda c: c.as_author("POST", "/api/v1/courses/999/assignments", json=ASSIGNMENT),
        422: lambda c: c.as_author("POST", c.course() + "/assignments", json=NAIVE),
        429: lambda c: c.from_blocked_address("POST", c.course() + "/assignments",
                                              json=ASSIGNMENT),
    },
    "put /api/v1/courses/{course_id}/assignments/{assignment_id}": {
        200: lambda c: c.as_author("PUT", c.assignment(), json=ASSIGNMENT),
        401: lambda c: c.call("PUT", c.assignment(), json=ASSIGNMENT, headers=BAD_TOKEN),
        403: lambda c: c.call("PUT", c.assignment(), json=ASSIGNMENT),
        404: lambda c: c.as_author("PUT", c.course() + "/assignments/999", json=ASSIGNMENT),
        422: lambda c: c.as_author("PUT", c.assignment(), json=NAIVE),
        429: lambda c: c.from_blocked_address("PUT", c.assignment(), json=ASSIGNMENT),
    },
    "get /api/v1/courses/{course_id}/assignments": {
        200: lambda c: c.assignment() and c.call("GET", c.course() + "/assignments"),
        401: lambda c: c.call("GET", c.course() + "/assignments", headers=BAD_TOKEN),
        404: lambda c: c.call("GET", "/api/v1/courses/999/assignments"),
        429: lambda c: c.from_blocked_address("GET", c.course() + "/assignments"),
    },
    **{f"get /api/v1/courses/{{course_id}}/{book}": {
        200: lambda c, book=book: c.as_author(
            "GET", c.assignment().rsplit("/assignments", 1)[0] + f"/{book}"),
        401: lambda c, book=book: c.call("GET", c.course() + f"/{book}", headers=BAD_TOKEN),
        404: lambda c, book=book: c.as_author("GET", f"/api/v1/courses/999/{book}"),
        429: lambda c, book=book: c.from_blocked_address("GET", c.course() + f"/{book}"),
    } for book in ("gradebook", "gradebook.csv")},
    "post /api/v1/challenges/{slug}/regrade": {
        202: lambda c: c.as_author("POST", f"/api/v1/challenges/{SLUG}/regrade",
                                   json={"course": c.assigned_course()}),
        401: lambda c: c.call("POST", f"/api/v1/challenges/{SLUG}/regrade", json={},
                              headers=BAD_TOKEN),
        403: lambda c: c.call("POST", f"/api/v1/challenges/{SLUG}/regrade", json={}),
        404: lambda c: c.as_author("POST", "/api/v1/challenges/nope/regrade", json={}),
        422: lambda c: c.as_author("POST", f"/api/v1/challenges/{SLUG}/regrade",
                                   json={"course": 0}),
        429: lambda c: c.from_blocked_address("POST", f"/api/v1/challenges/{SLUG}/regrade",
                                              json={}),
    },
    "get /api/v1/regrades/{regrade_id}": {
        200: lambda c: c.as_author("GET", c.regrade()),
        401: lambda c: c.call("GET", "/api/v1/regrades/1", headers=BAD_TOKEN),
        404: lambda c: c.call("GET", c.regrade()),
        429: lambda c: c.from_blocked_address("GET", "/api/v1/regrades/1"),
    },
    "delete /api/v1/courses/{course_id}/members/{username}": {
        204: lambda c: c.as_author("DELETE", c.course() + "/members/ann"),
        401: lambda c: c.call("DELETE", c.course() + "/members/ann", headers=BAD_TOKEN),
        403: lambda c: c.call("DELETE", c.course() + "/members/ann"),
        404: lambda c: c.as_author("DELETE", c.course() + "/members/nobody"),
        409: lambda c: c.as_author("DELETE", c.course() + "/members/author-instructor"),
        429: lambda c: c.from_blocked_address("DELETE", c.course() + "/members/ann"),
    },
}
#: For each operation, one request per status it may answer with.
RECIPES: dict[str, dict[int, Recipe]] = {
    "get /api/v1/health": {
        200: lambda c: c.call("GET", "/api/v1/health"),
        503: _no_sandbox,
    },
    "get /api/v1/challenges": {
        200: lambda c: c.call("GET", "/api/v1/challenges", headers={}),
        422: lambda c: c.call("GET", "/api/v1/challenges?lang=fr"),
    },
    "get /api/v1/challenges/{slug}": {
        200: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}?lang=ko", headers={}),
        401: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}", headers=BAD_TOKEN),
        403: lambda c: c.call("GET", c.draft() + "?version=draft"),
        404: lambda c: c.call("GET", "/api/v1/challenges/nope"),
        422: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}?lang=fr"),
        429: lambda c: c.from_blocked_address("GET", f"/api/v1/challenges/{SLUG}"),
    },
    **AUTHORING,
    **COURSES,
    "post /api/v1/challenges/{slug}/submissions": {
        202: lambda c: c.call("POST", f"/api/v1/challenges/{SLUG}/submissions",
                              json={"code": CODE}),
        **_code_posts("submissions"),
    },
    "post /api/v1/challenges/{slug}/runs": {
        200: _run_done,
        202: _run_not_done_at_once,
        403: lambda c: c.call("POST", c.draft() + "/runs", json={"code": CODE,
                                                                  "version": "draft"}),
        **_code_posts("runs"),
    },
    "get /api/v1/submissions": {
        200: _a_page_with_more,
        401: lambda c: c.call("GET", "/api/v1/submissions", headers=BAD_TOKEN),
        404: lambda c: c.call("GET", "/api/v1/submissions?course=999"),
        422: lambda c: c.call("GET", "/api/v1/submissions?limit=0"),
        429: lambda c: c.from_blocked_address("GET", "/api/v1/submissions"),
    },
    "get /api/v1/submissions/{submission_id}": {
        200: lambda c: c.call("GET", c.submission_url()),
        401: lambda c: c.call("GET", c.submission_url(), headers={}),
        404: lambda c: c.call("GET", "/api/v1/submissions/999"),
        422: lambda c: c.call("GET", c.submission_url() + "?lang=fr"),
        429: lambda c: c.from_blocked_address("GET", c.submission_url()),
    },
    "post /api/v1/users/{username}/deactivate": {
        200: lambda c: c.deactivate_an_instructor(),
        401: lambda c: c.call("POST", "/api/v1/users/ann/deactivate", headers=BAD_TOKEN),
        403: lambda c: c.call("POST", "/api/v1/users/ann/deactivate"),
        404: lambda c: c.call("POST", "/api/v1/users/nobody/deactivate",
                              headers=c.author("admin")),
        429: lambda c: c.from_blocked_address("POST", "/api/v1/users/ann/deactivate"),
    },
}


def _malformed(method: str, path: str) -> Recipe:
    """A body that is not JSON, sent as JSON: every operation that reads one answers 400."""
    return lambda c: c.call(method, path, data=b'{"x": ',
                            headers={**c.headers, "Content-Type": "application/json"})


for _operation, _path in [
        ("post /api/v1/challenges", "/api/v1/challenges"),
        ("put /api/v1/challenges/{slug}", f"/api/v1/challenges/{SLUG}"),
        ("post /api/v1/challenges/{slug}/publish", f"/api/v1/challenges/{SLUG}/publish"),
        ("post /api/v1/challenges/{slug}/regrade", f"/api/v1/challenges/{SLUG}/regrade"),
        ("post /api/v1/courses", "/api/v1/courses"),
        ("post /api/v1/courses/join", "/api/v1/courses/join"),
        ("post /api/v1/courses/{course_id}/assignments", "/api/v1/courses/1/assignments"),
        ("put /api/v1/courses/{course_id}/assignments/{assignment_id}",
         "/api/v1/courses/1/assignments/1"),
        ("post /api/v1/courses/{course_id}/instructors", "/api/v1/courses/1/instructors")]:
    RECIPES[_operation][400] = _malformed(_operation.split()[0].upper(), _path)

#: The one recipe that needs a worker and a real sandbox.
NEEDS_SANDBOX = {("post /api/v1/challenges/{slug}/runs", 200)}


def _cases() -> list:
    return [pytest.param(operation, status, id=f"{operation} {status}",
                         marks=[pytest.mark.sandbox] * ((operation, status) in NEEDS_SANDBOX))
            for operation, recipes in RECIPES.items() for status in recipes]


def _operations(spec: dict) -> dict[str, dict]:
    return {f"{method} {path}": operation for path, item in spec["paths"].items()
            for method, operation in item.items()}


def _closed(schema: Any) -> Any:
    """Forbid undocumented fields: every object schema that lists properties gets no others."""
    if isinstance(schema, list):
        return [_closed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    closed = {key: _closed(value) for key, value in schema.items()}
    if "properties" in closed and "additionalProperties" not in closed:
        closed["additionalProperties"] = False
    return closed


def _validator(spec: dict, schema: dict) -> Draft202012Validator:
    """Validate against a schema of the document; its "#/components/..." $refs resolve too."""
    return Draft202012Validator(_closed({**schema, "components": spec.get("components", {})}))


@pytest.fixture
def spec(client) -> dict:
    response = client.get(SPEC)
    assert response.status_code == 200
    return response.get_json()


def test_every_documented_status_has_a_request_and_no_other(spec):
    documented = {name: {int(status) for status in operation["responses"]}
                  for name, operation in _operations(spec).items()}
    tried = {name: set(recipes) for name, recipes in RECIPES.items()}
    assert documented == tried


@pytest.mark.parametrize(("operation", "status"), _cases())
def test_the_response_is_the_documented_one(app, client, catalog, auth_headers, spec, request,
                                            operation, status):
    caller = Caller(app, client, auth_headers, request)
    response = RECIPES[operation][status](caller)
    assert response.status_code == status, response.get_data(as_text=True)
    responses = _operations(spec)[operation]["responses"]
    assert str(status) in responses, f"{operation} sends an undocumented {status}"
    documented = responses[str(status)]
    content = documented.get("content", {})
    if status == 204:  # no content, documented as none
        assert not content and not response.data
        return
    assert set(content) == {response.mimetype}
    assert content[response.mimetype].get("schema"), "the body is not described"
    if not response.is_json:  # an archive: described as binary, not validated as JSON
        assert content[response.mimetype]["schema"]["format"] == "binary"
        return
    errors = sorted(_validator(spec, content[response.mimetype]["schema"])
                    .iter_errors(response.get_json()), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)
    for header, described in documented.get("headers", {}).items():
        assert header in response.headers or not described.get("required")
        if header in response.headers:
            _validator(spec, described["schema"]).validate(
                _header_value(response.headers[header], described["schema"]))


def _header_value(text: str, schema: dict) -> Any:
    """Read a header as the JSON type its schema says."""
    return int(text) if schema.get("type") == "integer" else text
