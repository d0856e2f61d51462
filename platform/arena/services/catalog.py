"""The challenge catalog in the database: synced from challenge folders, listed for learners.

Syncing never publishes unproven work: a new or changed folder becomes its challenge's draft,
to be published by the first validation that finds it valid (`arena.services.validation`);
a broken folder is reported and skipped, and the version learners see stays live.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from sqlalchemy import Text, select, type_coerce

from arena.errors import NotFound
from arena.extensions import db
from arena.models import Challenge, ChallengeVersion, Origin
from arena.services.validation import request_validation
from arena.services.versions import describe, make_draft, publish, store_version, version_spec
from graders import Prepared, PrepareError, prepare
from graders.authoring.bundle import folder_files
from graders.authoring.record import read_record
from graders.problems import ChallengeProblems, Problem
from graders.sandbox import Sandbox
from graders.spec import challenge_folders, in_catalog_order, load_files, tracks_of

# Preparing runs authored code in the sandbox; one at a time per process is plenty.
_prepare_lock = threading.Lock()


@dataclass
class SyncReport:
    """What a sync did with each folder."""

    published: list[str] = field(default_factory=list)  # live now, without a validation to wait
    unchanged: list[str] = field(default_factory=list)
    pending: list[ChallengeVersion] = field(default_factory=list)  # drafts being validated
    invalid: list[str] = field(default_factory=list)  # drafts a validation already refused
    broken: dict[str, list[Problem]] = field(default_factory=dict)  # folder -> its problems


def _sync_folder(folder: Path, report: SyncReport, recorded: dict[str, str]) -> None:
    """Load one folder as its challenge's draft, or publish it if proven before: published
    once already, validated in this database, or named by the validation record."""
    files = folder_files(folder)
    spec = load_files(files, folder.name)
    challenge = db.session.scalar(select(Challenge).where(Challenge.slug == spec.slug))
    if challenge is None:
        challenge = Challenge(slug=spec.slug, origin=Origin.FOLDER)
        describe(challenge, spec)
        db.session.add(challenge)
        db.session.flush()
    elif challenge.origin != Origin.FOLDER:
        raise ChallengeProblems([Problem("an authored challenge already has this slug; "
                                         "rename the folder and its slug", "challenge.toml")])
    challenge.active = True
    version = store_version(challenge, spec, files)
    if version.id == challenge.current_version_id:
        report.unchanged.append(spec.slug)
    elif (version.published_at is not None or version.valid
          or recorded.get(spec.slug) == spec.content_hash):
        publish(challenge, version, proven=True)
        report.published.append(spec.slug)
    else:
        make_draft(challenge, version)
        version.publish_when_valid = True
        if version.valid is False:
            report.invalid.append(spec.slug)
        else:
            if version.validation_status is None:
                request_validation(version)
            report.pending.append(version)


def sync_catalog(root: Path) -> SyncReport:
    """Load every challenge folder under `root`; retire the folders' challenges that are gone.

    Each folder is its own transaction: one broken folder never undoes or stops the others.
    """
    report = SyncReport()
    present = set()
    recorded = read_record(Path(root))
    for folder in challenge_folders(Path(root)):
        present.add(folder.name)
        try:
            _sync_folder(folder, report, recorded)
            db.session.commit()
        except ChallengeProblems as exc:
            db.session.rollback()
            report.broken[folder.name] = exc.problems
    for challenge in db.session.scalars(select(Challenge).where(
            Challenge.active, Challenge.origin == Origin.FOLDER)):
        challenge.active = challenge.slug in present
    db.session.commit()
    return report


def list_challenges() -> list[Challenge]:
    """Return the published challenges in catalog order."""
    return in_catalog_order(list(db.session.scalars(select(Challenge).where(
        Challenge.active, Challenge.current_version_id.is_not(None)))))


def track_titles() -> dict[str, dict[str, str]]:
    """Return each published track's title by locale, as its challenges declare it."""
    return {name: track.title for name, track in tracks_of(list_challenges()).items()}


def get_challenge(slug: str) -> Challenge:
    """Return the published challenge `slug`, or raise NotFound (drafts are not found)."""
    challenge = db.session.scalar(select(Challenge).where(Challenge.slug == slug))
    if challenge is None or not challenge.published:
        raise NotFound(f"no challenge called {slug!r}")
    return challenge


def prepared_data(version: ChallengeVersion) -> Prepared | None:
    """Return a version's prepared cases, or None before they are computed.

    Every grading reads them: the stored text is decoded once per process (a tenth of a
    grading's CPU otherwise), keyed by the text itself, so a changed row is never missed."""
    raw = db.session.scalar(select(type_coerce(ChallengeVersion.prepared, Text))
                            .where(ChallengeVersion.id == version.id))
    return _decoded_prepared(raw) if raw is not None else None


@lru_cache(maxsize=64)
def _decoded_prepared(raw: str) -> Prepared:
    return Prepared.from_json(json.loads(raw))


def prepare_version(version: ChallengeVersion, sandbox: Sandbox) -> Prepared:
    """Compute and store a version's cases once; raise PrepareError when its code fails."""
    with _prepare_lock:
        db.session.refresh(version)
        if version.prepared is None:
            try:
                version.prepared = prepare(version_spec(version), sandbox).to_json()
                version.prepare_error = None
            except Exception as exc:  # kept for authors; the next submission tries again
                db.session.rollback()
                version.prepare_error = f"{type(exc).__name__}: {exc}"
                db.session.commit()
                raise
            db.session.commit()
    return prepared_data(version)


def prepare_pending(sandbox: Sandbox) -> bool:
    """Prepare one current version that has neither data nor an error; tell whether one was."""
    is_current = Challenge.current_version_id == ChallengeVersion.id
    version = db.session.scalar(
        select(ChallengeVersion).join(Challenge, is_current)
        .where(Challenge.active, ChallengeVersion.prepared.is_(None),
               ChallengeVersion.prepare_error.is_(None)).limit(1))
    if version is None:
        return False
    try:
        prepare_version(version, sandbox)
    except PrepareError:
        pass  # the error is stored on the version, which keeps it from being retried here
    return True
