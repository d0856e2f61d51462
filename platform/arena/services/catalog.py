"""The challenge catalog in the database: synced from challenge folders, versioned by hash."""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import select

from arena.errors import NotFound
from arena.extensions import db
from arena.models import Challenge, ChallengeVersion
from graders import ChallengeSpec, MutantSpec, Prepared, PrepareError, load_catalog, prepare
from graders.sandbox import Sandbox
from graders.spec import TRACKS

# Preparing runs authored code in the sandbox; one at a time per process is plenty.
_prepare_lock = threading.Lock()


def spec_to_json(spec: ChallengeSpec) -> dict[str, Any]:
    """Return a spec as JSON-ready data."""
    return dataclasses.asdict(spec)


def spec_from_json(data: dict[str, Any]) -> ChallengeSpec:
    """Rebuild a spec from `spec_to_json`'s output."""
    fields = dict(data)
    fields["tags"] = tuple(fields["tags"])
    fields["properties"] = tuple(fields["properties"])
    fields["hints"] = {loc: tuple(items) for loc, items in fields["hints"].items()}
    fields["mutants"] = tuple(MutantSpec(**m) for m in fields["mutants"])
    return ChallengeSpec(**fields)


def _version(challenge: Challenge, spec: ChallengeSpec) -> ChallengeVersion:
    """Return the challenge's version for this spec's content hash, creating it if new."""
    version = db.session.scalar(select(ChallengeVersion).where(
        ChallengeVersion.challenge_id == challenge.id,
        ChallengeVersion.content_hash == spec.content_hash))
    if version is None:
        version = ChallengeVersion(
            challenge=challenge, content_hash=spec.content_hash, statement=dict(spec.statement),
            starter=spec.starter, hints={k: list(v) for k, v in spec.hints.items()},
            entry_point=spec.entry_point, time_limit=spec.time_limit, memory_mb=spec.memory_mb,
            rtol=spec.rtol, atol=spec.atol, spec=spec_to_json(spec))
        db.session.add(version)
    return version


def _upsert(spec: ChallengeSpec) -> Challenge:
    """Create or update the challenge row of a spec and point it at the spec's version."""
    challenge = db.session.scalar(select(Challenge).where(Challenge.slug == spec.slug))
    if challenge is None:
        challenge = Challenge(slug=spec.slug)
        db.session.add(challenge)
    challenge.title = dict(spec.title)
    challenge.difficulty, challenge.track, challenge.order = spec.difficulty, spec.track, spec.order
    challenge.tags, challenge.entry_point = list(spec.tags), spec.entry_point
    challenge.active = True
    db.session.flush()
    challenge.current_version = _version(challenge, spec)
    return challenge


def sync_catalog(root: Path) -> list[Challenge]:
    """Load every challenge folder under `root` into the database; retire the ones gone."""
    challenges = [_upsert(spec) for spec in load_catalog(Path(root))]
    present = {c.slug for c in challenges}
    for challenge in db.session.scalars(select(Challenge).where(Challenge.active)):
        challenge.active = challenge.slug in present
    db.session.commit()
    return challenges


def list_challenges() -> list[Challenge]:
    """Return the active challenges in catalog order."""
    rows = db.session.scalars(select(Challenge).where(Challenge.active)).all()
    return sorted(rows, key=lambda c: (TRACKS.index(c.track) if c.track in TRACKS else 99,
                                       c.order, c.slug))


def get_challenge(slug: str) -> Challenge:
    """Return the active challenge `slug` with a current version, or raise NotFound."""
    challenge = db.session.scalar(select(Challenge).where(Challenge.slug == slug))
    if challenge is None or not challenge.active or challenge.current_version is None:
        raise NotFound(f"no challenge called {slug!r}")
    return challenge


def version_spec(version: ChallengeVersion) -> ChallengeSpec:
    """Return the spec a version was made from."""
    return spec_from_json(version.spec)


def prepared_data(version: ChallengeVersion) -> Prepared | None:
    """Return a version's prepared cases, or None before they are computed."""
    return Prepared.from_json(version.prepared) if version.prepared is not None else None


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
