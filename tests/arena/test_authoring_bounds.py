"""Authoring within bounds, through the API (SQLite, or ARENA_DATABASE_URL's PostgreSQL): the
caps on stored versions and drafts, with the superseded drafts nothing uses deleted to make
room and by age; an author's work in the lane capped (429); the lane's turns between
authors; a submission to an unprepared version unclaimable until the lane prepared it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from arena.cli import main
from arena.extensions import db
from arena.jobs import grading, lane
from arena.models import Challenge, ChallengeVersion, Kind, Submission, User
from arena.models.types import utcnow
from arena.services.retention import Retention, prune
from arena.services.submissions import create_submission
from arena.services.versions import publish
from graders.verdicts import Status

SLUG = "running-max"
CODE = "def running_max(row):\n    return list(row)\n"


@pytest.fixture
def app_config() -> dict:
    """Small caps, reached in a few uploads."""
    return {"MAX_VERSIONS_PER_CHALLENGE": 3, "MAX_DRAFTS_PER_AUTHOR": 3,
            "MAX_AUTHORING_PER_USER": 2}


def _files(tiny_files: dict[str, str], slug: str = SLUG, words: str = "") -> dict[str, str]:
    """The small challenge under `slug`, its statement ending with `words` (a new version)."""
    return {**tiny_files,
            "challenge.toml": tiny_files["challenge.toml"].replace(SLUG, slug),
            "statement.en.md": tiny_files["statement.en.md"] + words}


def _upload(client, headers, files, slug: str = SLUG):
    exists = client.get(f"/api/v1/challenges/{slug}/versions", headers=headers)
    if exists.status_code == 200:
        return client.put(f"/api/v1/challenges/{slug}", json={"files": files}, headers=headers)
    return client.post("/api/v1/challenges", json={"files": files}, headers=headers)


def _versions(client, headers, slug: str = SLUG) -> list[tuple[int, str]]:
    listed = client.get(f"/api/v1/challenges/{slug}/versions", headers=headers).get_json()
    return [(v["version"], v["status"]) for v in listed["versions"]]


def _pin(app, username: str, number: int, kind: str = Kind.SUBMISSION,
         status: str = Status.DONE) -> int:
    """Store `username`'s work pinned to version `number` (as a draft run once was)."""
    with app.app_context():
        version = db.session.scalar(select(ChallengeVersion).where(
            ChallengeVersion.number == number))
        user = db.session.scalar(select(User).where(User.username == username))
        work = create_submission(user, SLUG, CODE, kind, version=version)
        work.status = status
        db.session.commit()
        return work.id


def test_past_the_versions_cap_the_oldest_unused_drafts_go_and_then_uploads_are_refused(
        app, client, people, tiny_files):
    ivy = people["ivy"]
    assert _upload(client, ivy, _files(tiny_files)).status_code == 201
    run = _pin(app, "ivy", 1, Kind.RUN)  # a finished run on the draft: it goes with it
    assert _upload(client, ivy, _files(tiny_files, words="2")).status_code == 200
    _pin(app, "ivy", 2)  # a recorded submission: version 2 is kept
    for words in ("3", "4"):
        assert _upload(client, ivy, _files(tiny_files, words=words)).status_code == 200
    assert _versions(client, ivy) == [(4, "draft"), (3, "superseded"), (2, "superseded")]
    with app.app_context():
        assert db.session.get(Submission, run) is None
    assert _upload(client, ivy, _files(tiny_files, words="5")).status_code == 200
    assert _versions(client, ivy) == [(5, "draft"), (4, "superseded"), (2, "superseded")]

    with app.app_context():  # version 4 published, version 5 waiting for its validation
        challenge = db.session.scalar(select(Challenge).where(Challenge.slug == SLUG))
        four = db.session.scalar(select(ChallengeVersion).where(ChallengeVersion.number == 4))
        four.validation_status, four.validation = "done", {"valid": True}
        publish(challenge, four)
        db.session.commit()
    assert client.post(f"/api/v1/challenges/{SLUG}/validate", headers=ivy).status_code == 202
    refused = _upload(client, ivy, _files(tiny_files, words="6"))
    assert refused.status_code == 422, refused.get_json()
    error = refused.get_json()["error"]
    assert error["code"] == "too_many_versions"
    assert error["message"].startswith(
        "'running-max' would keep 4 versions, and a challenge keeps at most 3: ")
    assert _versions(client, ivy) == [(5, "draft"), (4, "published"), (2, "superseded")]


def test_past_the_drafts_cap_a_new_challenge_is_refused_and_a_replaced_draft_makes_room(
        client, people, tiny_files):
    ivy = people["ivy"]
    for slug in ("one", "two", "three"):
        assert _upload(client, ivy, _files(tiny_files, slug), slug).status_code == 201
    refused = _upload(client, ivy, _files(tiny_files, "four"), "four")
    assert refused.status_code == 422
    assert refused.get_json()["error"]["code"] == "too_many_drafts"
    assert refused.get_json()["error"]["message"].startswith(
        "you would keep 4 drafts (versions you uploaded, never published), and an author "
        "keeps at most 3: ")
    assert client.get("/api/v1/challenges/four/versions", headers=ivy).status_code == 404
    replaced = _upload(client, ivy, _files(tiny_files, "one", "again"), "one")
    assert replaced.status_code == 200  # the draft it replaced, used by nothing, made room
    assert _versions(client, ivy, "one") == [(2, "draft")]
    other = _upload(client, people["ian"], _files(tiny_files, "four"), "four")
    assert other.status_code == 201  # the cap is each author's


def test_prune_deletes_old_superseded_drafts_that_nothing_uses(app, client, people, tiny_files,
                                                              monkeypatch, tmp_path):
    ivy = people["ivy"]
    for words in ("", "2", "3"):
        _upload(client, ivy, _files(tiny_files, words=words))
    _pin(app, "ivy", 1)  # version 1 is used; version 2 is not
    with app.app_context():
        db.session.execute(update(ChallengeVersion).values(created_at=utcnow() - timedelta(40)))
        db.session.commit()
        assert prune(Retention(draft_days=50)).drafts == 0
    monkeypatch.setenv("ARENA_DATABASE_URL", app.config["DATABASE_URL"])
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    result = app.test_cli_runner().invoke(main, ["db", "prune"])
    assert result.exit_code == 0, result.output
    assert ("superseded drafts made over 30 days ago that nothing uses: 1 deleted (with the "
            "runs on them)") in result.output.splitlines()
    assert _versions(client, ivy) == [(3, "draft"), (1, "superseded")]


def test_an_authors_work_in_the_lane_is_capped(client, people, tiny_files):
    ivy = people["ivy"]
    for slug in ("one", "two", "three"):
        _upload(client, ivy, _files(tiny_files, slug), slug)
    for slug in ("one", "two"):
        assert client.post(f"/api/v1/challenges/{slug}/validate", headers=ivy).status_code == 202
    assert client.post("/api/v1/challenges/one/validate", headers=ivy).status_code == 202
    for refused in (client.post("/api/v1/challenges/three/validate", headers=ivy),
                    client.post("/api/v1/challenges/three/runs", headers=ivy,
                                json={"code": CODE, "version": "draft"})):
        assert refused.status_code == 429, refused.get_json()
        assert refused.get_json()["error"] == {
            "code": "too_many_pending",
            "message": "too much authoring in hand: 2 of your versions are being validated "
                       "or prepared, and an author may have at most 2; try again when one is "
                       "done"}
        assert int(refused.headers["Retry-After"]) == 30
    one_more = client.post("/api/v1/challenges/one/runs", headers=ivy,
                           json={"code": CODE, "version": "draft"})
    assert one_more.status_code in (200, 202)  # a version already in the lane adds no work


def test_the_lane_takes_turns_between_authors(app, client, people, tiny_files):
    ivy, ian = people["ivy"], people["ian"]
    for author, slug in ((ivy, "one"), (ivy, "two"), (ian, "three")):
        _upload(client, author, _files(tiny_files, slug), slug)
        client.post(f"/api/v1/challenges/{slug}/validate", headers=author)
    with app.app_context():
        drafts = {c.slug: c.draft_version_id for c in db.session.scalars(select(Challenge))}
        first = lane.claim_next()
        db.session.execute(update(ChallengeVersion).where(ChallengeVersion.id == first[1])
                           .values(validation_status="done", validation_lease_expires_at=None))
        db.session.commit()  # ivy's first is over; ian's turn still comes before her second
        claimed = [first, *(lane.claim_next() for _ in range(3))]
    assert claimed == [("validate", drafts["one"]), ("validate", drafts["three"]),
                       ("validate", drafts["two"]), None]


def test_a_submission_waits_unclaimable_until_its_version_is_prepared(app, client, people,
                                                                      tiny_files):
    ivy = people["ivy"]
    _upload(client, ivy, _files(tiny_files))
    ran = client.post(f"/api/v1/challenges/{SLUG}/runs", headers=ivy,
                      json={"code": CODE, "version": "draft"})
    assert ran.status_code == 202
    with app.app_context():
        version = db.session.scalar(select(ChallengeVersion))
        assert version.prepare_status == "queued"
        assert grading.claim_next() is None  # no grading worker takes it, nor prepares it
        assert lane.claim_next() == ("prepare", version.id)
        db.session.execute(update(ChallengeVersion).values(prepare_status="done",
                                                           prepare_error="it broke"))
        db.session.commit()
        assert grading.claim_next() == ran.get_json()["id"]  # it ends, as the platform's fault
