"""The authoring lane's order: validations, preparations and examples of challenge versions,
in turns between authors.

Each is a job on the version's row, with its own lifecycle columns (arena.jobs.validation,
arena.jobs.preparation, arena.jobs.examples); a version never validates and prepares at once
(each claim waits while the other runs). They run only in the lane's threads
(arena.jobs.queue.AuthorLane), never on a grading worker, each within the budget of bytes and
seconds (arena.jobs.preparation.budget). Authors take turns, as learners do
(arena.jobs.grading.fair_order), and one author may have at most ARENA_MAX_AUTHORING_PER_USER
versions with work queued or running.
"""

from __future__ import annotations

from functools import cache

from sqlalchemy import ColumnElement, Select, case, func, literal, or_, select, union_all
from sqlalchemy.orm import aliased

from arena.extensions import db
from arena.jobs.examples import EXAMPLES, request_examples
from arena.jobs.lifecycle import JobKind
from arena.jobs.preparation import PREPARATIONS, request_preparation
from arena.jobs.validation import VALIDATIONS
from arena.models import Challenge, ChallengeVersion, Submission
from graders.sandbox.base import Sandbox
from graders.verdicts import Status

#: The lane's kinds of job, by name.
LANE_KINDS: dict[str, JobKind] = {kind.name: kind
                                  for kind in (PREPARATIONS, EXAMPLES, VALIDATIONS)}


def _queued(kind: JobKind) -> Select:
    """Select the queued jobs of one kind that may start (their version does not run the
    other), with their rank within a turn: first preparations that a submission waits for
    (someone is at a page), then examples (a second or two each: every page shows its own
    soon), then other preparations, then validations."""
    waited = select(Submission.id).where(Submission.status == Status.QUEUED,
                                         Submission.version_id == ChallengeVersion.id).exists()
    ranks = {PREPARATIONS: case((waited, 0), else_=2), EXAMPLES: literal(1)}
    rank = ranks.get(kind, literal(3))
    return select(literal(kind.name).label("kind"), rank.label("rank"), ChallengeVersion.id,
                  ChallengeVersion.author_id).where(kind.status == Status.QUEUED,
                                                    *kind.may_start())


def _later(first: ColumnElement, *others: ColumnElement) -> ColumnElement:
    """The latest of instants, any of which may be NULL (one per lane kind)."""
    latest = first
    for other in others:
        latest = case((or_(other.is_(None), latest > other), latest), else_=other)
    return latest


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
    queued = union_all(*(_queued(kind) for kind in LANE_KINDS.values())).subquery()
    theirs = aliased(ChallengeVersion)
    same_author = theirs.author_id.is_not_distinct_from(queued.c.author_id)
    running = [select(func.count()).where(getattr(theirs, kind.status.key) == Status.RUNNING,
                                          same_author).scalar_subquery()
               for kind in LANE_KINDS.values()]
    last = [select(func.max(getattr(theirs, kind.prefix + "started_at")))
            .where(same_author).scalar_subquery() for kind in LANE_KINDS.values()]
    place = func.row_number().over(partition_by=queued.c.author_id,
                                   order_by=(queued.c.rank, queued.c.id))
    turns = select(queued.c.kind, queued.c.id, queued.c.rank, _later(*last).label("last"),
                   sum(running, place).label("turn")).subquery()
    return select(turns.c.kind, turns.c.id).order_by(
        turns.c.turn, turns.c.last.asc().nulls_first(), turns.c.rank, turns.c.id).limit(8)


def claim_next() -> tuple[str, int] | None:
    """Claim the queued validation or preparation whose turn it is; return (kind, version id)."""
    candidates = db.session.execute(lane_order()).all()
    db.session.commit()
    return next(((kind, version_id) for kind, version_id in candidates
                 if LANE_KINDS[kind].claim(version_id)), None)


def request_waiting() -> None:
    """Queue the preparations nobody asked for yet: of the current versions (with their
    examples, so that their pages show them soon), and of versions that queued submissions
    wait for (one a crash kept from asking, or from before this lane)."""
    never = ChallengeVersion.prepare_status.is_(None)
    current = select(Challenge.current_version_id).where(Challenge.active)
    waited = select(Submission.version_id).where(Submission.status == Status.QUEUED)
    for version_id, shown in db.session.execute(
            select(ChallengeVersion.id, ChallengeVersion.id.in_(current)).where(
                never, or_(ChallengeVersion.id.in_(current), ChallengeVersion.id.in_(waited)))):
        request_preparation(version_id)
        if shown:
            request_examples(version_id)
    db.session.commit()


def run_next(sandbox: Sandbox) -> bool:
    """Ask for the preparations nobody asked for, then run the job whose turn it is; tell
    whether there was one."""
    request_waiting()
    job = claim_next()
    if job is None:
        return False
    kind, version_id = job
    LANE_KINDS[kind].run(version_id, sandbox)
    return True
