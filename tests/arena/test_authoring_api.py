"""Authoring through the API: drafts from uploaded files, validation in the sandbox, publishing
only what a validation proved, rollback, export; uploads treated as hostile."""

from __future__ import annotations

import io
import re
import tarfile
import zipfile

import pytest

from arena.extensions import db
from arena.jobs.lane import run_next
from arena.models import Challenge
from graders.files.archive import files_from_archive

SLUG = "running-max"


@pytest.fixture
def instructor(make_token) -> dict[str, str]:
    """Return the Authorization header of an instructor, 'ivy'."""
    return {"Authorization": f"Bearer {make_token('ivy', 'instructor')}"}


@pytest.fixture
def student(make_token) -> dict[str, str]:
    """Return the Authorization header of a student, 'sam'."""
    return {"Authorization": f"Bearer {make_token('sam', 'student')}"}


def _create(client, headers, files):
    """Upload a new public challenge (who sees what is tests/arena/test_visibility.py)."""
    return client.post("/api/v1/challenges", json={"files": files, "visibility": "public"},
                       headers=headers)


def _validate(app, client, headers, sandbox) -> dict:
    """Ask for a validation, run the lane's work as its thread would, return what the API
    says."""
    asked = client.post(f"/api/v1/challenges/{SLUG}/validate", headers=headers)
    assert asked.status_code == 202
    assert asked.get_json()["url"] == f"/api/v1/challenges/{SLUG}/validation"
    running = client.get(asked.get_json()["url"], headers=headers).get_json()
    assert running["status"] == "running" and running["valid"] is None
    with app.app_context():
        while run_next(sandbox):
            pass
    return client.get(asked.get_json()["url"], headers=headers).get_json()


def test_a_new_challenge_is_a_draft_that_learners_cannot_find(client, instructor, student,
                                                               tiny_files):
    created = _create(client, instructor, tiny_files)
    assert created.status_code == 201
    assert created.get_json() == {"slug": SLUG, "version": 1, "status": "draft",
                                  "visibility": "public"}
    for headers in ({}, student, instructor):
        assert client.get(f"/api/v1/challenges/{SLUG}", headers=headers).status_code == 404
    assert SLUG not in [c["slug"] for c in client.get("/api/v1/challenges").get_json()[
        "challenges"]]
    preview = client.get(f"/api/v1/challenges/{SLUG}?version=draft", headers=instructor)
    assert preview.status_code == 200 and preview.get_json()["title"] == "Running maximum"
    assert client.get(f"/api/v1/challenges/{SLUG}?version=draft",
                      headers=student).status_code == 403


def test_the_same_slug_twice_is_a_conflict(client, instructor, tiny_files):
    assert _create(client, instructor, tiny_files).status_code == 201
    again = _create(client, instructor, tiny_files)
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "exists"


def test_put_replaces_the_draft_and_every_version_is_kept(client, instructor, tiny_files,
                                                          tiny_valid_files):
    _create(client, instructor, tiny_files)
    replaced = client.put(f"/api/v1/challenges/{SLUG}", json={"files": tiny_valid_files},
                          headers=instructor)
    assert replaced.status_code == 200 and replaced.get_json()["version"] == 2
    versions = client.get(f"/api/v1/challenges/{SLUG}/versions", headers=instructor).get_json()
    assert [(v["version"], v["status"]) for v in versions["versions"]] == [
        (2, "draft"), (1, "superseded")]
    files = client.get(f"/api/v1/challenges/{SLUG}/files", headers=instructor).get_json()
    assert files["files"] == tiny_valid_files and files["status"] == "draft"
    renamed = {**tiny_files, "challenge.toml": tiny_files["challenge.toml"].replace(
        'slug = "running-max"', 'slug = "other"')}
    moved = client.put(f"/api/v1/challenges/{SLUG}", json={"files": renamed}, headers=instructor)
    assert moved.status_code == 409 and moved.get_json()["error"]["code"] == "slug_mismatch"


def test_publish_is_refused_before_a_validation(client, instructor, tiny_valid_files):
    _create(client, instructor, tiny_valid_files)
    refused = client.post(f"/api/v1/challenges/{SLUG}/publish", headers=instructor)
    assert refused.status_code == 409
    assert refused.get_json()["error"]["code"] == "not_validated"
    never = client.get(f"/api/v1/challenges/{SLUG}/validation", headers=instructor)
    assert never.status_code == 404


@pytest.mark.sandbox
def test_validate_finds_the_surviving_mutant_then_publish_after_the_fix(
        app, client, instructor, student, tiny_files, tiny_valid_files, make_sandbox):
    sandbox = make_sandbox("process")
    _create(client, instructor, tiny_files)
    weak = _validate(app, client, instructor, sandbox)
    assert weak["status"] == "done" and weak["valid"] is False
    assert weak["mutants"] == [{"name": "returns_input", "killed": False, "named": False,
                                "diagnosis": None}]
    assert weak["progress"] == {"done": 4, "total": 4}
    assert {"file": "cases.py", "line": 1,  # where cases() starts
            "message": "mutant returns_input passes every hidden case: add a case that "
                       "catches it"} in weak["problems"]
    assert client.post(f"/api/v1/challenges/{SLUG}/publish",
                       headers=instructor).status_code == 409

    client.put(f"/api/v1/challenges/{SLUG}", json={"files": tiny_valid_files},
               headers=instructor)
    strong = _validate(app, client, instructor, sandbox)
    assert strong["valid"] is True and strong["problems"] == []
    assert strong["mutants"][0]["killed"] and strong["mutants"][0]["named"]
    published = client.post(f"/api/v1/challenges/{SLUG}/publish", headers=instructor)
    assert published.status_code == 200
    assert published.get_json() == {"slug": SLUG, "version": 2, "status": "published",
                                    "visibility": "public"}
    shown = client.get(f"/api/v1/challenges/{SLUG}", headers=student).get_json()
    assert shown["title"] == "Running maximum" and shown["examples"]  # prepared by validation


@pytest.mark.sandbox
def test_a_zero_reference_is_refused_and_the_published_version_stays_live(
        app, client, instructor, student, tiny_valid_files, make_sandbox):
    sandbox = make_sandbox("process")
    _create(client, instructor, tiny_valid_files)
    _validate(app, client, instructor, sandbox)
    client.post(f"/api/v1/challenges/{SLUG}/publish", headers=instructor)
    live = client.get(f"/api/v1/challenges/{SLUG}", headers=student).get_json()["version"]

    zeros = {**tiny_valid_files,
             "reference.py": "def running_max(row):\n    return [0.0 for _ in row]\n"}
    client.put(f"/api/v1/challenges/{SLUG}", json={"files": zeros}, headers=instructor)
    refused = _validate(app, client, instructor, sandbox)
    assert refused["valid"] is False
    assert any(p["file"] == "starter.py" and "accepted" in p["message"]
               for p in refused["problems"])
    publish = client.post(f"/api/v1/challenges/{SLUG}/publish", headers=instructor)
    assert publish.status_code == 409 and publish.get_json()["error"]["code"] == "not_validated"
    assert client.get(f"/api/v1/challenges/{SLUG}", headers=student).get_json()[
        "version"] == live


@pytest.mark.sandbox
@pytest.mark.parametrize(("number", "message"), [
    ('"float32_scale": 10**30', "float32_scale must be a number from 1.0 to 1000000.0"),
    ('"float32_scale": 0', "float32_scale must be a number from 1.0 to 1000000.0"),
    ('"rtol": 2', "rtol must be a number from 0 to 1.0"),
])
def test_a_case_number_past_its_bounds_is_a_problem_of_cases_py(
        app, client, instructor, tiny_valid_files, make_sandbox, number, message):
    """A scale of 0 has no logarithm: the preparation failed with an internal error instead
    of naming the case."""
    cases = tiny_valid_files["cases.py"].replace('"public": True}', f'"public": True, {number}}}')
    _create(client, instructor, {**tiny_valid_files, "cases.py": cases})
    refused = _validate(app, client, instructor, make_sandbox("process"))
    assert refused["valid"] is False
    assert [p["file"] for p in refused["problems"]] == ["cases.py"]
    assert f"case 'three increasing': {message}" in refused["problems"][0]["message"]


@pytest.mark.sandbox
def test_a_korean_variant_the_glossary_rejects_is_a_problem_with_its_file_and_line(
        app, client, instructor, tiny_valid_files, make_sandbox):
    statement = tiny_valid_files["statement.ko.md"] + "\n키와 값을 쓰지 않습니다.\n"
    _create(client, instructor, {**tiny_valid_files, "statement.ko.md": statement})
    refused = _validate(app, client, instructor, make_sandbox("process"))
    assert refused["valid"] is False
    assert [(p["file"], p["line"]) for p in refused["problems"]] == [("statement.ko.md", 5)]
    assert "'키와 값'" in refused["problems"][0]["message"]


@pytest.mark.sandbox
def test_rollback_publishes_an_earlier_published_version(app, client, instructor, student,
                                                         tiny_valid_files, make_sandbox):
    sandbox = make_sandbox("process")
    _create(client, instructor, tiny_valid_files)
    _validate(app, client, instructor, sandbox)
    client.post(f"/api/v1/challenges/{SLUG}/publish", headers=instructor)
    retitled = {**tiny_valid_files, "challenge.toml": tiny_valid_files["challenge.toml"].replace(
        'en = "Running maximum"', 'en = "Running max"')}
    client.put(f"/api/v1/challenges/{SLUG}", json={"files": retitled}, headers=instructor)
    _validate(app, client, instructor, sandbox)
    client.post(f"/api/v1/challenges/{SLUG}/publish", headers=instructor)
    assert client.get(f"/api/v1/challenges/{SLUG}").get_json()["title"] == "Running max"

    back = client.post(f"/api/v1/challenges/{SLUG}/publish", json={"version": 1},
                       headers=instructor)
    assert back.status_code == 200 and back.get_json()["version"] == 1
    assert client.get(f"/api/v1/challenges/{SLUG}").get_json()["title"] == "Running maximum"
    versions = client.get(f"/api/v1/challenges/{SLUG}/versions", headers=instructor).get_json()
    assert [(v["version"], v["status"]) for v in versions["versions"]] == [
        (2, "retired"), (1, "published")]


def test_export_gives_the_files_back_byte_for_byte(client, instructor, tiny_files):
    files = {**tiny_files, "starter.py": "\ufeffdef running_max(row):\r\n    return []  \r\n"}
    _create(client, instructor, files)
    exported = client.get(f"/api/v1/challenges/{SLUG}/export", headers=instructor)
    assert exported.status_code == 200 and exported.mimetype == "application/gzip"
    assert files_from_archive(exported.data) == {p: t.encode() for p, t in files.items()}
    with tarfile.open(fileobj=io.BytesIO(exported.data)) as archive:
        assert all(name.startswith(f"{SLUG}/") for name in archive.getnames())
    again = client.get(f"/api/v1/challenges/{SLUG}/export", headers=instructor)
    assert again.data == exported.data  # the same files always give the same archive


def _zip(members: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def test_a_zip_upload_creates_a_draft(client, instructor, tiny_files):
    data = {"archive": (io.BytesIO(_zip({f"{SLUG}/{p}": t for p, t in tiny_files.items()})),
                        "running-max.zip")}
    created = client.post("/api/v1/challenges", data=data, headers=instructor,
                          content_type="multipart/form-data")
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["slug"] == SLUG


@pytest.mark.parametrize("name", ["../escape.py", "/etc/passwd", "notes.txt", "mutants/a-b.py"])
def test_hostile_archive_members_are_refused(client, instructor, tiny_files, name):
    data = {"archive": (io.BytesIO(_zip({**tiny_files, name: "x = 1\n"})), "c.zip")}
    refused = client.post("/api/v1/challenges", data=data, headers=instructor,
                          content_type="multipart/form-data")
    assert refused.status_code == 422
    assert refused.get_json()["error"]["code"] == "invalid_challenge"
    assert refused.get_json()["error"]["problems"]
    with client.application.app_context():
        assert db.session.scalar(db.select(Challenge.id)) is None


@pytest.mark.parametrize(("path", "text", "line"), [
    ("challenge.toml", 'slug = "running-max"\ndifficulty = \n', 2),
    ("reference.py", "def running_max(row):\n    return [\n", 2),
    ("cases.py", "def cases(:\n    return []\n", 1),
])
def test_syntax_errors_are_problems_with_a_file_and_a_line(client, instructor, tiny_files,
                                                          path, text, line):
    refused = _create(client, instructor, {**tiny_files, path: text})
    assert refused.status_code == 422
    problems = refused.get_json()["error"]["problems"]
    assert [(p["file"], p["line"]) for p in problems] == [(path, line)]


def test_a_missing_field_names_its_file(client, instructor, tiny_files):
    toml = tiny_files["challenge.toml"].replace('difficulty = "easy"\n', "")
    refused = _create(client, instructor, {**tiny_files, "challenge.toml": toml,
                                           "mutants/unexplained.py": "x = 1\n"})
    problems = {(p["file"], p["message"]) for p in refused.get_json()["error"]["problems"]}
    assert ("challenge.toml", "difficulty must be one of easy, medium, hard") in problems
    assert ("mutants/unexplained.py", "no [mutants.unexplained] explanation in challenge.toml "
            "for this file") in problems


@pytest.mark.parametrize(("line", "message"), [
    # The red team's: a 500, PostgreSQL's integer column refusing it.
    ("order = 99999999999999999999", "order must be a whole number from 0 to 1000000"),
    ("order = -1", "order must be a whole number from 0 to 1000000"),
    ("track_order = 2147483648", "track_order must be a whole number from 0 to 1000000"),
    ("memory_mb = 512.5", "memory_mb must be a whole number from 64 to 2048"),
    ("memory_mb = 18446744073709551616", "memory_mb must be a whole number from 64 to 2048"),
    ("time_limit = 0", "time_limit must be a number above 0 and at most 60.0"),
    ("time_limit = nan", "time_limit must be a number above 0 and at most 60.0"),
    ("rtol = nan", "rtol must be a number from 0 to 1.0"),  # JSON that PostgreSQL refuses
    ("atol = inf", "atol must be a number from 0 to 1.0"),
    ("atol = -1e-6", "atol must be a number from 0 to 1.0"),
])
def test_numbers_past_their_bounds_in_challenge_toml_are_problems(client, instructor,
                                                                  tiny_files, line, message):
    key = line.split(" = ")[0]
    toml = re.sub(rf"^{key} = .*\n", "", tiny_files["challenge.toml"], flags=re.M)
    toml = toml.replace("[title]", f"{line}\n\n[title]")
    refused = _create(client, instructor, {**tiny_files, "challenge.toml": toml})
    assert refused.status_code == 422
    number = toml.splitlines().index(line) + 1
    assert refused.get_json()["error"]["problems"] == [
        {"file": "challenge.toml", "line": number, "message": message}]
    with client.application.app_context():
        assert db.session.scalar(db.select(Challenge.id)) is None


@pytest.mark.parametrize("body", [{}, {"files": []}, {"files": {"challenge.toml": 3}},
                                  {"files": {}}])
def test_a_body_without_files_is_a_clear_422(client, instructor, body):
    refused = client.post("/api/v1/challenges", json=body, headers=instructor)
    assert refused.status_code == 422
    assert refused.get_json()["error"]["message"]


def test_folder_challenges_are_changed_in_their_folder(client, make_token, catalog, tiny_files):
    admin = {"Authorization": f"Bearer {make_token('ada', 'admin')}"}
    files = {**tiny_files, "challenge.toml": tiny_files["challenge.toml"].replace(
        SLUG, "softmax")}
    refused = client.put("/api/v1/challenges/softmax", json={"files": files}, headers=admin)
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == (
        "folder_challenge")


def test_publishing_nothing_or_an_unknown_version_says_so(client, instructor, tiny_files):
    _create(client, instructor, tiny_files)
    unknown = client.post(f"/api/v1/challenges/{SLUG}/publish", json={"version": 9},
                          headers=instructor)
    assert unknown.status_code == 404
    never = client.post(f"/api/v1/challenges/{SLUG}/publish", json={"version": 1},
                        headers=instructor)
    assert never.status_code == 409 and never.get_json()["error"]["code"] == "not_validated"


def test_a_slug_that_is_a_page_address_is_refused(client, instructor, tiny_files):
    toml = tiny_files["challenge.toml"].replace(f'slug = "{SLUG}"', 'slug = "new"')
    refused = _create(client, instructor, {**tiny_files, "challenge.toml": toml})
    assert refused.status_code == 422
    assert refused.get_json()["error"]["problems"][0]["line"] == 1
