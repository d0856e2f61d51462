"""The catalog in the database: synced from folders, one version per content hash."""

import shutil
from pathlib import Path

import pytest
from sqlalchemy import func, select

from arena.errors import NotFound
from arena.extensions import db
from arena.jobs.lane import run_next
from arena.jobs.preparation import prepare_version
from arena.jobs.sandbox import get_sandbox
from arena.models import Challenge, ChallengeVersion
from arena.services.authoring import import_challenge
from arena.services.catalog import get_challenge, list_challenges, sync_catalog, track_titles
from arena.services.versions import challenge_spec, publish, version_spec
from graders.authoring.record import RECORD
from graders.challenge.spec import load_catalog
from graders.files.folder import folder_files
from graders.grading.prepare import PrepareError


@pytest.fixture
def folder(app, tmp_path) -> Path:
    """Copy two real challenges, and the record of their validation, into a catalog folder
    the test may change."""
    root = tmp_path / "catalog"
    for slug in ("softmax", "scaled-scores"):
        shutil.copytree(Path(app.config["CHALLENGES_DIR"]) / slug, root / slug)
    shutil.copy(Path(app.config["CHALLENGES_DIR"]) / RECORD, root / RECORD)
    return root


def _versions() -> int:
    return db.session.scalar(select(func.count()).select_from(ChallengeVersion))


def test_sync_publishes_folders_the_validation_record_names(app, folder):
    with app.app_context():
        report = sync_catalog(folder)
        # In catalog order, not the folders' (on a fresh start the lane prepares the first
        # challenges first: it takes versions oldest first).
        assert report.published == ["softmax", "scaled-scores"] and not report.pending
        assert get_challenge("softmax").current_version_id \
            < get_challenge("scaled-scores").current_version_id
        softmax = get_challenge("softmax")
        spec = challenge_spec(softmax)
        assert spec.title["ko"] == "소프트맥스" and spec.entry_point == "softmax"
        version = softmax.current_version
        assert version_spec(version) is spec and spec.statement["en"].strip()
        assert version.prepared is None and version.number == 1 and _versions() == 2
        assert version.files == {path: data.decode() for path, data in
                                 folder_files(folder / "softmax").items()}


def test_resync_of_unchanged_folders_adds_no_version(app, folder):
    with app.app_context():
        sync_catalog(folder)
        report = sync_catalog(folder)
        assert report.unchanged == ["softmax", "scaled-scores"] and _versions() == 2


def test_a_changed_folder_waits_as_a_draft_until_validated(app, folder):
    with app.app_context():
        old = sync_catalog(folder) and get_challenge("softmax").current_version
        (folder / "softmax" / "statement.en.md").write_text("New words.\n", encoding="utf-8")
        report = sync_catalog(folder)
        [draft] = report.pending
        assert draft.content_hash != old.content_hash and draft.validation_status == "queued"
        assert draft.publish_when_valid and draft.number == 2
        live = get_challenge("softmax")
        assert live.current_version_id == old.id and live.draft_version_id == draft.id
        assert _versions() == 3


@pytest.mark.sandbox
def test_a_folder_is_published_by_the_validation_that_proves_it(app, folder, make_sandbox):
    (folder / "softmax" / "statement.en.md").write_text("New words.\n", encoding="utf-8")
    with app.app_context():
        report = sync_catalog(folder)
        assert [v.challenge.slug for v in report.pending] == ["softmax"]
        with pytest.raises(NotFound):
            get_challenge("softmax")  # never published: learners do not see it yet
        while run_next(make_sandbox("process")):
            pass
        softmax = get_challenge("softmax")
        assert version_spec(softmax.current_version).statement["en"] == "New words.\n"
        assert softmax.current_version.prepared is not None and softmax.draft_version is None


@pytest.mark.sandbox
def test_a_folder_that_fails_validation_is_not_published(app, folder, make_sandbox):
    with app.app_context():
        sync_catalog(folder)
        old = get_challenge("softmax").current_version_id
    (folder / "softmax" / "reference.py").write_text(
        "def softmax(row):\n    return [0.0 for _ in row]\n", encoding="utf-8")
    with app.app_context():
        sync_catalog(folder)
        while run_next(make_sandbox("process")):
            pass
        softmax = get_challenge("softmax")
        assert softmax.current_version_id == old
        assert softmax.draft_version.valid is False
        assert sync_catalog(folder).invalid == ["softmax"]  # not validated again, not published


def test_a_broken_folder_is_reported_and_skipped(app, folder):
    with app.app_context():
        sync_catalog(folder)
        toml = folder / "softmax" / "challenge.toml"
        toml.write_text(toml.read_text().replace('difficulty = "easy"\n', ""), encoding="utf-8")
        (folder / "half-written").mkdir()
        (folder / "half-written" / "starter.py").write_text("x = 1\n", encoding="utf-8")
        report = sync_catalog(folder)
        assert set(report.broken) == {"softmax", "half-written"}
        assert [str(p) for p in report.broken["softmax"]] == [
            "challenge.toml: difficulty must be one of easy, medium, hard"]
        assert any(p.file == "challenge.toml" for p in report.broken["half-written"])
        assert [c.slug for c in list_challenges()] == ["softmax", "scaled-scores"]


def test_removed_folder_retires_its_challenge(app, folder):
    with app.app_context():
        sync_catalog(folder)
        shutil.rmtree(folder / "scaled-scores")
        sync_catalog(folder)
        assert [c.slug for c in list_challenges()] == ["softmax"]
        with pytest.raises(NotFound):
            get_challenge("scaled-scores")
        assert db.session.scalar(select(Challenge).where(Challenge.slug == "scaled-scores"))


def test_tracks_are_described_by_their_first_challenge(app, catalog):
    with app.app_context():
        titles = track_titles()
    assert titles["foundations"] == {"en": "Foundations", "ko": "기초"}
    assert list(titles) == ["foundations", "internals", "modern", "gradients",
                            "efficiency"]


def test_spec_survives_the_database(app, folder):
    with app.app_context():
        sync_catalog(folder)
        db.session.expire_all()
        stored = version_spec(get_challenge("softmax").current_version)
    assert stored == load_catalog(folder)[0][0]


@pytest.mark.sandbox
def test_prepare_version_stores_the_cases_once(app, folder):
    with app.app_context():
        sync_catalog(folder)
        version = get_challenge("softmax").current_version
        prepared = prepare_version(version, get_sandbox(app))
        assert prepared.content_hash == version.content_hash
        assert prepared.public_examples() and version.prepared is not None
        assert prepare_version(version, get_sandbox(app)).to_json() == prepared.to_json()


@pytest.mark.sandbox
def test_prepare_error_is_stored_on_the_version(app, folder):
    (folder / "softmax" / "reference.py").write_text(
        "def softmax(row):\n    raise ValueError('broken')\n", encoding="utf-8")
    with app.app_context():
        [version] = sync_catalog(folder).pending
        with pytest.raises(PrepareError):
            prepare_version(version, get_sandbox(app))
        assert version.prepared is None and "softmax" in version.prepare_error


@pytest.mark.sandbox
def test_the_lane_prepares_every_current_version(app, folder):
    with app.app_context():
        sync_catalog(folder)
        while run_next(get_sandbox(app)):
            pass
        assert all(c.current_version.prepared for c in list_challenges())


def test_a_versions_spec_is_decoded_once_and_again_when_replaced(app, folder):
    with app.app_context():
        sync_catalog(folder)
        version = get_challenge("softmax").current_version
        decoded = version_spec(version)
        assert version_spec(version) is decoded
        version.spec = {**version.spec, "title": {"en": "Renamed"}}
        assert version_spec(version).title == {"en": "Renamed"}
        db.session.rollback()


def test_a_challenge_is_described_by_its_published_version_else_its_draft(app, tiny_files):
    def upload(title: str) -> ChallengeVersion:
        toml = tiny_files["challenge.toml"].replace('en = "Running maximum"', f'en = "{title}"')
        return import_challenge({path: text.encode() for path, text in
                                 {**tiny_files, "challenge.toml": toml}.items()}, None,
                                publish_when_valid=False)

    with app.app_context():
        first = upload("First")
        second = upload("Second")
        challenge = second.challenge
        assert challenge_spec(challenge).title["en"] == "Second"  # the draft's: not published
        second.validation_status, second.validation = "done", {"valid": True}
        publish(challenge, second)
        upload("Third")
        assert challenge_spec(challenge).title["en"] == "Second"  # the published version's
        assert version_spec(first).title["en"] == "First"
