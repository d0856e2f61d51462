"""The challenge catalog in the database: synced from challenge folders, listed for learners.

Syncing never publishes unproven work: a new or changed folder becomes its challenge's draft,
to be published by the first validation that finds it valid (`arena.jobs.validation`);
a broken folder is reported and skipped, and the version learners see stays live.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import ColumnElement, select, true
from sqlalchemy.orm import joinedload, selectinload

from arena.errors import NotFound
from arena.extensions import db
from arena.models import Challenge, ChallengeVersion, Origin, User
from arena.services.lane_requests import request_validation
from arena.services.versions import challenge_spec, make_draft, publish, store_version
from arena.services.visibility import listed_for, open_to_course, seen_by
from graders.authoring.record import read_record
from graders.challenge.spec import (
    ChallengeSpec,
    challenge_folders,
    in_catalog_order,
    load_files,
    tracks_of,
)
from graders.files.folder import folder_files
from graders.problems import ChallengeProblems, Problem


@dataclass
class SyncReport:
    """What a sync did with each folder."""

    published: list[str] = field(default_factory=list)  # live now, without a validation to wait
    unchanged: list[str] = field(default_factory=list)
    pending: list[ChallengeVersion] = field(default_factory=list)  # drafts being validated
    invalid: list[str] = field(default_factory=list)  # drafts a validation already refused
    broken: dict[str, list[Problem]] = field(default_factory=dict)  # folder -> its problems


def _sync_folder(spec: ChallengeSpec, files: dict[str, bytes], report: SyncReport,
                 recorded: dict[str, str]) -> None:
    """Store one loaded folder as its challenge's draft, or publish it if proven before:
    published once already, validated in this database, or named by the validation record."""
    challenge = db.session.scalar(select(Challenge).where(Challenge.slug == spec.slug))
    if challenge is None:
        challenge = Challenge(slug=spec.slug, origin=Origin.FOLDER)
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
    loaded = {}
    for folder in challenge_folders(Path(root)):
        present.add(folder.name)
        try:
            files = folder_files(folder)
            loaded[folder.name] = load_files(files, folder.name), files
        except ChallengeProblems as exc:
            report.broken[folder.name] = exc.problems
    # In the order learners meet them: on a fresh start the lane prepares the first
    # challenges, whose pages are opened first, before the long cases of the last track.
    folder_of = {id(spec): name for name, (spec, _) in loaded.items()}
    for spec in in_catalog_order([spec for spec, _ in loaded.values()]):
        name = folder_of[id(spec)]
        try:
            _sync_folder(spec, loaded[name][1], report, recorded)
            db.session.commit()
        except ChallengeProblems as exc:
            db.session.rollback()
            report.broken[name] = exc.problems
    for challenge in db.session.scalars(select(Challenge).where(
            Challenge.active, Challenge.origin == Origin.FOLDER)):
        challenge.active = challenge.slug in present
    db.session.commit()
    return report


def published_challenges() -> list[Challenge]:
    """Return every published challenge, whoever may see it (the operator's view), in catalog
    order (their specs say it)."""
    return _in_order(true())


def list_challenges(viewer: User | None = None) -> list[Challenge]:
    """Return the published challenges the catalog lists to `viewer` (None: a visitor), in
    catalog order (arena.services.visibility says which)."""
    return _in_order(listed_for(viewer))


def _in_order(condition: ColumnElement[bool]) -> list[Challenge]:
    """Return the published challenges that meet `condition`, in catalog order."""
    published = {c.slug: c for c in db.session.scalars(
        select(Challenge).where(Challenge.active, Challenge.current_version_id.is_not(None),
                                condition)
        .options(selectinload(Challenge.current_version)))}
    specs = in_catalog_order([challenge_spec(c) for c in published.values()])
    return [published[spec.slug] for spec in specs]


def assignable_challenges(viewer: User, course_id: int) -> list[Challenge]:
    """Return the challenges listed to `viewer` that every member of the course may open."""
    return [c for c in list_challenges(viewer) if open_to_course(c, course_id)]


def track_titles(viewer: User | None = None) -> dict[str, dict[str, str]]:
    """Return each track's title by locale, as the challenges listed to `viewer` declare it."""
    return {name: track.title for name, track in
            tracks_of(challenge_spec(c) for c in list_challenges(viewer)).items()}


def get_challenge(slug: str, viewer: User | None = None) -> Challenge:
    """Return the published challenge `slug` if `viewer` (None: a visitor) may see it, or
    raise NotFound: drafts, and challenges private to courses the viewer is not in, are not
    found."""
    challenge = db.session.scalar(  # one query: every page and POST of a challenge asks
        select(Challenge).where(Challenge.slug == slug, seen_by(viewer))
        .options(joinedload(Challenge.current_version)))
    if challenge is None or not challenge.published:
        raise NotFound(f"no challenge called {slug!r}")
    return challenge
