"""Take work in, whichever door it came through (the API or the pages): code counted against
the user's rate limit, validated, stored as a queued submission unless the user already has
too much work in hand, its version's preparation asked for if it needs one; a regrade stored
with its items; a draft's validation. Then wake a worker (or the authoring lane). Views call
this and never the queue."""

from __future__ import annotations

from flask import current_app

from arena.extensions import db
from arena.jobs.preparation import needs_preparation, request_preparation
from arena.jobs.queue import get_queue
from arena.models import CellRun, ChallengeVersion, Regrade, Submission, User
from arena.ratelimit import count_cell_run, count_intake
from arena.services.authoring import validate_draft
from arena.services.catalog import get_challenge
from arena.services.lane_requests import refuse_past_cap
from arena.services.lessons import create_cell_run
from arena.services.regrades import request_regrade
from arena.services.submissions import create_submission


def submit(user: User, slug: str, code: str, kind: str,
           version: ChallengeVersion | None = None, call: dict | None = None) -> Submission:
    """Store the code as a queued submission of `kind` (a run or a submission) and wake a worker;
    `version` pins it to that version instead of the published one (an author's draft run).

    Past the user's rate limit of that kind (ARENA_SUBMISSION_RATE_LIMIT, ARENA_RUN_RATE_LIMIT)
    or the work they may have queued or running (ARENA_MAX_PENDING_PER_USER), answer 429; a
    draft that must be prepared first counts against its author's lane work
    (ARENA_MAX_AUTHORING_PER_USER). A submission waits for its version's preparation, never
    on a grading worker. `call`: a console run's arguments (one call, no examples)."""
    count_intake(user.id, str(kind))
    config = current_app.config
    pinned = version or get_challenge(slug, user).current_version
    waits = needs_preparation(pinned)
    if waits and version is not None:
        refuse_past_cap(version)
    submission = create_submission(user, slug, code, kind, max_bytes=config["MAX_CODE_BYTES"],
                                   version=pinned, max_pending=config["MAX_PENDING_PER_USER"],
                                   call=call)
    if waits and request_preparation(submission.version_id):
        db.session.commit()
    get_queue(current_app).notify(background=waits)
    return submission


def run_cell(user: User | None, slug: str, cell_id: str, code: str) -> CellRun:
    """Store the code as a queued run of a lesson's cell (`user` None: a visitor's) and wake a
    worker; past the address's or the user's cell-run limit (ARENA_CELL_RUN_RATE_LIMIT,
    ARENA_CELL_RUN_USER_RATE_LIMIT), answer 429."""
    count_cell_run(user.id if user else None)
    run = create_cell_run(user, slug, cell_id, code)
    get_queue(current_app).notify()
    return run


def regrade(user: User, slug: str, course_id: int | None = None,
            student: str | None = None) -> Regrade:
    """Queue a regrade (arena.services.regrades.request_regrade) and wake the workers."""
    queued = request_regrade(user, slug, course_id, student)
    get_queue(current_app).notify(background=True)
    return queued


def validate(user: User, slug: str) -> ChallengeVersion:
    """Queue a validation of a draft (arena.services.authoring.validate_draft) and wake the
    authoring lane."""
    draft = validate_draft(user, slug)
    get_queue(current_app).notify(background=True)
    return draft
