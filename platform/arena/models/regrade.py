"""Regrades: a challenge's submissions graded again against one version (the published one, or
the one a course pins), one item per submission, claimed and recorded like a submission's
own grading."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import ForeignKey, Index
from sqlalchemy.orm import Mapped, mapped_column, relationship

from arena.extensions import db
from arena.models.challenge import Challenge, ChallengeVersion
from arena.models.course import Course
from arena.models.lifecycle import lifecycle
from arena.models.types import UTCDateTime, one_of, stored_enum, utcnow
from arena.models.user import User


class Outcome(StrEnum):
    """What regrading one submission came to."""

    SAME = "same"  # the same verdict
    CHANGED = "changed"  # another verdict (the replaced one is kept in submission_grade)
    FAILED = "failed"  # the platform could not grade it; the verdict is kept


class Regrade(db.Model):
    """An instructor's request: these submissions of a challenge, against `version`."""

    __tablename__ = "regrade"

    id: Mapped[int] = mapped_column(primary_key=True)
    challenge_id: Mapped[int] = mapped_column(ForeignKey("challenge.id", ondelete="CASCADE"))
    version_id: Mapped[int] = mapped_column(ForeignKey("challenge_version.id"))
    #: The scope: a course's students, one student, both, or neither (every submission).
    course_id: Mapped[int | None] = mapped_column(ForeignKey("course.id", ondelete="SET NULL"))
    student_id: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"))
    requested_by: Mapped[int | None] = mapped_column(
        ForeignKey("user_account.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    challenge: Mapped[Challenge] = relationship()
    version: Mapped[ChallengeVersion] = relationship()
    course: Mapped[Course | None] = relationship()
    student: Mapped[User | None] = relationship(foreign_keys=[student_id])
    items: Mapped[list[RegradeItem]] = relationship(back_populates="regrade",
                                                    cascade="all, delete-orphan")


class RegradeItem(lifecycle(), db.Model):
    """One submission of a regrade: queued, running (claimed by one attempt), or done
    (arena.jobs.regrading)."""

    __tablename__ = "regrade_item"
    __table_args__ = (
        one_of("outcome", Outcome),
        Index("ix_regrade_item_status_id", "status", "id"),
        Index("ix_regrade_item_regrade_id_status", "regrade_id", "status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    regrade_id: Mapped[int] = mapped_column(ForeignKey("regrade.id", ondelete="CASCADE"))
    submission_id: Mapped[int] = mapped_column(ForeignKey("submission.id", ondelete="CASCADE"))
    outcome: Mapped[Outcome | None] = mapped_column(stored_enum(Outcome, 16))

    regrade: Mapped[Regrade] = relationship(back_populates="items")
