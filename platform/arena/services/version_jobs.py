"""Validations and preparations of challenge versions: the authoring lane's jobs.

Both are jobs on the version's row with one lifecycle: a status column each
(`validation_status`, `prepare_status`: queued, running, then done, or failed for a
preparation), `job_started_at`, and one lease (`lease_expires_at`, renewed by
`arena.services.leases.Heartbeat`, put back by `reap`). A version runs at most one of the two
at a time (each claim waits while the other runs), so the lease is never shared.

They run only in the lane's threads (arena.queue.AuthorLane), never on a grading worker, each
within the budget of bytes and seconds (arena.services.preparation.budget). Authors take turns,
as learners do (arena.services.jobs.fair_order), and one author may have at most
ARENA_MAX_AUTHORING_PER_USER versions with work queued or running.
"""

from __future__ import annotations

import math
from functools import cache

from flask import current_app
from sqlalchemy import Select, case, func, literal, or_, select, union, union_all, update
from sqlalchemy.orm import aliased

from arena.errors import TooManyRequests
from arena.extensions import db
from arena.models import Challenge, ChallengeVersion, Submission, User
from arena.models.types import utcnow
from arena.services.leases import lease_end
from arena.services.preparation import request_preparation, run_preparation
from arena.services.validation import run_validation
from graders.sandbox.base import Sandbox
from graders.verdicts import Status

VALIDATE, PREPARE = "validate", "prepare"
STATUS = {VALIDATE: ChallengeVersion.validation_status,
          PREPARE: ChallengeVersion.prepare_status}


def claim(kind: str, version_id: int) -> bool:
    """Mark one queued validation or preparation running, unless the version runs the other;
    tell whether this caller won it."""
    won = db.session.execute(update(ChallengeVersion).where(
        ChallengeVersion.id == version_id, STATUS[kind] == Status.QUEUED,
        or_(_other(kind).is_(None), _other(kind) != Status.RUNNING))
        .values({STATUS[kind]: Status.RUNNING, ChallengeVersion.lease_expires_at: lease_end(),
                 ChallengeVersion.job_started_at: utcnow()})).rowcount
    db.session.commit()
    return won == 1


def _other(kind: str):
    """Return the status column of the other job of a version."""
    return STATUS[VALIDATE if kind == PREPARE else PREPARE]


def _queued(kind: str) -> Select:
    """Select the queued jobs of one kind that may start (their version does not run the
    other), with their rank within a turn: first preparations that a submission waits for
    (someone is often at a page), then other preparations, then validations."""
    waited = select(Submission.id).where(Submission.status == Status.QUEUED,
                                         Submission.version_id == ChallengeVersion.id).exists()
    rank = case((waited, 0), else_=1) if kind == PREPARE else literal(2)
    return select(literal(kind).label("kind"), rank.label("rank"), ChallengeVersion.id,
                  ChallengeVersion.author_id).where(
        STATUS[kind] == Status.QUEUED,
        or_(_other(kind).is_(None), _other(kind) != Status.RUNNING))


@cache
def lane_order() -> Select:
    """Return the queued jobs (kind, version id) in the order the lane takes them (the first
    eight); built once, like fair_order.

    Round robin between authors (a version's `author_id`; folder versions, with none, are the
    operator's): a job's turn is its author's running jobs plus its place among their queued
    ones (by rank: see `_queued`). Lower turns go first; among equal turns, the author whose
    last job started longest ago, then the lower rank, then the oldest version. So one
    author's slow drafts delay another author's job by at most the jobs running when it came.
    """
    queued = union_all(_queued(PREPARE), _queued(VALIDATE)).subquery()
    theirs = aliased(ChallengeVersion)
    same_author = theirs.author_id.is_not_distinct_from(queued.c.author_id)
    running = [select(func.count()).where(getattr(theirs, STATUS[kind].key) == Status.RUNNING,
                                          same_author).scalar_subquery() for kind in STATUS]
    last = select(func.max(theirs.job_started_at)).where(same_author).scalar_subquery()
    place = func.row_number().over(partition_by=queued.c.author_id,
                                   order_by=(queued.c.rank, queued.c.id))
    turns = select(queued.c.kind, queued.c.id, queued.c.rank, last.label("last"),
                   (running[0] + running[1] + place).label("turn")).subquery()
    return select(turns.c.kind, turns.c.id).order_by(
        turns.c.turn, turns.c.last.asc().nulls_first(), turns.c.rank, turns.c.id).limit(8)


def claim_next() -> tuple[str, int] | None:
    """Claim the queued validation or preparation whose turn it is; return (kind, version id)."""
    candidates = db.session.execute(lane_order()).all()
    db.session.commit()
    return next(((kind, version_id) for kind, version_id in candidates
                 if claim(kind, version_id)), None)


def request_waiting() -> None:
    """Queue the preparations nobody asked for yet: of the current versions (so that their
    pages show examples), and of versions that queued submissions wait for (one a crash kept
    from asking, or from before this lane)."""
    never = ChallengeVersion.prepare_status.is_(None)
    current = select(Challenge.current_version_id).where(Challenge.active)
    waited = select(Submission.version_id).where(Submission.status == Status.QUEUED)
    for version_id in db.session.scalars(select(ChallengeVersion.id).where(
            never, or_(ChallengeVersion.id.in_(current), ChallengeVersion.id.in_(waited)))):
        request_preparation(version_id)
    db.session.commit()


def run_next(sandbox: Sandbox) -> bool:
    """Ask for the preparations nobody asked for, then run the job whose turn it is; tell
    whether there was one."""
    request_waiting()
    job = claim_next()
    if job is None:
        return False
    kind, version_id = job
    (run_validation if kind == VALIDATE else run_preparation)(version_id, sandbox)
    return True


def refuse_past_cap(version: ChallengeVersion) -> None:
    """Refuse (429) new lane work on a version whose author has ARENA_MAX_AUTHORING_PER_USER
    other versions with work queued or running; the operator's versions (no author) are not
    counted. The count is under a lock of the author's row (PostgreSQL), as the pending cap."""
    if version.author_id is None:
        return
    limit = current_app.config["MAX_AUTHORING_PER_USER"]
    db.session.execute(select(User.id).where(User.id == version.author_id).with_for_update())
    busy = union(*(select(ChallengeVersion.id).where(
        STATUS[kind].in_((Status.QUEUED, Status.RUNNING)),
        ChallengeVersion.author_id == version.author_id, ChallengeVersion.id != version.id)
        for kind in STATUS)).subquery()
    waiting = db.session.scalar(select(func.count()).select_from(busy))
    if waiting >= limit:
        db.session.rollback()
        raise TooManyRequests(
            f"too much authoring in hand: {waiting} of your versions are being validated or "
            f"prepared, and an author may have at most {limit}; try again when one is done",
            retry_after=math.ceil(current_app.config["AUTHORING_SECONDS"] / 4))
