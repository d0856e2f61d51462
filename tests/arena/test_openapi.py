"""The OpenAPI document matches the responses.

For every documented operation there is a real request for each documented status; each
response must have a status the document lists for that operation, a body valid against the
documented schema (no undocumented field either) and the documented headers.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from arena.extensions import db
from arena.jobs import grading
from arena.lti.platforms import Registration, register_platform
from arena.models import Challenge, LtiContext, Submission
from arena.services.idempotency import claim, fingerprint
from arena.services.users import user_for_token
from arena.signals import Signals
from tests.lti_platform import DEPLOYMENT_ID, running_platform
from tests.review_server import ReviewServer

# The document's shapes: the same on any database (make test-postgres leaves it out).
pytestmark = pytest.mark.any_database

SPEC = "/api/v1/openapi.json"
SLUG = "softmax"
DRAFT = "running-max"  # the small authored challenge of tests/conftest.py
TOO_LARGE = "#" * (4 * 1024 * 1024 + 1)  # over the request size limit (MAX_CONTENT_LENGTH)
ASSIGNMENT = {"title": "Week 1", "challenges": [SLUG], "opens_at": "2026-11-30T09:00+09:00",
              "due_at": "2026-12-07T23:59+09:00"}
NAIVE = {**ASSIGNMENT, "due_at": "2026-12-07T23:59"}  # a time without its offset
CODE = "def softmax(row):\n    return row\n"
BAD_TOKEN = {"Authorization": "Bearer not-a-token"}
NEW_USER = {"username": "prof", "role": "instructor", "password": "a long password"}
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

    def done_submission_url(self) -> str:
        """Queue a submission and record its verdict, as a worker would; return its URL."""
        url = self.submission_url()
        submission_id = int(url.rsplit("/", 1)[1])
        with self.app.app_context():
            assert grading.SUBMISSIONS.claim(submission_id)
            attempt = db.session.get(Submission, submission_id).attempt
            assert grading.record_internal_error(submission_id, attempt, "recorded by the test")
        return url

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

    def archived(self, path: str) -> str:
        """Archive the instructor's course at `path` (the course's, or one of its
        assignments'); return the path."""
        course = path.split("/assignments")[0]
        assert self.as_author("POST", course + "/archive").status_code == 200
        return path

    def archived_code(self) -> str:
        """Return the join code of a course the instructor archived before anyone joined."""
        created = self.as_author("POST", "/api/v1/courses", json={"title": "Past"})
        self.archived(f"/api/v1/courses/{created.get_json()['id']}")
        return created.get_json()["join_code"]

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

    def unanswered(self, method: str, path: str, headers: dict | None = None,
                   **kwargs: Any) -> Any:
        """Send a request under an Idempotency-Key whose first sending stored its work and
        is not answered yet."""
        headers = self.headers if headers is None else headers
        body = json.dumps(kwargs["json"]).encode() if "json" in kwargs else b""
        with self.app.test_request_context():
            user = user_for_token(headers["Authorization"].removeprefix("Bearer "))
            claim(user, "unanswered", fingerprint(method, path, [], body))
            db.session.commit()
        return self.call(method, path, headers={**headers, "Idempotency-Key": "unanswered"},
                         **kwargs)

    def reused(self, method: str, path: str, **kwargs: Any) -> Any:
        """Send a request as the instructor under an Idempotency-Key that created a course."""
        headers = {**self.author(), "Idempotency-Key": "reused"}
        assert self.call("POST", "/api/v1/courses", json={"title": "A"},
                         headers=headers).status_code == 201
        return self.call(method, path, headers=headers, **kwargs)

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


def _redis_away(c: Caller) -> Any:
    # The app as if ARENA_REDIS_URL named a Redis that does not answer (nothing on port 1).
    c.app.extensions["arena.signals"] = Signals("redis://127.0.0.1:1/0", 30)
    return c.call("GET", "/api/v1/health/ready")


def _run_not_done_at_once(c: Caller) -> Any:
    # No worker runs here: answer at once rather than wait for a result that cannot come.
    c.app.config["RUN_WAIT_SECONDS"] = 0
    return c.call("POST", f"/api/v1/challenges/{SLUG}/runs", json={"code": CODE})


def _run_done(c: Caller) -> Any:
    c.request.getfixturevalue("queue")
    c.app.config["RUN_WAIT_SECONDS"] = 300  # a busy machine: wait for the result itself
    return c.call("POST", f"/api/v1/challenges/{SLUG}/runs", json={"code": CODE})


CELL_RUNS = "/api/v1/lessons/attention-basics/cells/example/runs"


def _cell_run(c: Caller, wait: float = 0) -> Any:
    if wait:
        c.request.getfixturevalue("queue")
    c.app.config["RUN_WAIT_SECONDS"] = wait
    return c.call("POST", CELL_RUNS, json={"code": "print(1)"}, headers={})


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
        409: lambda c: c.unanswered("POST", path, json={"code": CODE}),
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
        400: lambda c: c.call("POST", c.draft() + "/validate",
                              headers={**c.author(), "Idempotency-Key": "not a key"}),
        **_refusals("POST", "/validate"),
        409: lambda c: c.call("POST", f"/api/v1/challenges/{SLUG}/validate",
                              headers=c.author("admin")),  # a folder's, without a draft
        422: lambda c: c.reused("POST", c.draft() + "/validate"),
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
        409: lambda c: c.unanswered("POST", "/api/v1/courses", json={"title": "A"},
                                    headers=c.author()),
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
        409: lambda c: c.call("POST", "/api/v1/courses/join",
                              json={"code": c.archived_code()}),
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
        409: lambda c: c.as_author("POST", c.archived(c.course()) + "/assignments",
                                   json=ASSIGNMENT),
        422: lambda c: c.as_author("POST", c.course() + "/assignments", json=NAIVE),
        429: lambda c: c.from_blocked_address("POST", c.course() + "/assignments",
                                              json=ASSIGNMENT),
    },
    "put /api/v1/courses/{course_id}/assignments/{assignment_id}": {
        200: lambda c: c.as_author("PUT", c.assignment(), json=ASSIGNMENT),
        401: lambda c: c.call("PUT", c.assignment(), json=ASSIGNMENT, headers=BAD_TOKEN),
        403: lambda c: c.call("PUT", c.assignment(), json=ASSIGNMENT),
        404: lambda c: c.as_author("PUT", c.course() + "/assignments/999", json=ASSIGNMENT),
        409: lambda c: c.as_author("PUT", c.archived(c.assignment()), json=ASSIGNMENT),
        422: lambda c: c.as_author("PUT", c.assignment(), json=NAIVE),
        429: lambda c: c.from_blocked_address("PUT", c.assignment(), json=ASSIGNMENT),
    },
    "delete /api/v1/courses/{course_id}/assignments/{assignment_id}": {
        204: lambda c: c.as_author("DELETE", c.assignment()),
        401: lambda c: c.call("DELETE", c.assignment(), headers=BAD_TOKEN),
        403: lambda c: c.call("DELETE", c.assignment()),
        404: lambda c: c.as_author("DELETE", c.course() + "/assignments/999"),
        409: lambda c: c.as_author("DELETE", c.archived(c.assignment())),
        429: lambda c: c.from_blocked_address("DELETE", c.assignment()),
    },
    "delete /api/v1/courses/{course_id}": {
        204: lambda c: c.as_author("DELETE", c.course()),
        401: lambda c: c.call("DELETE", c.course(), headers=BAD_TOKEN),
        403: lambda c: c.call("DELETE", c.course()),
        404: lambda c: c.call("DELETE", "/api/v1/courses/999"),
        429: lambda c: c.from_blocked_address("DELETE", c.course()),
    },
    **{f"post /api/v1/courses/{{course_id}}/{action}": {
        200: lambda c, action=action: c.as_author("POST", c.course() + f"/{action}"),
        401: lambda c, action=action: c.call("POST", c.course() + f"/{action}",
                                             headers=BAD_TOKEN),
        403: lambda c, action=action: c.call("POST", c.course() + f"/{action}"),
        404: lambda c, action=action: c.call("POST", f"/api/v1/courses/999/{action}"),
        429: lambda c, action=action: c.from_blocked_address("POST", c.course() + f"/{action}"),
    } for action in ("archive", "unarchive")},
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
    "get /api/v1/courses/{course_id}/insights": {
        200: lambda c: c.as_author("GET", c.assignment().rsplit("/assignments", 1)[0]
                                   + "/insights"),
        401: lambda c: c.call("GET", c.course() + "/insights", headers=BAD_TOKEN),
        403: lambda c: c.call("GET", c.course() + "/insights"),
        404: lambda c: c.as_author("GET", "/api/v1/courses/999/insights"),
        422: lambda c: c.as_author("GET", c.course() + "/insights?lang=xx"),
        429: lambda c: c.from_blocked_address("GET", c.course() + "/insights"),
    },
    "get /api/v1/courses/{course_id}/assignments/{assignment_id}/similarity": {
        200: lambda c: c.as_author("GET", c.assignment() + "/similarity"),
        401: lambda c: c.call("GET", c.assignment() + "/similarity", headers=BAD_TOKEN),
        403: lambda c: c.call("GET", c.assignment() + "/similarity"),
        404: lambda c: c.as_author("GET", c.course() + "/assignments/999/similarity"),
        429: lambda c: c.from_blocked_address("GET", c.assignment() + "/similarity"),
    },
    "patch /api/v1/courses/{course_id}/members/{username}": {
        200: lambda c: c.call("PATCH", c.course() + "/members/ann", json={"display_name": "A"}),
        401: lambda c: c.call("PATCH", c.course() + "/members/ann", json={},
                              headers=BAD_TOKEN),
        403: lambda c: c.call("PATCH", c.course() + "/members/author-instructor",
                              json={"display_name": "A"}),
        404: lambda c: c.as_author("PATCH", c.course() + "/members/nobody", json={}),
        422: lambda c: c.as_author("PATCH", c.course() + "/members/ann",
                                   json={"email": "not an address"}),
        429: lambda c: c.from_blocked_address("PATCH", c.course() + "/members/ann", json={}),
    },
    "post /api/v1/challenges/{slug}/regrade": {
        202: lambda c: c.as_author("POST", f"/api/v1/challenges/{SLUG}/regrade",
                                   json={"course": c.assigned_course()}),
        401: lambda c: c.call("POST", f"/api/v1/challenges/{SLUG}/regrade", json={},
                              headers=BAD_TOKEN),
        403: lambda c: c.call("POST", f"/api/v1/challenges/{SLUG}/regrade", json={}),
        404: lambda c: c.as_author("POST", "/api/v1/challenges/nope/regrade", json={}),
        409: lambda c: c.unanswered("POST", f"/api/v1/challenges/{SLUG}/regrade", json={},
                                    headers=c.author()),
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
#: The AI review (tests/arena/test_review_api.py): a reviewer of the tests' own, a graded
#: submission of the student's.
REVIEW_PATH = "/api/v1/submissions/{}/review"


def _reviewer(c: Caller, mode: str = "ok", url: str | None = "") -> int:
    """Point the app at a reviewer of the test's own (or at `url`, None: no reviewer); return
    a graded submission's id."""
    server = ReviewServer().start()
    c.request.addfinalizer(server.stop)
    server.mode, server.hang_seconds = mode, 3
    c.app.config.update(REVIEW_URL=server.url if url == "" else url,
                        REVIEW_TIMEOUT_SECONDS=1)
    c.request.getfixturevalue("queue")
    url = c.submission_url()
    deadline = time.monotonic() + 120
    while c.call("GET", url).get_json()["status"] != "done" and time.monotonic() < deadline:
        time.sleep(0.1)
    return int(url.rsplit("/", 1)[1])


REVIEW: dict[str, dict[int, Recipe]] = {"post /api/v1/submissions/{submission_id}/review": {
    200: lambda c: c.call("POST", REVIEW_PATH.format(_reviewer(c))),
    401: lambda c: c.call("POST", REVIEW_PATH.format(1), headers=BAD_TOKEN),
    404: lambda c: c.app.config.update(REVIEW_URL="http://127.0.0.1:9/v1") or c.call(
        "POST", REVIEW_PATH.format(999)),
    409: lambda c: c.app.config.update(REVIEW_URL="http://127.0.0.1:9/v1") or c.call(
        "POST", c.submission_url() + "/review"),
    422: lambda c: c.app.config.update(REVIEW_URL="http://127.0.0.1:9/v1") or c.call(
        "POST", c.submission_url() + "/review?lang=fr"),
    429: lambda c: c.from_blocked_address("POST", REVIEW_PATH.format(1)),
    502: lambda c: c.call("POST", REVIEW_PATH.format(_reviewer(c, "fail"))),
    503: lambda c: c.call("POST", REVIEW_PATH.format(_reviewer(c, "ok", url=None))),
    504: lambda c: c.call("POST", REVIEW_PATH.format(_reviewer(c, "hang"))),
}}
def _roster_sync(c: Caller, up: bool = True) -> Any:
    """Sync the roster of the instructor's course, bound to a simulated LMS
    (tests/lti_platform.py) that answers, or is down."""
    with running_platform() as lms:
        lms.tool_jwks = c.client.get("/lti/jwks").get_json()
        lms.down = not up
        lms.members = [{"user_id": "m-1", "roles": ["Learner"], "name": "Mia"}]
        path = c.course()
        with c.app.app_context():
            platform = register_platform(Registration(**lms.registration()))
            db.session.add(LtiContext(
                platform=platform, issuer=platform.issuer, deployment_id=DEPLOYMENT_ID,
                context_id="c", course_id=int(path.rsplit("/", 1)[1]),
                memberships_url=lms.base + "/memberships"))
            db.session.commit()
        return c.as_author("POST", path + "/lti/roster")


LTI = {
    "get /api/v1/courses/{course_id}/lti/scores": {
        200: lambda c: c.as_author("GET", c.course() + "/lti/scores"),
        401: lambda c: c.call("GET", c.course() + "/lti/scores", headers=BAD_TOKEN),
        403: lambda c: c.call("GET", c.course() + "/lti/scores"),
        404: lambda c: c.as_author("GET", "/api/v1/courses/999/lti/scores"),
        429: lambda c: c.from_blocked_address("GET", c.course() + "/lti/scores"),
    },
    "post /api/v1/courses/{course_id}/lti/roster": {
        200: _roster_sync,
        401: lambda c: c.call("POST", c.course() + "/lti/roster", headers=BAD_TOKEN),
        403: lambda c: c.call("POST", c.course() + "/lti/roster"),
        404: lambda c: c.as_author("POST", "/api/v1/courses/999/lti/roster"),
        409: lambda c: c.as_author("POST", c.course() + "/lti/roster"),
        429: lambda c: c.from_blocked_address("POST", c.course() + "/lti/roster"),
        502: lambda c: _roster_sync(c, up=False),
    },
}
#: For each operation, one request per status it may answer with.
RECIPES: dict[str, dict[int, Recipe]] = {
    "get /api/v1/health": {
        200: lambda c: c.call("GET", "/api/v1/health"),
        503: _no_sandbox,
    },
    "get /api/v1/health/live": {200: lambda c: c.call("GET", "/api/v1/health/live")},
    "get /api/v1/health/ready": {
        200: lambda c: c.call("GET", "/api/v1/health/ready"),
        503: _redis_away,
    },
    "get /api/v1/challenges": {
        200: lambda c: c.call("GET", "/api/v1/challenges", headers={}),
        401: lambda c: c.call("GET", "/api/v1/challenges", headers=BAD_TOKEN),
        422: lambda c: c.call("GET", "/api/v1/challenges?lang=fr"),
        429: lambda c: c.from_blocked_address("GET", "/api/v1/challenges"),
    },
    "get /api/v1/challenges/{slug}": {
        200: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}?lang=ko", headers={}),
        401: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}", headers=BAD_TOKEN),
        403: lambda c: c.call("GET", c.draft() + "?version=draft"),
        404: lambda c: c.call("GET", "/api/v1/challenges/nope"),
        422: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}?lang=fr"),
        429: lambda c: c.from_blocked_address("GET", f"/api/v1/challenges/{SLUG}"),
    },
    "get /api/v1/challenges/{slug}/editorial": {
        200: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}/editorial", headers=c.author()),
        401: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}/editorial", headers=BAD_TOKEN),
        403: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}/editorial"),
        404: lambda c: c.call("GET", "/api/v1/challenges/nope/editorial"),
        422: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}/editorial?lang=fr"),
        429: lambda c: c.from_blocked_address("GET", f"/api/v1/challenges/{SLUG}/editorial"),
    },
    **AUTHORING,
    **COURSES,
    **REVIEW,
    **LTI,
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
    "get /api/v1/lessons": {
        200: lambda c: c.call("GET", "/api/v1/lessons"),
        422: lambda c: c.call("GET", "/api/v1/lessons?lang=fr"),
    },
    "get /api/v1/lessons/{slug}": {
        200: lambda c: c.call("GET", "/api/v1/lessons/attention-basics?lang=ko"),
        404: lambda c: c.call("GET", "/api/v1/lessons/no-such-lesson"),
        422: lambda c: c.call("GET", "/api/v1/lessons/attention-basics?lang=fr"),
    },
    "post /api/v1/lessons/{slug}/cells/{cell_id}/runs": {
        200: lambda c: _cell_run(c, wait=300),
        202: _cell_run,
        401: lambda c: c.call("POST", CELL_RUNS, json={"code": "print(1)"}, headers=BAD_TOKEN),
        404: lambda c: c.call("POST", "/api/v1/lessons/attention-basics/cells/nope/runs",
                              json={"code": "print(1)"}),
        422: lambda c: c.call("POST", CELL_RUNS, json={"code": ""}),
        429: lambda c: c.from_blocked_address("POST", CELL_RUNS, json={"code": "print(1)"}),
    },
    "get /api/v1/cell-runs/{token}": {
        200: lambda c: c.call("GET", _cell_run(c).get_json()["url"] + "?wait=0.1"),
        401: lambda c: c.call("GET", _cell_run(c).get_json()["url"], headers=BAD_TOKEN),
        404: lambda c: c.call("GET", "/api/v1/cell-runs/no-such-run"),
        422: lambda c: c.call("GET", _cell_run(c).get_json()["url"] + "?wait=61"),
        429: lambda c: c.from_blocked_address("GET", _cell_run(c).get_json()["url"]),
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
    "get /api/v1/submissions/{submission_id}/events": {
        200: lambda c: c.call("GET", c.done_submission_url() + "/events"),
        401: lambda c: c.call("GET", c.submission_url() + "/events", headers={}),
        404: lambda c: c.call("GET", "/api/v1/submissions/999/events"),
        422: lambda c: c.call("GET", c.submission_url() + "/events?lang=fr"),
        429: lambda c: c.from_blocked_address("GET", c.submission_url() + "/events"),
    },
    "get /api/v1/challenges/{slug}/draft": {
        200: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}/draft"),
        401: lambda c: c.call("GET", f"/api/v1/challenges/{SLUG}/draft", headers={}),
        404: lambda c: c.call("GET", "/api/v1/challenges/nope/draft"),
        429: lambda c: c.from_blocked_address("GET", f"/api/v1/challenges/{SLUG}/draft"),
    },
    "put /api/v1/challenges/{slug}/draft": {
        200: lambda c: c.call("PUT", f"/api/v1/challenges/{SLUG}/draft", json={"code": CODE}),
        401: lambda c: c.call("PUT", f"/api/v1/challenges/{SLUG}/draft", json={"code": CODE},
                              headers={}),
        404: lambda c: c.call("PUT", "/api/v1/challenges/nope/draft", json={"code": CODE}),
        413: lambda c: c.call("PUT", f"/api/v1/challenges/{SLUG}/draft",
                              json={"code": "#" * (64 * 1024 + 1)}),
        422: lambda c: c.call("PUT", f"/api/v1/challenges/{SLUG}/draft", json={"code": " "}),
        429: lambda c: c.from_blocked_address("PUT", f"/api/v1/challenges/{SLUG}/draft",
                                              json={"code": CODE}),
    },
    "post /api/v1/users/{username}/deactivate": {
        200: lambda c: c.deactivate_an_instructor(),
        401: lambda c: c.call("POST", "/api/v1/users/ann/deactivate", headers=BAD_TOKEN),
        403: lambda c: c.call("POST", "/api/v1/users/ann/deactivate"),
        404: lambda c: c.call("POST", "/api/v1/users/nobody/deactivate",
                              headers=c.author("admin")),
        409: lambda c: c.call("POST", "/api/v1/users/author-admin/deactivate",
                              headers=c.author("admin")),
        429: lambda c: c.from_blocked_address("POST", "/api/v1/users/ann/deactivate"),
    },
    "post /api/v1/users/{username}/reactivate": {
        200: lambda c: c.call("POST", "/api/v1/users/ann/reactivate", headers=c.author("admin")),
        401: lambda c: c.call("POST", "/api/v1/users/ann/reactivate", headers=BAD_TOKEN),
        403: lambda c: c.call("POST", "/api/v1/users/ann/reactivate"),
        404: lambda c: c.call("POST", "/api/v1/users/nobody/reactivate",
                              headers=c.author("admin")),
        429: lambda c: c.from_blocked_address("POST", "/api/v1/users/ann/reactivate"),
    },
    "get /api/v1/users": {
        200: lambda c: c.call("GET", "/api/v1/users?q=a", headers=c.author("admin")),
        401: lambda c: c.call("GET", "/api/v1/users", headers=BAD_TOKEN),
        403: lambda c: c.call("GET", "/api/v1/users"),
        422: lambda c: c.call("GET", "/api/v1/users?page=0", headers=c.author("admin")),
        429: lambda c: c.from_blocked_address("GET", "/api/v1/users"),
    },
    "post /api/v1/users": {
        201: lambda c: c.call("POST", "/api/v1/users", json=NEW_USER, headers=c.author("admin")),
        401: lambda c: c.call("POST", "/api/v1/users", json=NEW_USER, headers=BAD_TOKEN),
        403: lambda c: c.call("POST", "/api/v1/users", json=NEW_USER),
        409: lambda c: c.call("POST", "/api/v1/users", json={"username": "ann"},
                              headers=c.author("admin")),
        422: lambda c: c.call("POST", "/api/v1/users", json={**NEW_USER, "password": "short"},
                              headers=c.author("admin")),
        429: lambda c: c.from_blocked_address("POST", "/api/v1/users", json=NEW_USER),
    },
    "put /api/v1/users/{username}/role": {
        200: lambda c: c.call("PUT", "/api/v1/users/ann/role", json={"role": "instructor"},
                              headers=c.author("admin")),
        401: lambda c: c.call("PUT", "/api/v1/users/ann/role", json={"role": "instructor"},
                              headers=BAD_TOKEN),
        403: lambda c: c.call("PUT", "/api/v1/users/ann/role", json={"role": "admin"}),
        404: lambda c: c.call("PUT", "/api/v1/users/nobody/role", json={"role": "student"},
                              headers=c.author("admin")),
        409: lambda c: c.call("PUT", "/api/v1/users/author-admin/role", json={"role": "student"},
                              headers=c.author("admin")),
        422: lambda c: c.call("PUT", "/api/v1/users/ann/role", json={"role": "root"},
                              headers=c.author("admin")),
        429: lambda c: c.from_blocked_address("PUT", "/api/v1/users/ann/role",
                                              json={"role": "admin"}),
    },
    "post /api/v1/users/{username}/password-reset": {
        201: lambda c: c.call("POST", "/api/v1/users/ann/password-reset",
                              headers=c.author("admin")),
        401: lambda c: c.call("POST", "/api/v1/users/ann/password-reset", headers=BAD_TOKEN),
        403: lambda c: c.call("POST", "/api/v1/users/ann/password-reset"),
        404: lambda c: c.call("POST", "/api/v1/users/nobody/password-reset",
                              headers=c.author("admin")),
        429: lambda c: c.from_blocked_address("POST", "/api/v1/users/ann/password-reset"),
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
        ("put /api/v1/challenges/{slug}/draft", f"/api/v1/challenges/{SLUG}/draft"),
        ("post /api/v1/courses", "/api/v1/courses"),
        ("post /api/v1/courses/join", "/api/v1/courses/join"),
        ("post /api/v1/courses/{course_id}/assignments", "/api/v1/courses/1/assignments"),
        ("put /api/v1/courses/{course_id}/assignments/{assignment_id}",
         "/api/v1/courses/1/assignments/1"),
        ("post /api/v1/courses/{course_id}/instructors", "/api/v1/courses/1/instructors"),
        ("post /api/v1/users", "/api/v1/users"),
        ("put /api/v1/users/{username}/role", "/api/v1/users/ann/role"),
        ("patch /api/v1/courses/{course_id}/members/{username}", "/api/v1/courses/1/members/a"),
        ("post /api/v1/lessons/{slug}/cells/{cell_id}/runs", CELL_RUNS)]:
    RECIPES[_operation][400] = _malformed(_operation.split()[0].upper(), _path)
RECIPES["get /api/v1/courses/{course_id}/gradebook.csv"][422] = (
    lambda c: c.as_author("GET", c.course() + "/gradebook.csv?layout=excel"))

#: The recipes that need a worker and a real sandbox.
NEEDS_SANDBOX = {("post /api/v1/challenges/{slug}/runs", 200),
                 ("post /api/v1/lessons/{slug}/cells/{cell_id}/runs", 200),
                 *((next(iter(REVIEW)), status) for status in (200, 502, 503, 504))}


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
    if response.mimetype == "text/event-stream":  # events: text, their data described apart
        assert content[response.mimetype]["schema"]["type"] == "string"
        return
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
