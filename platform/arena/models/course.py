"""Courses: a class with a join code, its members (students and instructors), and its
assignments (challenges with an opening and a due time); a course may be archived."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import ColumnElement, Float, ForeignKey, Index, String, UniqueConstraint, func
from sqlalchemy.ext.hybrid import hybrid_property
from sqlalchemy.orm import Mapped, mapped_column, relationship

from arena.extensions import db
from arena.models.challenge import Challenge, ChallengeVersion
from arena.models.types import UTCDateTime, one_of, stored_enum, utcnow
from arena.models.user import User
from graders.verdicts import Verdict


class CourseRole(StrEnum):
    """What a member does in one course."""

    STUDENT = "student"
    INSTRUCTOR = "instructor"


class Course(db.Model):
    """A class: students join it with its code; its instructors manage it."""

    __tablename__ = "course"

    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    join_code: Mapped[str] = mapped_column(String(16), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    #: When it was archived (read-only: no new assignment, no one joins); None while it runs.
    archived_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    members: Mapped[list[CourseMember]] = relationship(back_populates="course",
                                                       cascade="all, delete-orphan")


class CourseMember(db.Model):
    """One person's place in one course."""

    __tablename__ = "course_member"
    __table_args__ = (UniqueConstraint("course_id", "user_id"),
                      one_of("role", CourseRole))

    id: Mapped[int] = mapped_column(primary_key=True)
    course_id: Mapped[int] = mapped_column(ForeignKey("course.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    role: Mapped[str] = mapped_column(String(16), default=CourseRole.STUDENT)
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    #: How the course's roster names the member (the gradebook and its exports): set by the
    #: member, the student number by the course's instructors (arena.services.roster).
    display_name: Mapped[str | None] = mapped_column(String(200))
    email: Mapped[str | None] = mapped_column(String(254))
    student_number: Mapped[str | None] = mapped_column(String(64))

    course: Mapped[Course] = relationship(back_populates="members")
    user: Mapped[User] = relationship()


class LatePolicy(StrEnum):
    """What a submission after the due time counts for."""

    MARKED = "marked"  # accepted, and marked late
    NOT_COUNTED = "not_counted"  # ignored by the gradebook


class FeedbackRelease(StrEnum):
    """When a student reads the named bug and the test rows of their work on an assignment."""

    IMMEDIATE = "immediate"  # as soon as it is graded
    AFTER_DUE = "after_due"  # the verdict only until the due time (arena.services.feedback)


class Assignment(db.Model):
    """An ordered set of published challenges a course works on between two instants (UTC)."""

    __tablename__ = "assignment"
    __table_args__ = (one_of("late_policy", LatePolicy), one_of("feedback", FeedbackRelease))

    id: Mapped[int] = mapped_column(primary_key=True)
    course_id: Mapped[int] = mapped_column(ForeignKey("course.id", ondelete="CASCADE"),
                                           index=True)
    title: Mapped[str] = mapped_column(String(200))
    opens_at: Mapped[datetime] = mapped_column(UTCDateTime)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime)
    late_policy: Mapped[str] = mapped_column(String(16), default=LatePolicy.MARKED)
    feedback: Mapped[str] = mapped_column(String(16), default=FeedbackRelease.IMMEDIATE,
                                          server_default=FeedbackRelease.IMMEDIATE)
    #: Late work's penalty (arena.services.grades): this share of its points per started day
    #: after the due time, up to the cap; 0 per day is no penalty.
    late_percent_per_day: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    late_max_percent: Mapped[float] = mapped_column(Float, default=100.0, server_default="100")
    #: Work counts from this instant on (None: from the opening), never from before a student
    #: joined the course.
    counts_from: Mapped[datetime | None] = mapped_column(UTCDateTime)

    @hybrid_property
    def counts_since(self) -> datetime:
        """The instant work counts from: `counts_from`, else the opening (in Python and SQL)."""
        return self.counts_from if self.counts_from is not None else self.opens_at

    @counts_since.inplace.expression
    @classmethod
    def _counts_since(cls) -> ColumnElement[datetime]:
        return func.coalesce(cls.counts_from, cls.opens_at)

    course: Mapped[Course] = relationship()
    items: Mapped[list[AssignmentChallenge]] = relationship(
        back_populates="assignment", cascade="all, delete-orphan",
        order_by="AssignmentChallenge.position")
    extensions: Mapped[list[DueExtension]] = relationship(
        back_populates="assignment", cascade="all, delete-orphan")


class DueExtension(db.Model):
    """One student's own due time for an assignment: their work is late only after it."""

    __tablename__ = "assignment_extension"

    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignment.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime)

    assignment: Mapped[Assignment] = relationship(back_populates="extensions")
    user: Mapped[User] = relationship()


class AssignmentChallenge(db.Model):
    """One challenge of an assignment, at its place in the order, and the version it pins: the
    version the course's gradebook counts (arena.services.gradebook_cells)."""

    __tablename__ = "assignment_challenge"
    __table_args__ = (UniqueConstraint("assignment_id", "challenge_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    assignment_id: Mapped[int] = mapped_column(ForeignKey("assignment.id", ondelete="CASCADE"))
    challenge_id: Mapped[int] = mapped_column(ForeignKey("challenge.id", ondelete="CASCADE"))
    position: Mapped[int]
    version_id: Mapped[int] = mapped_column(ForeignKey("challenge_version.id"))
    #: When the pin was set: a submission with no grade against the pinned version counts
    #: with the verdict it had then.
    pinned_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    #: What an accept is worth (arena.services.grades).
    points: Mapped[float] = mapped_column(Float, default=1.0, server_default="1")

    assignment: Mapped[Assignment] = relationship(back_populates="items")
    challenge: Mapped[Challenge] = relationship()
    version: Mapped[ChallengeVersion] = relationship()


class GradebookCell(db.Model):
    """One student's standing on one challenge of an assignment, derived from their counted
    submissions and recomputed whenever one of those inputs changes
    (arena.services.gradebook_cells); never edited by hand."""

    __tablename__ = "gradebook_cell"
    __table_args__ = (Index("ix_gradebook_cell_user_id_challenge_id", "user_id", "challenge_id"),)

    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignment.id", ondelete="CASCADE"), primary_key=True)
    challenge_id: Mapped[int] = mapped_column(
        ForeignKey("challenge.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True)
    attempts: Mapped[int]
    accepted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)  # the first accept
    newest_at: Mapped[datetime] = mapped_column(UTCDateTime)  # the newest counted attempt
    #: accepted, else the newest's verdict
    verdict: Mapped[Verdict] = mapped_column(stored_enum(Verdict, 32))
