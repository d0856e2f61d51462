"""Take code in, whichever door it came through (the API or the page's form): validate it,
store it as a queued submission, wake a worker. Views call this and never the queue."""

from __future__ import annotations

from flask import current_app

from arena.models import ChallengeVersion, Submission, User
from arena.queue import get_queue
from arena.services.submissions import create_submission


def submit(user: User, slug: str, code: str, kind: str,
           version: ChallengeVersion | None = None) -> Submission:
    """Store the code as a queued submission of `kind` (a run or a submission) and wake a worker;
    `version` pins it to that version instead of the published one (an author's draft run)."""
    submission = create_submission(user, slug, code, kind,
                                   max_bytes=current_app.config["MAX_CODE_BYTES"],
                                   version=version)
    get_queue(current_app).notify()
    return submission
