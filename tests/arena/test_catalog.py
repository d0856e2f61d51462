"""The catalog in the database: synced from folders, one version per content hash."""

import shutil
from pathlib import Path

import pytest
from sqlalchemy import func, select

from arena.errors import NotFound
from arena.extensions import db
from arena.models import Challenge, ChallengeVersion
from arena.sandbox import get_sandbox
from arena.services.catalog import (
    get_challenge,
    list_challenges,
    prepare_pending,
    prepare_version,
    spec_from_json,
    spec_to_json,
    sync_catalog,
    version_spec,
)
from graders import PrepareError, load_catalog


@pytest.fixture
def folder(app, tmp_path) -> Path:
    """Copy two real challenges into a catalog folder the test may change."""
    root = tmp_path / "catalog"
    for slug in ("softmax", "scaled-scores"):
        shutil.copytree(Path(app.config["CHALLENGES_DIR"]) / slug, root / slug)
    return root


def _versions() -> int:
    return db.session.scalar(select(func.count()).select_from(ChallengeVersion))


def test_sync_creates_challenges_with_a_current_version(app, folder):
    with app.app_context():
        synced = sync_catalog(folder)
        assert [c.slug for c in synced] == ["softmax", "scaled-scores"]
        softmax = get_challenge("softmax")
        assert softmax.title["ko"] == "소프트맥스" and softmax.entry_point == "softmax"
        version = softmax.current_version
        assert version.statement["en"].strip() and version.starter.strip()
        assert version.prepared is None and _versions() == 2


def test_resync_of_unchanged_folders_adds_no_version(app, folder):
    with app.app_context():
        sync_catalog(folder)
        sync_catalog(folder)
        assert _versions() == 2


def test_changed_folder_becomes_the_current_version(app, folder):
    with app.app_context():
        old = sync_catalog(folder)[0].current_version
        (folder / "softmax" / "statement.en.md").write_text("New words.\n", encoding="utf-8")
        new = sync_catalog(folder)[0].current_version
        assert new.id != old.id and new.content_hash != old.content_hash
        assert get_challenge("softmax").current_version.statement["en"] == "New words.\n"
        assert _versions() == 3


def test_removed_folder_retires_its_challenge(app, folder):
    with app.app_context():
        sync_catalog(folder)
        shutil.rmtree(folder / "scaled-scores")
        sync_catalog(folder)
        assert [c.slug for c in list_challenges()] == ["softmax"]
        with pytest.raises(NotFound):
            get_challenge("scaled-scores")
        assert db.session.scalar(select(Challenge).where(Challenge.slug == "scaled-scores"))


def test_spec_survives_the_database(app, folder):
    for spec in load_catalog(folder):
        assert spec_from_json(spec_to_json(spec)) == spec
    with app.app_context():
        sync_catalog(folder)
        db.session.expire_all()
        stored = version_spec(get_challenge("softmax").current_version)
    assert stored == load_catalog(folder)[0]


@pytest.mark.sandbox
def test_prepare_version_stores_the_cases_once(app, folder):
    with app.app_context():
        version = sync_catalog(folder)[0].current_version
        prepared = prepare_version(version, get_sandbox(app))
        assert prepared.content_hash == version.content_hash
        assert prepared.public_examples() and version.prepared is not None
        assert prepare_version(version, get_sandbox(app)).to_json() == prepared.to_json()


@pytest.mark.sandbox
def test_prepare_error_is_stored_on_the_version(app, folder):
    (folder / "softmax" / "reference.py").write_text(
        "def softmax(row):\n    raise ValueError('broken')\n", encoding="utf-8")
    with app.app_context():
        version = sync_catalog(folder)[0].current_version
        with pytest.raises(PrepareError):
            prepare_version(version, get_sandbox(app))
        assert version.prepared is None and "softmax" in version.prepare_error


@pytest.mark.sandbox
def test_prepare_pending_prepares_every_current_version(app, folder):
    with app.app_context():
        sync_catalog(folder)
        while prepare_pending(get_sandbox(app)):
            pass
        assert all(c.current_version.prepared for c in list_challenges())
