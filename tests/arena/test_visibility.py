"""Who sees an authored challenge, by its visibility: the API's access matrix per role
(a visitor, a student in and out of the author's course, the author, another instructor, a
co-instructor of the author's course, an admin), the catalog's listing, and assignments."""

from __future__ import annotations

import pytest

SLUG = "running-max"
#: The people of tests/arena/conftest.py: ivy writes the challenge and teaches a course that
#: sam joins; zed is a student of no course of hers, ian an instructor of none, ada an admin.
SEERS_OF_COURSE = {"ivy", "sam", "ada"}
EVERYONE = ("anonymous", "ivy", "ian", "sam", "zed", "ada")


@pytest.fixture
def app_config() -> dict:
    """Runs and submissions answer 202 at once: no worker grades them, only who may is tested."""
    return {"RUN_WAIT_SECONDS": 0}


@pytest.fixture
def course(client, people) -> int:
    """Ivy's course, which sam joined; return its id."""
    made = client.post("/api/v1/courses", json={"title": "Attention 101"}, headers=people["ivy"])
    assert made.status_code == 201
    joined = client.post("/api/v1/courses/join", json={"code": made.json["join_code"]},
                         headers=people["sam"])
    assert joined.status_code == 200
    return made.json["id"]


@pytest.fixture
def author(client, people, tiny_files, course, publish_draft):
    """Return a function that has ivy write the challenge with a visibility (None: the API's
    default) and publishes it as a valid validation would."""

    def write(visibility: str | None) -> dict:
        body = {"files": tiny_files}
        if visibility is not None:
            body["visibility"] = visibility
        created = client.post("/api/v1/challenges", json=body, headers=people["ivy"])
        assert created.status_code == 201, created.json
        publish_draft(SLUG)
        return created.json

    return write


def _as(people, who: str) -> dict:
    return {} if who == "anonymous" else people[who]


def _listed(client, people, who: str) -> bool:
    listing = client.get("/api/v1/challenges", headers=_as(people, who))
    assert listing.status_code == 200
    slugs = [c["slug"] for c in listing.json["challenges"]]
    assert len(slugs) == len(set(slugs))
    return SLUG in slugs


def test_a_new_challenge_is_private_to_its_authors_courses_unless_it_says(author):
    assert author(None)["visibility"] == "course"


@pytest.mark.parametrize("who", EVERYONE)
def test_a_course_challenge_is_seen_by_the_authors_courses_only(client, people, author, who):
    author("course")
    sees = who in SEERS_OF_COURSE
    headers = _as(people, who)
    assert _listed(client, people, who) is sees
    shown = client.get(f"/api/v1/challenges/{SLUG}", headers=headers)
    assert shown.status_code == (200 if sees else 404)
    if sees:
        assert shown.json["visibility"] == "course"
    else:  # the refusal says no more than for a slug that never existed
        never = client.get("/api/v1/challenges/no-such-challenge", headers=headers)
        assert shown.json["error"]["message"].replace(SLUG, "no-such-challenge") \
            == never.json["error"]["message"]
    code = {"code": "def running_max(row):\n    return row\n"}
    for path in (f"/api/v1/challenges/{SLUG}/submissions", f"/api/v1/challenges/{SLUG}/runs"):
        sent = client.post(path, json=code, headers=headers)
        assert sent.status_code == (401 if who == "anonymous" else 202 if sees else 404), path
    if who != "anonymous":
        draft = client.put(f"/api/v1/challenges/{SLUG}/draft", json=code, headers=headers)
        assert draft.status_code == (200 if sees else 404)
        editorial = client.get(f"/api/v1/challenges/{SLUG}/editorial", headers=headers)
        assert editorial.status_code in ({200, 403} if sees else {404})


def test_an_instructor_who_may_not_see_it_is_told_it_does_not_exist(client, people, author,
                                                                     tiny_files):
    author("course")
    for method, path, body in (("PUT", f"/api/v1/challenges/{SLUG}", {"files": tiny_files}),
                               ("GET", f"/api/v1/challenges/{SLUG}/versions", None),
                               ("GET", f"/api/v1/challenges/{SLUG}/export", None)):
        answer = client.open(path, method=method, json=body, headers=people["ian"])
        assert answer.status_code == 404, (method, path)


def test_a_co_instructor_of_the_authors_course_sees_it(client, people, author, course):
    author("course")
    added = client.post(f"/api/v1/courses/{course}/instructors", json={"username": "ian"},
                        headers=people["ivy"])
    assert added.status_code in (200, 201)
    assert _listed(client, people, "ian")
    assert client.get(f"/api/v1/challenges/{SLUG}", headers=people["ian"]).status_code == 200


def test_leaving_the_course_takes_the_challenge_away(client, people, author, course):
    author("course")
    removed = client.delete(f"/api/v1/courses/{course}/members/sam", headers=people["ivy"])
    assert removed.status_code == 204
    assert not _listed(client, people, "sam")
    assert client.get(f"/api/v1/challenges/{SLUG}", headers=people["sam"]).status_code == 404


def test_an_archived_course_shows_only_the_challenges_its_assignments_used(
        client, people, author, course, tiny_files, publish_draft):
    author("course")
    assert _assign(client, people, "ivy", course).status_code == 201
    assert client.post(f"/api/v1/courses/{course}/archive",
                       headers=people["ivy"]).status_code == 200
    later = "running-min"  # written for a later term, while this course is archived
    files = {**tiny_files, "challenge.toml": tiny_files["challenge.toml"].replace(SLUG, later)}
    assert client.post("/api/v1/challenges", json={"files": files},
                       headers=people["ivy"]).status_code == 201
    publish_draft(later)
    assert client.get(f"/api/v1/challenges/{SLUG}", headers=people["sam"]).status_code == 200
    assert client.get(f"/api/v1/challenges/{later}", headers=people["ivy"]).status_code == 200
    assert client.get(f"/api/v1/challenges/{later}", headers=people["sam"]).status_code == 404
    assert client.post(f"/api/v1/courses/{course}/unarchive",
                       headers=people["ivy"]).status_code == 200
    assert client.get(f"/api/v1/challenges/{later}", headers=people["sam"]).status_code == 200


@pytest.mark.parametrize("who", EVERYONE)
def test_an_unlisted_challenge_opens_by_its_link_and_is_never_listed(client, people, author,
                                                                     who):
    author("unlisted")
    assert not _listed(client, people, who)
    shown = client.get(f"/api/v1/challenges/{SLUG}", headers=_as(people, who))
    assert shown.status_code == 200
    assert shown.json["visibility"] == "unlisted"


@pytest.mark.parametrize("who", EVERYONE)
def test_a_public_challenge_is_listed_to_everyone(client, people, author, who):
    author("public")
    assert _listed(client, people, who)


def test_the_author_changes_the_visibility_with_the_draft(client, people, author, tiny_files):
    assert author("course")["visibility"] == "course"
    assert not _listed(client, people, "anonymous")
    changed = client.put(f"/api/v1/challenges/{SLUG}",
                         json={"files": tiny_files, "visibility": "public"},
                         headers=people["ivy"])
    assert changed.status_code == 200
    assert changed.json["visibility"] == "public"
    assert _listed(client, people, "anonymous")  # at once: the published version stays
    kept = client.put(f"/api/v1/challenges/{SLUG}", json={"files": tiny_files},
                      headers=people["ivy"])
    assert kept.json["visibility"] == "public"
    files = client.get(f"/api/v1/challenges/{SLUG}/files", headers=people["ivy"])
    assert files.json["visibility"] == "public"


def test_an_unknown_visibility_is_refused(client, people, tiny_files):
    refused = client.post("/api/v1/challenges",
                          json={"files": tiny_files, "visibility": "secret"},
                          headers=people["ivy"])
    assert refused.status_code == 422
    assert client.get(f"/api/v1/challenges/{SLUG}/files",
                      headers=people["ivy"]).status_code == 404


def test_the_repositorys_challenges_stay_public(client, catalog):
    listed = client.get("/api/v1/challenges").json["challenges"]
    assert {c["slug"] for c in listed} == set(catalog)
    assert {c["visibility"] for c in listed} == {"public"}


def _assign(client, people, who: str, course_id: int):
    return client.post(f"/api/v1/courses/{course_id}/assignments", headers=people[who], json={
        "title": "Week 1", "challenges": [SLUG], "opens_at": "2026-01-01T00:00:00+00:00",
        "due_at": "2026-02-01T00:00:00+00:00"})


def test_only_the_authors_courses_assign_a_course_challenge(client, people, author, course):
    author("course")
    assert _assign(client, people, "ivy", course).status_code == 201
    theirs = client.post("/api/v1/courses", json={"title": "Ian's"}, headers=people["ian"])
    assert _assign(client, people, "ian", theirs.json["id"]).status_code == 404
    client.post(f"/api/v1/courses/{course}/instructors", json={"username": "ian"},
                headers=people["ivy"])
    refused = _assign(client, people, "ian", theirs.json["id"])  # ian sees it; his students not
    assert refused.status_code == 422
    assert "private to its author's courses" in refused.json["error"]["message"]
