"""The Idempotency-Key header on the API's creating POSTs: the same key and request get the
first answer and store nothing more, another request under the key is refused, keys are
bounded, per user, race-safe (threads, on SQLite and PostgreSQL), documented and pruned."""

from __future__ import annotations

import io
import json
import threading
import zipfile
from datetime import timedelta

import pytest
from sqlalchemy import delete, event, func, select, update

from arena.extensions import db
from arena.models import (
    Assignment,
    Challenge,
    ChallengeVersion,
    Course,
    IdempotencyKey,
    Regrade,
    Submission,
    User,
)
from arena.models.types import utcnow
from arena.services.idempotency import claim, fingerprint
from arena.services.retention import Retention, prune
from graders.verdicts import Status

SLUG = "running-max"
CODE = "def running_max(row):\n    return list(row)\n"
WEEK = {"title": "Week 1", "challenges": [SLUG], "opens_at": "2026-01-01T00:00:00+00:00",
        "due_at": "2099-01-01T00:00:00+00:00"}


@pytest.fixture
def app_config() -> dict:
    """Runs answer 202 at once: no worker grades here."""
    return {"RUN_WAIT_SECONDS": 0}


@pytest.fixture
def published(app, people, tiny_files, publish_files) -> str:
    """Ivy's challenge, published; the slug."""
    publish_files("ivy", tiny_files)
    return SLUG


@pytest.fixture
def course_id(client, people, published) -> int:
    """Ivy's course."""
    return client.post("/api/v1/courses", json={"title": "Attention"},
                       headers=people["ivy"]).get_json()["id"]


def _count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def _keyed(headers: dict, key: str) -> dict:
    return {**headers, "Idempotency-Key": key}


# Each creating POST: (who, path, body, the table it stores a row in), the path's {course}
# filled with the course's id.
OPERATIONS = {
    "submission": ("sam", f"/api/v1/challenges/{SLUG}/submissions", {"code": CODE}, Submission),
    "run": ("sam", f"/api/v1/challenges/{SLUG}/runs", {"code": CODE}, Submission),
    "regrade": ("ivy", f"/api/v1/challenges/{SLUG}/regrade", {}, Regrade),
    "course": ("ivy", "/api/v1/courses", {"title": "Another"}, Course),
    "assignment": ("ivy", "/api/v1/courses/{course}/assignments", WEEK, Assignment),
}


@pytest.mark.parametrize("operation", sorted(OPERATIONS))
def test_the_same_key_gets_the_first_answer_and_stores_one_row(app, client, people, course_id,
                                                               operation):
    who, path, body, model = OPERATIONS[operation]
    path = path.format(course=course_id)
    before = _count(app, model)
    first = client.post(path, json=body, headers=_keyed(people[who], "k-1"))
    assert first.status_code in (201, 202), first.get_json()
    again = client.post(path, json=body, headers=_keyed(people[who], "k-1"))
    assert (again.status_code, again.get_json()) == (first.status_code, first.get_json())
    assert again.headers.get("Location") == first.headers.get("Location")
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert _count(app, model) == before + 1
    # Without a key, nothing changes: each POST stores its own row.
    client.post(path, json=body, headers=people[who])
    client.post(path, json=body, headers=people[who])
    assert _count(app, model) == before + 3


@pytest.mark.parametrize("operation", ["submission", "run", "regrade"])
def test_the_answer_is_stored_by_the_commit_that_stores_the_work(app, client, people,
                                                                 course_id, monkeypatch,
                                                                 operation):
    """A replica that dies between storing the work and recording the answer it sent (here:
    recording fails): the key still answers as the first request did, never 409."""
    def lost(*args: object) -> None:
        raise ConnectionError("the database went away")

    monkeypatch.setattr("arena.api.idempotency.record", lost)
    who, path, body, model = OPERATIONS[operation]
    first = client.post(path, json=body, headers=_keyed(people[who], "dies"))
    again = client.post(path, json=body, headers=_keyed(people[who], "dies"))
    assert first.status_code == again.status_code == 202
    assert again.get_json() == first.get_json() and again.headers["Idempotent-Replayed"]
    assert again.headers["Location"] == first.headers["Location"]
    assert _count(app, model) == 1


@pytest.mark.parametrize("operation", ["submission", "run", "regrade"])
def test_an_answer_the_work_s_commit_stored_is_not_written_again(app, client, people,
                                                                  course_id, operation):
    """The answer sent says what the commit of the work stored with the key: no second write
    (the answer is written again only when it says something else, as a run's 200 would)."""
    updates = []  # after the work's commit: the key's row found by its key and fingerprint

    def note(conn, cursor, statement, *args: object) -> None:
        said = " ".join(statement.split()).lower()
        if said.startswith("update idempotency_key") and "fingerprint" in said:
            updates.append(statement)

    who, path, body, _model = OPERATIONS[operation]
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        first = client.post(path, json=body, headers=_keyed(people[who], "once"))
    finally:
        event.remove(engine, "before_cursor_execute", note)
    assert first.status_code == 202 and updates == []
    again = client.post(path, json=body, headers=_keyed(people[who], "once"))
    assert again.get_json() == first.get_json() and again.headers["Idempotent-Replayed"]


def test_a_draft_is_created_and_its_validation_queued_once(app, client, people, tiny_files):
    files = {"files": tiny_files, "visibility": "public"}
    created = client.post("/api/v1/challenges", json=files, headers=_keyed(people["ivy"], "c"))
    replayed = client.post("/api/v1/challenges", json=files, headers=_keyed(people["ivy"], "c"))
    assert created.status_code == replayed.status_code == 201  # not 409 `exists`
    assert replayed.get_json() == created.get_json()
    assert _count(app, Challenge) == 1 and _count(app, ChallengeVersion) == 1

    asked = client.post(f"/api/v1/challenges/{SLUG}/validate", headers=_keyed(people["ivy"], "v"))
    assert asked.status_code == 202
    with app.app_context():  # the authoring lane took it
        db.session.execute(update(ChallengeVersion).values(validation_status=Status.RUNNING))
        db.session.commit()
    again = client.post(f"/api/v1/challenges/{SLUG}/validate", headers=_keyed(people["ivy"], "v"))
    assert (again.status_code, again.get_json()) == (202, asked.get_json())
    with app.app_context():  # not queued again from the start
        assert db.session.scalar(select(ChallengeVersion.validation_status)) == Status.RUNNING


def test_an_uploaded_archive_is_the_same_request_whatever_its_boundary(app, client, people,
                                                                      tiny_files):
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as folder:
        for name, text in tiny_files.items():
            folder.writestr(f"{SLUG}/{name}", text)

    def upload(content: bytes) -> object:
        return client.post("/api/v1/challenges", headers=_keyed(people["ivy"], "zip"),
                           data={"archive": (io.BytesIO(content), "c.zip"),
                                 "visibility": "public"}, content_type="multipart/form-data")

    first, again = upload(archive.getvalue()), upload(archive.getvalue())
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json() and again.headers["Idempotent-Replayed"]
    other = upload(archive.getvalue() + b"\0")
    assert other.status_code == 422 and other.get_json()["error"]["code"] == (
        "idempotency_key_reused")
    assert _count(app, Challenge) == 1


def test_the_key_with_another_request_is_refused_with_422(app, client, people, published):
    headers = _keyed(people["sam"], "same")
    path = f"/api/v1/challenges/{SLUG}/submissions"
    assert client.post(path, json={"code": CODE}, headers=headers).status_code == 202
    other_body = client.post(path, json={"code": CODE + "# changed\n"}, headers=headers)
    other_path = client.post(f"/api/v1/challenges/{SLUG}/runs", json={"code": CODE},
                             headers=headers)
    for refused in (other_body, other_path):
        assert refused.status_code == 422
        assert refused.get_json()["error"]["code"] == "idempotency_key_reused"
    assert _count(app, Submission) == 1
    # The same JSON with its keys in another order and other spaces is the same request.
    same = client.post(path, data=json.dumps({"code": CODE}, indent=4), headers=headers,
                       content_type="application/json")
    assert same.status_code == 202 and same.headers["Idempotent-Replayed"] == "true"


@pytest.mark.parametrize("key", ["", "x" * 129, "has space", 'a"b', "back\\slash", "é"])
def test_a_key_out_of_bounds_is_refused_with_400_and_stores_nothing(app, client, people,
                                                                    published, key):
    response = client.post(f"/api/v1/challenges/{SLUG}/submissions", json={"code": CODE},
                           headers=_keyed(people["sam"], key))
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "bad_idempotency_key"
    assert _count(app, Submission) == 0 and _count(app, IdempotencyKey) == 0


def test_the_longest_key_and_a_quoted_one_are_kept(client, people, published):
    path = f"/api/v1/challenges/{SLUG}/submissions"
    longest = "k" * 128
    first = client.post(path, json={"code": CODE}, headers=_keyed(people["sam"], longest))
    quoted = client.post(path, json={"code": CODE}, headers=_keyed(people["sam"], f'"{longest}"'))
    assert first.status_code == 202 and quoted.get_json()["id"] == first.get_json()["id"]


def test_keys_are_per_user(app, client, people, published):
    path = f"/api/v1/challenges/{SLUG}/submissions"
    sams = client.post(path, json={"code": CODE}, headers=_keyed(people["sam"], "shared"))
    sues = client.post(path, json={"code": CODE}, headers=_keyed(people["sue"], "shared"))
    assert sams.status_code == sues.status_code == 202
    assert "Idempotent-Replayed" not in sues.headers
    assert sams.get_json()["id"] != sues.get_json()["id"]
    assert _count(app, Submission) == 2


def test_a_request_that_stored_nothing_leaves_its_key_free(app, client, people, published):
    path = f"/api/v1/challenges/{SLUG}/submissions"
    headers = _keyed(people["sam"], "retry-me")
    empty = client.post(path, json={"code": "  "}, headers=headers)
    assert empty.status_code == 422 and empty.get_json()["error"]["code"] == "unprocessable"
    unknown = client.post("/api/v1/challenges/nope/submissions", json={"code": CODE},
                          headers=headers)
    assert unknown.status_code == 404
    fixed = client.post(path, json={"code": CODE}, headers=headers)
    assert fixed.status_code == 202 and "Idempotent-Replayed" not in fixed.headers
    assert _count(app, Submission) == 1 and _count(app, IdempotencyKey) == 1


def test_a_key_whose_first_request_is_unanswered_is_409(app, client, people, published):
    """The first request stored its work with its key and was not answered yet (or its
    process died in between): the same request waits, with 409."""
    path = f"/api/v1/challenges/{SLUG}/submissions"
    body = json.dumps({"code": CODE}).encode()
    with app.test_request_context():
        sam = db.session.scalar(select(User).where(User.username == "sam"))
        assert claim(sam, "pending", fingerprint("POST", path, [], body)) is None
        db.session.commit()
    response = client.post(path, data=body, content_type="application/json",
                           headers=_keyed(people["sam"], "pending"))
    assert response.status_code == 409
    assert response.get_json()["error"]["code"] == "idempotency_key_in_progress"
    assert _count(app, Submission) == 0


def test_concurrent_requests_with_one_key_store_one_row(app, people, published):
    """Threads on the app's own database (SQLite, or PostgreSQL with ARENA_DATABASE_URL)."""
    path = f"/api/v1/challenges/{SLUG}/submissions"
    threads, start, answers = 8, threading.Barrier(8), []

    def post() -> None:
        start.wait()
        response = app.test_client().post(path, json={"code": CODE},
                                          headers=_keyed(people["sam"], "raced"))
        answers.append((response.status_code, response.get_json()))

    workers = [threading.Thread(target=post) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert _count(app, Submission) == 1 and _count(app, IdempotencyKey) == 1
    with app.app_context():
        stored = db.session.scalar(select(Submission.id))
    for status, body in answers:
        assert (status == 202 and body["id"] == stored) or (
            status == 409 and body["error"]["code"] == "idempotency_key_in_progress"), body
    assert sum(status == 202 for status, _ in answers) >= 1


def test_keys_are_pruned_after_a_day_and_then_run_again(app, client, people, published):
    path = f"/api/v1/challenges/{SLUG}/submissions"
    headers = _keyed(people["sam"], "old")
    client.post(path, json={"code": CODE}, headers=headers)
    with app.app_context():
        assert prune(Retention()).keys == 0
        db.session.execute(update(IdempotencyKey).values(
            created_at=utcnow() - timedelta(hours=24, minutes=1)))
        db.session.commit()
        assert prune(Retention()).keys == 1
    again = client.post(path, json={"code": CODE}, headers=headers)
    assert again.status_code == 202 and "Idempotent-Replayed" not in again.headers
    assert _count(app, Submission) == 2


def test_a_users_keys_go_with_the_user(app, client, people, published):
    client.post(f"/api/v1/challenges/{SLUG}/submissions", json={"code": CODE},
                headers=_keyed(people["sam"], "mine"))
    with app.app_context():
        db.session.execute(delete(User).where(User.username == "sam"))
        db.session.commit()
    assert _count(app, IdempotencyKey) == 0


def test_the_openapi_document_has_the_header_on_each_creating_post(client):
    spec = client.get("/api/v1/openapi.json").get_json()
    keyed = {path for path, operations in spec["paths"].items()
             if any(parameter["name"] == "Idempotency-Key"
                    for parameter in operations.get("post", {}).get("parameters", []))}
    assert keyed == {"/api/v1/challenges/{slug}/submissions", "/api/v1/challenges/{slug}/runs",
                     "/api/v1/challenges/{slug}/regrade", "/api/v1/challenges/{slug}/validate",
                     "/api/v1/challenges", "/api/v1/courses",
                     "/api/v1/courses/{course_id}/assignments"}
    responses = spec["paths"]["/api/v1/challenges/{slug}/submissions"]["post"]["responses"]
    assert "idempotency_key_in_progress" in responses["409"]["description"]
    assert "idempotency_key_reused" in responses["422"]["description"]
