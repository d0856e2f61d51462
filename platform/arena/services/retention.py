"""Retention: old runs deleted, a user's runs kept within a share of storage, old work's
printed output and public test details dropped, and superseded drafts deleted, so that stored
data stops growing.

What is never touched: queued or running work (only `done` rows qualify), the recorded
submissions of a student on a challenge that has a gradebook cell (what counts in a gradebook
stays whole; runs never count in one), and any version something uses (`_superseded`).
Idempotency keys always go after their day (arena.services.idempotency.KEPT). Every
step is one conditional statement per batch, committed at once, so it is safe beside a
running server and safe to repeat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    and_,
    delete,
    exists,
    func,
    literal,
    not_,
    or_,
    select,
    update,
)
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import aliased
from sqlalchemy.sql.functions import FunctionElement
from sqlalchemy.types import Integer

from arena.extensions import db
from arena.models import CellRun, ChallengeVersion, GradebookCell, Kind, Submission, TestResult
from arena.models.types import utcnow
from arena.services.idempotency import prune_keys
from arena.services.lane_requests import LANE_STATUSES
from graders.verdicts import Status

BATCH = 500  # rows per statement and commit: short write locks on SQLite


@dataclass(frozen=True)
class Retention:
    """How long things are kept; 0 keeps them forever (or sets no share)."""

    run_days: float = 0
    detail_days: float = 0
    run_bytes_per_user: int = 0
    draft_days: float = 0
    cell_run_hours: float = 0

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> Retention:
        """Read the RETENTION_* settings."""
        return cls(config["RETENTION_RUN_DAYS"], config["RETENTION_DETAIL_DAYS"],
                   config["RETENTION_RUN_BYTES_PER_USER"], config["RETENTION_DRAFT_DAYS"],
                   config["RETENTION_CELL_RUN_HOURS"])


@dataclass
class PruneReport:
    """What a prune removed."""

    old_runs: int = 0  # runs deleted for their age
    runs_over_share: int = 0  # a user's oldest runs deleted beyond their share of storage
    trimmed: int = 0  # submissions and runs whose output and public test details were dropped
    drafts: int = 0  # superseded drafts deleted (with the finished runs on them)
    cell_runs: int = 0  # lesson cell runs deleted for their age
    keys: int = 0  # idempotency keys deleted after their day


class stored_bytes(FunctionElement):
    """The bytes of UTF-8 a text column holds (PostgreSQL's octet_length; SQLite's length of
    the text as a blob, as SQLite before 3.43 has no octet_length)."""

    type = Integer()
    inherit_cache = True


@compiles(stored_bytes)
def _octet_length(element, compiler, **kw) -> str:
    return f"octet_length({compiler.process(element.clauses, **kw)})"


@compiles(stored_bytes, "sqlite")
def _blob_length(element, compiler, **kw) -> str:
    return f"length(CAST({compiler.process(element.clauses, **kw)} AS BLOB))"


def prune(retention: Retention, now: datetime | None = None) -> PruneReport:
    """Apply `retention` to the stored work; return what was removed."""
    now = now or utcnow()
    report = PruneReport()
    if retention.run_days:
        report.old_runs = _delete_in_batches(select(Submission.id).where(
            *_finished_run(), Submission.finished_at < now - timedelta(days=retention.run_days)))
    if retention.run_bytes_per_user:
        report.runs_over_share = _delete_in_batches(_runs_over_share(
            retention.run_bytes_per_user))
    if retention.detail_days:
        report.trimmed = _trim(now - timedelta(days=retention.detail_days))
    if retention.draft_days:
        report.drafts = _prune_drafts(now - timedelta(days=retention.draft_days))
    if retention.cell_run_hours:
        report.cell_runs = _delete_cell_runs(now - timedelta(hours=retention.cell_run_hours))
    report.keys = prune_keys(now)
    return report


def _delete_cell_runs(before: datetime) -> int:
    """Delete the lesson cell runs that finished before `before`, in batches."""
    deleted = 0
    while True:
        batch = select(CellRun.id).where(CellRun.status == Status.DONE,
                                         CellRun.finished_at < before).limit(BATCH)
        count = db.session.execute(delete(CellRun).where(CellRun.id.in_(batch))).rowcount
        db.session.commit()
        deleted += count
        if count < BATCH:
            return deleted


def _finished_run() -> tuple[ColumnElement[bool], ...]:
    return Submission.kind == Kind.RUN, Submission.status == Status.DONE


def _in_a_gradebook() -> ColumnElement[bool]:
    """A submission whose student has a gradebook cell on its challenge."""
    return exists().where(GradebookCell.user_id == Submission.user_id,
                          GradebookCell.challenge_id == Submission.challenge_id)


def _runs_over_share(share: int):
    """Select the finished runs beyond each user's newest `share` bytes (code, output and
    test details); a user's newest run is always kept."""
    details = (select(func.coalesce(func.sum(stored_bytes(TestResult.detail)), 0))
               .where(TestResult.submission_id == Submission.id).scalar_subquery())
    size = (stored_bytes(Submission.code) + stored_bytes(Submission.output) + details)
    newest_first = {"partition_by": Submission.user_id, "order_by": Submission.id.desc()}
    ranked = (select(Submission.id, func.sum(size).over(**newest_first).label("kept"),
                     func.row_number().over(**newest_first).label("rank"))
              .where(*_finished_run()).subquery())
    return select(ranked.c.id).where(ranked.c.kept > share, ranked.c.rank > 1)


def _delete_in_batches(chosen) -> int:
    """Delete the submissions whose ids `chosen` selects (their tests go with them)."""
    deleted = 0
    while ids := list(db.session.scalars(chosen.limit(BATCH))):
        # The condition again: a row chosen a moment ago is deleted only if it still qualifies.
        result = db.session.execute(delete(Submission).where(
            Submission.id.in_(ids), Submission.status == Status.DONE,
            Submission.kind == Kind.RUN))
        db.session.commit()
        deleted += result.rowcount
        if len(ids) < BATCH:
            break
    return deleted


def _trim(before: datetime) -> int:
    """Drop the output and public test details of work finished before `before`, except what
    is in a gradebook; return how many submissions were trimmed."""
    old = and_(Submission.status == Status.DONE, Submission.finished_at < before,
               not_(and_(Submission.kind == Kind.SUBMISSION, _in_a_gradebook())))
    has_detail = exists().where(TestResult.submission_id == Submission.id,
                                TestResult.detail.is_not(None))
    chosen = select(Submission.id).where(old, (Submission.output != "") | has_detail)
    trimmed = 0
    while ids := list(db.session.scalars(chosen.limit(BATCH))):
        kept = select(Submission.id).where(Submission.id.in_(ids), old)
        trimmed += db.session.execute(update(Submission).where(Submission.id.in_(kept))
                                      .values(output="")).rowcount
        db.session.execute(update(TestResult).where(TestResult.submission_id.in_(kept))
                           .values(detail=None))
        db.session.commit()
    return trimmed


def _superseded() -> ColumnElement[bool]:
    """A superseded draft nothing uses: never published, no validation or preparation queued
    or running, not its challenge's newest version (a number is never given twice), and no
    row pointing at it (its challenge's draft and published pointers, a submission, a
    regrade, an assignment: every foreign key to a version, those added later too) but
    finished runs, which are deleted with it."""
    newer = aliased(ChallengeVersion)
    idle = [or_(status.is_(None), status.not_in((Status.QUEUED, Status.RUNNING)))
            for status in LANE_STATUSES]
    conditions = [ChallengeVersion.published_at.is_(None), *idle,
                  exists().where(newer.challenge_id == ChallengeVersion.challenge_id,
                                 newer.number > ChallengeVersion.number)]
    for table in db.metadata.sorted_tables:
        for key in table.foreign_keys:
            if key.column is not ChallengeVersion.__table__.c.id:
                continue
            pointing = select(literal(1)).where(key.parent == ChallengeVersion.id)
            if table is Submission.__table__:
                pointing = pointing.where(not_(and_(*_finished_run())))
            conditions.append(not_(pointing.exists()))
    return and_(*conditions)


def delete_drafts(*scope: ColumnElement[bool], most: int = BATCH) -> int:
    """Delete the oldest superseded drafts within `scope`, at most `most`, with the finished
    runs on them; return how many were deleted. The caller commits."""
    ids = list(db.session.scalars(select(ChallengeVersion.id).where(*scope, _superseded())
                                  .order_by(ChallengeVersion.id).limit(most)))
    # The condition again: a version chosen a moment ago goes only if still superseded.
    going = select(ChallengeVersion.id).where(ChallengeVersion.id.in_(ids), _superseded())
    db.session.execute(delete(Submission).where(Submission.version_id.in_(going),
                                                *_finished_run()))
    return db.session.execute(delete(ChallengeVersion).where(
        ChallengeVersion.id.in_(ids), _superseded())).rowcount


def _prune_drafts(before: datetime) -> int:
    """Delete the superseded drafts made before `before`, a batch per commit."""
    deleted = 0
    while True:
        batch = delete_drafts(ChallengeVersion.created_at < before)
        db.session.commit()
        deleted += batch
        if batch < BATCH:
            return deleted
