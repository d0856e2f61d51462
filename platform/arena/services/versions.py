"""A challenge's versions: stored once per content, made the draft, published, rolled back.

The only way a version reaches learners is `publish`, and it refuses a version that no
finished validation proved valid, unless that version was published before (a rollback).
"""

from __future__ import annotations

from sqlalchemy import func, inspect, select

from arena.errors import Conflict
from arena.extensions import db
from arena.models import Challenge, ChallengeVersion, VersionState
from arena.models.types import utcnow
from graders.challenge.spec import ChallengeSpec


def version_spec(version: ChallengeVersion) -> ChallengeSpec:
    """Return the spec a version was made from: every fact of the version is read here,
    decoded once per loaded row (again only if its JSON is replaced)."""
    cache = inspect(version).info
    decoded = cache.get("spec")
    if decoded is None or decoded[0] is not version.spec:
        decoded = cache["spec"] = (version.spec, ChallengeSpec.from_json(version.spec))
    return decoded[1]


def challenge_spec(challenge: Challenge) -> ChallengeSpec:
    """Return what describes a challenge (its title, track, difficulty...): its published
    version's spec, else its draft's."""
    return version_spec(challenge.current_version or challenge.draft_version)


def store_version(challenge: Challenge, spec: ChallengeSpec, files: dict[str, bytes],
                  author_id: int | None = None) -> ChallengeVersion:
    """Return the challenge's version with exactly these files, made (numbered next) if new."""
    texts = {path: data.decode("utf-8") for path, data in files.items()}
    version = db.session.scalar(select(ChallengeVersion).where(
        ChallengeVersion.challenge_id == challenge.id,
        ChallengeVersion.content_hash == spec.content_hash))
    if version is not None:
        version.files = version.files or texts  # versions stored before files were kept
        return version
    number = db.session.scalar(select(func.max(ChallengeVersion.number)).where(
        ChallengeVersion.challenge_id == challenge.id)) or 0
    version = ChallengeVersion(
        challenge=challenge, number=number + 1, content_hash=spec.content_hash, files=texts,
        spec=spec.to_json(), author_id=author_id)
    db.session.add(version)
    db.session.flush()
    return version


def make_draft(challenge: Challenge, version: ChallengeVersion) -> None:
    """Make `version` the challenge's one draft (none, when it is the published version)."""
    challenge.draft_version = None if version.id == challenge.current_version_id else version


def publish(challenge: Challenge, version: ChallengeVersion, proven: bool = False) -> None:
    """Make `version` what learners see: a validated draft, a version published before, or
    (`proven`) a folder's content that the validation record names."""
    if version.published_at is None and not version.valid and not proven:
        raise Conflict(f"version {version.number} of {challenge.slug!r} has no finished, valid "
                       "validation: validate it, fix what it finds, then publish",
                       code="not_validated")
    challenge.current_version = version
    challenge.active = True
    version.published_at = version.published_at or utcnow()
    if challenge.draft_version_id == version.id:
        challenge.draft_version = None


def versions_of(challenge: Challenge) -> list[ChallengeVersion]:
    """Return every version of a challenge, newest first."""
    return list(db.session.scalars(select(ChallengeVersion).where(
        ChallengeVersion.challenge_id == challenge.id).order_by(ChallengeVersion.number.desc())))


#: How a request names a version: `draft`, `published`, or its number.
VERSION = r"draft|published|[1-9][0-9]{0,8}"


def find_version(challenge: Challenge, which: str | None) -> ChallengeVersion | None:
    """Return the version named `which`: "draft", "published", a number, or (None) the draft
    if there is one, else the published version."""
    if which in (None, ""):
        return challenge.draft_version or challenge.current_version
    if which == VersionState.DRAFT:
        return challenge.draft_version
    if which == VersionState.PUBLISHED:
        return challenge.current_version
    if not str(which).isdigit():
        return None
    return db.session.scalar(select(ChallengeVersion).where(
        ChallengeVersion.challenge_id == challenge.id, ChallengeVersion.number == int(which)))
