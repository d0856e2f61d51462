"""Authoring through the API and the pages: who may manage a challenge, drafts made from
uploaded files, and the instructor's overview.

Instructors manage the challenges they created, admins every challenge; a challenge loaded
from a folder is changed in its folder (and `arena challenges sync`), not here. Someone
else's never-published draft is not found, so that its existence does not leak. What one
challenge and one author keep is capped: past a cap, a new version deletes the oldest
superseded drafts that nothing uses, and is refused (422) only when that makes no room.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app
from sqlalchemy import ColumnElement, case, distinct, func, select

from arena.errors import Conflict, Forbidden, InvalidChallenge, NotFound, OverLimit
from arena.extensions import db
from arena.models import (
    Challenge,
    ChallengeVersion,
    Kind,
    Origin,
    Role,
    Submission,
    User,
    Visibility,
)
from arena.services.lane_requests import refuse_past_cap, request_validation
from arena.services.retention import delete_drafts
from arena.services.versions import (
    challenge_spec,
    find_version,
    make_draft,
    publish,
    store_version,
)
from arena.services.visibility import AUTHORED_DEFAULT, may_see
from graders.challenge.spec import ChallengeSpec, load_files
from graders.files.archive import write_archive
from graders.problems import ChallengeProblems
from graders.verdicts import Verdict


def require_author(user: User) -> None:
    """Refuse anyone who is not an instructor or an admin."""
    if user.role not in (Role.INSTRUCTOR, Role.ADMIN):
        raise Forbidden("only instructors and admins author challenges")


def challenge_named(slug: str) -> Challenge:
    """Return the challenge `slug`, published or not (the operator's view), or raise NotFound."""
    challenge = db.session.scalar(select(Challenge).where(Challenge.slug == slug))
    if challenge is None:
        raise NotFound(f"no challenge called {slug!r}")
    return challenge


def manageable(user: User, slug: str) -> Challenge:
    """Return the challenge `slug` if `user` may manage it; else 403, or 404 for a draft or a
    challenge `user` may not see (arena.services.visibility)."""
    require_author(user)
    challenge = challenge_named(slug)
    if user.role == Role.ADMIN or challenge.owner_id == user.id:
        return challenge
    if not challenge.published or not may_see(user, challenge):
        raise NotFound(f"no challenge called {slug!r}")
    raise Forbidden(f"{slug!r} is not yours to manage")


def draft_of(user: User, slug: str) -> ChallengeVersion:
    """Return the draft of a challenge `user` manages, or raise NotFound."""
    challenge = manageable(user, slug)
    if challenge.draft_version is None:
        raise NotFound(f"{slug!r} has no draft")
    return challenge.draft_version


def named_version(challenge: Challenge, which: str | None) -> ChallengeVersion:
    """Return the version `which` names (arena.services.versions.find_version), or NotFound."""
    version = find_version(challenge, which)
    if version is None:
        raise NotFound(f"{challenge.slug!r} has no version {which or 'yet'}")
    return version


def archive_of(version: ChallengeVersion) -> bytes:
    """Return a version's folder as a .tar.gz, byte for byte as it was uploaded."""
    files = {path: text.encode("utf-8") for path, text in (version.files or {}).items()}
    return write_archive(files, version.challenge.slug)


def validate_draft(user: User, slug: str) -> ChallengeVersion:
    """Queue a validation of the draft of a challenge `user` manages: 409 without a draft,
    429 past the author's work in hand (ARENA_MAX_AUTHORING_PER_USER)."""
    challenge = manageable(user, slug)
    draft = challenge.draft_version
    if draft is None:
        raise Conflict(f"{slug!r} has no draft to validate", code="no_draft")
    refuse_past_cap(draft)
    request_validation(draft)
    db.session.commit()
    return draft


def validated_version(user: User, slug: str, which: str | None) -> ChallengeVersion:
    """Return the version `which` of a challenge `user` manages, read afresh, if it was ever
    validated; else NotFound."""
    version = named_version(manageable(user, slug), which)
    db.session.refresh(version)
    if version.validation_status is None:
        raise NotFound(f"version {version.number} of {slug!r} was never validated; POST "
                       f"/challenges/{slug}/validate")
    return version


def publish_version(user: User, slug: str, number: int | None = None) -> ChallengeVersion:
    """Publish the draft of a challenge `user` manages (409 unless validated), or roll back
    to its earlier version `number`."""
    challenge = manageable(user, slug)
    if number is not None:
        version = named_version(challenge, str(number))
    elif challenge.draft_version is None:
        raise Conflict(f"{slug!r} has no draft to publish", code="no_draft")
    else:
        version = challenge.draft_version
    publish(challenge, version)
    db.session.commit()
    return version


def _spec(files: dict[str, bytes]) -> ChallengeSpec:
    """Read uploaded files into a spec, or refuse them with every problem (422)."""
    try:
        return load_files(files)
    except ChallengeProblems as exc:
        raise InvalidChallenge(exc.problems) from None


def create_challenge(user: User, files: dict[str, bytes],
                     visibility: Visibility | None = None) -> ChallengeVersion:
    """Make a new challenge from uploaded files: owned by `user`, its first version a draft,
    seen as `visibility` says once published (by default: by its author's courses only)."""
    require_author(user)
    spec = _spec(files)
    if db.session.scalar(select(Challenge.id).where(Challenge.slug == spec.slug)) is not None:
        raise Conflict(f"a challenge called {spec.slug!r} exists: PUT its draft instead",
                       code="exists")
    challenge = Challenge(slug=spec.slug, origin=Origin.AUTHORED, owner_id=user.id, active=True,
                          visibility=visibility or AUTHORED_DEFAULT)
    db.session.add(challenge)
    db.session.flush()
    return _draft(challenge, spec, files, user.id)


def replace_draft(user: User, slug: str, files: dict[str, bytes],
                  visibility: Visibility | None = None) -> ChallengeVersion:
    """Make uploaded files the draft of `slug` (the earlier draft is kept, superseded); a
    `visibility` given applies to the challenge at once, published or not."""
    challenge = manageable(user, slug)
    if visibility is not None and challenge.origin == Origin.AUTHORED:
        challenge.visibility = visibility
    return _replace(challenge, files, user.id)


def import_challenge(files: dict[str, bytes], owner: User | None,
                     publish_when_valid: bool) -> ChallengeVersion:
    """The operator's import: a new challenge (owned by `owner`, or by no one: admins manage
    it), or a new draft of an authored one; its validation queued, to publish it when valid
    if `publish_when_valid`."""
    version = _imported(files, owner)
    request_validation(version)
    version.publish_when_valid = publish_when_valid
    db.session.commit()
    return version


def _imported(files: dict[str, bytes], owner: User | None) -> ChallengeVersion:
    """Store imported files as a new challenge's first draft, or an authored one's draft."""
    spec = _spec(files)
    challenge = db.session.scalar(select(Challenge).where(Challenge.slug == spec.slug))
    if challenge is not None:
        return _replace(challenge, files, owner.id if owner else None)
    challenge = Challenge(slug=spec.slug, origin=Origin.AUTHORED, active=True,
                          owner_id=owner.id if owner else None)
    db.session.add(challenge)
    db.session.flush()
    return _draft(challenge, spec, files, challenge.owner_id)


def _replace(challenge: Challenge, files: dict[str, bytes],
             author_id: int | None) -> ChallengeVersion:
    """Make files the draft of an authored challenge; its slug never changes."""
    if challenge.origin == Origin.FOLDER:
        raise Conflict(f"{challenge.slug!r} comes from a folder: change the folder and run "
                       "`arena challenges sync`", code="folder_challenge")
    spec = _spec(files)
    if spec.slug != challenge.slug:
        raise Conflict(f"challenge.toml says slug {spec.slug!r}, not {challenge.slug!r}; a "
                       "slug never changes", code="slug_mismatch")
    return _draft(challenge, spec, files, author_id)


def _draft(challenge: Challenge, spec: ChallengeSpec, files: dict[str, bytes],
           author_id: int | None) -> ChallengeVersion:
    """Store the files as a version and make it the challenge's draft, within the caps."""
    version = store_version(challenge, spec, files, author_id)
    make_draft(challenge, version)
    db.session.flush()
    _within(current_app.config["MAX_VERSIONS_PER_CHALLENGE"], "too_many_versions",
            f"{challenge.slug!r} would keep {{count}} versions, and a challenge keeps at most "
            "{limit}", ChallengeVersion.challenge_id == challenge.id)
    if author_id is not None:  # the operator's (no author) are capped per challenge only
        _within(current_app.config["MAX_DRAFTS_PER_AUTHOR"], "too_many_drafts",
                "you would keep {count} drafts (versions you uploaded, never published), and "
                "an author keeps at most {limit}",
                ChallengeVersion.author_id == author_id, ChallengeVersion.published_at.is_(None))
    db.session.commit()
    return version


def _within(limit: int, code: str, said: str, *scope: ColumnElement[bool]) -> None:
    """Keep at most `limit` versions in `scope` by deleting its oldest superseded drafts; if
    that is not enough, undo the upload and raise OverLimit saying `said` with the numbers."""
    count = db.session.scalar(select(func.count()).select_from(ChallengeVersion).where(*scope))
    if count > limit:
        count -= delete_drafts(*scope, most=count - limit)
    if count > limit:
        db.session.rollback()
        raise OverLimit(said.format(count=count, limit=limit) + ": the superseded drafts "
                        "nothing uses were deleted to make room, and each of the others is "
                        "published, a draft, in use or being validated", code)


@dataclass
class AuthoredRow:
    """One challenge on the instructor's overview."""

    slug: str
    title: dict[str, str]
    visibility: Visibility
    published_version: int | None
    draft_version: int | None
    valid: bool | None  # the draft's latest finished validation (None: none, or unfinished)
    attempts: int  # learners' recorded submissions
    learners: int  # learners who submitted
    solved: int  # learners with an accepted submission

    @property
    def solve_rate(self) -> float | None:
        """Return the share of learners who solved it (None before anyone tried)."""
        return self.solved / self.learners if self.learners else None


def authored_challenges(user: User) -> list[AuthoredRow]:
    """Return the challenges `user` manages (an admin: all), with their state and use."""
    require_author(user)
    query = select(Challenge).order_by(Challenge.slug)
    if user.role != Role.ADMIN:
        query = query.where(Challenge.owner_id == user.id)
    challenges = list(db.session.scalars(query))
    use = _use([c.id for c in challenges])
    return [AuthoredRow(
        c.slug, challenge_spec(c).title, c.visibility,
        c.current_version.number if c.current_version else None,
        c.draft_version.number if c.draft_version else None,
        c.draft_version.valid if c.draft_version else None,
        *use.get(c.id, (0, 0, 0))) for c in challenges]


def _use(challenge_ids: list[int]) -> dict[int, tuple[int, int, int]]:
    """Count each challenge's submissions, learners, and learners who solved it."""
    accepted = func.count(distinct(
        case((Submission.verdict == str(Verdict.ACCEPTED), Submission.user_id))))
    rows = db.session.execute(
        select(Submission.challenge_id, func.count(Submission.id),
               func.count(distinct(Submission.user_id)), accepted)
        .where(Submission.kind == Kind.SUBMISSION, Submission.challenge_id.in_(challenge_ids))
        .group_by(Submission.challenge_id))
    return {row[0]: tuple(row[1:]) for row in rows}
