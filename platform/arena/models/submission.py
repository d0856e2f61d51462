"""Submissions pinned to a challenge version, and their per-test results."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Double, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from arena.extensions import db
from arena.models.challenge import Challenge, ChallengeVersion
from arena.models.lifecycle import lifecycle
from arena.models.types import JSONText, UTCDateTime, one_of, stored_enum, utcnow
from arena.models.user import User
from graders.verdicts import Verdict


class Kind(StrEnum):
    """A graded, recorded submission, or a run against the public examples only."""

    SUBMISSION = "submission"
    RUN = "run"


class Submission(lifecycle(), db.Model):
    """A piece of learner code on its way through the grader; the row is the job
    (arena.jobs.grading)."""

    __tablename__ = "submission"
    __table_args__ = (
        one_of("kind", Kind),
        Index("ix_submission_status_id", "status", "id"),
        Index("ix_submission_user_id_challenge_id", "user_id", "challenge_id"),
        # Covers the gradebook cells' recomputation (services.gradebook_cells: the version
        # and finish tell whether a submission's own verdict is the one it counts with, the
        # id orders ties), so that PostgreSQL reads it alone; its three equalities make
        # planners without statistics prefer it to ix_submission_status_id.
        Index("ix_submission_gradebook", "status", "kind", "user_id", "challenge_id",
              "created_at", "verdict", "version_id", "finished_at", "id"),
        # Whether anything uses a version (arena.services.retention), and the foreign key's
        # own check when one is deleted.
        Index("ix_submission_version_id", "version_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"))
    challenge_id: Mapped[int] = mapped_column(ForeignKey("challenge.id", ondelete="CASCADE"))
    version_id: Mapped[int] = mapped_column(ForeignKey("challenge_version.id"))
    kind: Mapped[Kind] = mapped_column(stored_enum(Kind, 16), default=Kind.SUBMISSION)
    code: Mapped[str] = mapped_column(Text)
    verdict: Mapped[Verdict | None] = mapped_column(stored_enum(Verdict, 32))
    passed: Mapped[int] = mapped_column(default=0)
    total: Mapped[int] = mapped_column(default=0)
    message: Mapped[str] = mapped_column(Text, default="")
    output: Mapped[str] = mapped_column(Text, default="")
    #: The grader's message as codes and values (graders.messages.Text.to_data), rendered
    #: in the reader's language; `message` is its English, for logs and old clients. None: the
    #: message is the platform's own, its English msgid in `message`.
    message_data: Mapped[list | None] = mapped_column(JSON)
    #: A console run's call: the arguments the learner typed, parsed on the host ({"args",
    #: "kwargs"}); None for every other run and submission.
    call: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    user: Mapped[User] = relationship()
    challenge: Mapped[Challenge] = relationship()
    version: Mapped[ChallengeVersion] = relationship()
    tests: Mapped[list[TestResult]] = relationship(
        back_populates="submission", order_by="TestResult.position", cascade="all, delete-orphan"
    )
    #: Its other grades, oldest first: verdicts regrades replaced, and grades against versions
    #: that assignments pin.
    grades: Mapped[list[SubmissionGrade]] = relationship(
        order_by="SubmissionGrade.id", cascade="all, delete-orphan")


class SubmissionGrade(db.Model):
    """A grade of a submission other than the one it shows: a verdict a regrade replaced, or
    (`pinned`) its grade against a version that an assignment counting it pins, made beside
    its own."""

    __tablename__ = "submission_grade"

    id: Mapped[int] = mapped_column(primary_key=True)
    submission_id: Mapped[int] = mapped_column(
        ForeignKey("submission.id", ondelete="CASCADE"), index=True)
    version_id: Mapped[int] = mapped_column(ForeignKey("challenge_version.id"))
    verdict: Mapped[Verdict | None] = mapped_column(stored_enum(Verdict, 32))
    passed: Mapped[int]
    total: Mapped[int]
    message: Mapped[str] = mapped_column(Text, default="")
    message_data: Mapped[list | None] = mapped_column(JSON)
    graded_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    #: The regrade that replaced this verdict.
    regrade_id: Mapped[int | None] = mapped_column(ForeignKey("regrade.id", ondelete="SET NULL"))
    pinned: Mapped[bool] = mapped_column(default=False)

    version: Mapped[ChallengeVersion] = relationship()


class TestResult(db.Model):
    """One test's outcome; `detail` (input, expected, got) is kept for public tests only."""

    __tablename__ = "test_result"
    __test__ = False  # not a pytest test class

    id: Mapped[int] = mapped_column(primary_key=True)
    submission_id: Mapped[int] = mapped_column(
        ForeignKey("submission.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(128))
    hidden: Mapped[bool]
    passed: Mapped[bool]
    message: Mapped[str] = mapped_column(Text, default="")
    error_type: Mapped[str | None] = mapped_column(String(128))
    #: The named bug, when it explains this test: the mutant's name, and its author's
    #: explanation by locale.
    mutant: Mapped[str | None] = mapped_column(String(64))
    explanation: Mapped[dict[str, str] | None] = mapped_column(JSON)
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSONText)
    seconds: Mapped[float | None] = mapped_column(Double)
    #: The grader's message as codes and values, rendered in the reader's language.
    message_data: Mapped[list | None] = mapped_column(JSON)
    #: The test's name in the other locales its author wrote: {"ko": ...}.
    names: Mapped[dict[str, str] | None] = mapped_column(JSON)

    submission: Mapped[Submission] = relationship(back_populates="tests")
