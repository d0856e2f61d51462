"""Challenges and their immutable versions, one per content hash of the challenge's files.

A challenge has at most one published version (what learners see and are graded against) and
at most one draft (what its author works on). Every version is kept: submissions stay pinned
to theirs, and an earlier published version can be published again.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates

from arena.extensions import db
from arena.models.lifecycle import lifecycle
from arena.models.types import JSONText, UTCDateTime, one_of, stored_enum, utcnow
from graders.verdicts import Status


class Origin(StrEnum):
    """Where a challenge's versions come from."""

    FOLDER = "folder"  # a folder under challenges/, loaded by `arena challenges sync`
    AUTHORED = "authored"  # the API or the pages


class Visibility(StrEnum):
    """Who may see a published challenge (arena.services.visibility says who is who)."""

    PUBLIC = "public"  # everyone, listed in the catalog
    UNLISTED = "unlisted"  # everyone with its link, never listed
    COURSE = "course"  # the members of its author's courses, its author and admins


class VersionState(StrEnum):
    """A version's place in its challenge's life, derived from the challenge's pointers."""

    DRAFT = "draft"
    PUBLISHED = "published"
    RETIRED = "retired"  # published once, replaced since
    SUPERSEDED = "superseded"  # a draft replaced before it was published


class Challenge(db.Model):
    """A challenge of the catalog: what it is called and asks lives in its versions' specs
    (the published one's, else the draft's); its columns are what queries look for."""

    __tablename__ = "challenge"
    __table_args__ = (one_of("visibility", Visibility),)

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(64), unique=True)
    active: Mapped[bool] = mapped_column(default=True)
    origin: Mapped[str] = mapped_column(String(16), default=Origin.FOLDER)
    owner_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"))
    visibility: Mapped[Visibility] = mapped_column(stored_enum(Visibility, 16),
                                                   default=Visibility.PUBLIC)
    current_version_id: Mapped[int | None] = mapped_column(
        ForeignKey("challenge_version.id", use_alter=True, ondelete="SET NULL")
    )
    draft_version_id: Mapped[int | None] = mapped_column(
        ForeignKey("challenge_version.id", use_alter=True, ondelete="SET NULL")
    )

    current_version: Mapped[ChallengeVersion | None] = relationship(
        foreign_keys=[current_version_id], post_update=True
    )
    draft_version: Mapped[ChallengeVersion | None] = relationship(
        foreign_keys=[draft_version_id], post_update=True
    )

    @property
    def published(self) -> bool:
        """Tell whether learners can see the challenge."""
        return self.active and self.current_version is not None

    def state_of(self, version: ChallengeVersion) -> VersionState:
        """Return the state of one of this challenge's versions."""
        if version.id == self.current_version_id:
            return VersionState.PUBLISHED
        if version.id == self.draft_version_id:
            return VersionState.DRAFT
        return VersionState.RETIRED if version.published_at else VersionState.SUPERSEDED


class ChallengeVersion(lifecycle("validation_", asked=False), lifecycle("prepare_", asked=False),
                       lifecycle("examples_", asked=False), db.Model):
    """One version of a challenge: its files, the spec read from them, its prepared cases once
    computed, and its latest validation.

    Its validation, its preparation and its examples are jobs of the authoring lane
    (arena.jobs.validation, arena.jobs.preparation, arena.jobs.examples), each with its
    lifecycle columns (`validation_status`, ..., `prepare_status`, ..., `examples_status`, ...):
    None until asked, then queued, running, done. A preparation is done with `prepared` stored,
    or with `prepare_error` saying why it failed: submissions wait, unclaimable, until it is
    done. Its page shows `examples` (the public cases alone) until then."""

    __tablename__ = "challenge_version"
    __table_args__ = (
        UniqueConstraint("challenge_id", "content_hash"),
        UniqueConstraint("challenge_id", "number"),
        # The authoring lane's queries read these alone (arena.jobs.lane): on SQLite, a
        # column stored after the large documents costs reading them to reach.
        Index("ix_challenge_version_prepare_status", "prepare_status", "author_id"),
        Index("ix_challenge_version_validation_status", "validation_status", "author_id"),
        Index("ix_challenge_version_author_id_prepare", "author_id", "prepare_started_at"),
        Index("ix_challenge_version_author_id_validation", "author_id",
              "validation_started_at"),
        Index("ix_challenge_version_examples_status", "examples_status", "author_id"),
        Index("ix_challenge_version_author_id_examples", "author_id", "examples_started_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    challenge_id: Mapped[int] = mapped_column(ForeignKey("challenge.id", ondelete="CASCADE"))
    number: Mapped[int]  # 1, 2, ... per challenge, in the order versions were made
    content_hash: Mapped[str] = mapped_column(String(64))
    # The large documents load only when read (deferred): a submission reads its
    # version's spec (its limits among them), and decoding them all took a fifth of a grading's CPU.
    files: Mapped[dict[str, str] | None] = mapped_column(  # path -> text, as uploaded
        JSONText, deferred=True)
    #: What the files say (a graders.ChallengeSpec as JSON): the one place of every fact of
    #: the version (statement, starter, hints, limits, tolerances...) and of its challenge.
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    prepared: Mapped[Any | None] = mapped_column(JSONText, deferred=True)
    prepare_error: Mapped[str | None] = mapped_column(Text)
    #: The public cases alone, prepared (graders.challenge.prepared.Prepared as JSON) before
    #: the whole preparation is: what the page shows meanwhile.
    examples: Mapped[Any | None] = mapped_column(JSONText, deferred=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    author_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"))
    published_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    validation: Mapped[dict[str, Any] | None] = mapped_column(JSONText, deferred=True)
    #: Publish as soon as a validation proves it valid (a folder synced from disk).
    publish_when_valid: Mapped[bool] = mapped_column(default=False)

    challenge: Mapped[Challenge] = relationship(foreign_keys=[challenge_id])

    @validates("prepared")
    def _prepared_status(self, _key: str, prepared: Any) -> Any:
        """Keep `prepare_status` with the data: done once stored, never asked once dropped."""
        self.prepare_status = Status.DONE if prepared is not None else None
        return prepared

    @property
    def valid(self) -> bool | None:
        """Tell whether the latest validation, finished, found nothing wrong (None: none yet)."""
        if self.validation_status != Status.DONE or self.validation is None:
            return None
        return bool(self.validation.get("valid"))
