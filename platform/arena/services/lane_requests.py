"""What an author asks of the authoring lane (arena.jobs.lane runs it): a version's validation
requested, its stored state reset; and the cap on the lane work one author may have in hand.
Asking stores a queued job on the version's row; running it is the jobs package's."""

from __future__ import annotations

import math
from typing import Any

from flask import current_app
from sqlalchemy import func, or_, select

from arena.errors import TooManyRequests
from arena.extensions import db
from arena.models import ChallengeVersion, User
from arena.services.versions import version_spec
from graders.authoring.validate import Validation, steps
from graders.verdicts import Status

#: The lifecycles a version carries for the lane (models.challenge: validation, preparation,
#: examples).
LANE_STATUSES = (ChallengeVersion.validation_status, ChallengeVersion.prepare_status,
                 ChallengeVersion.examples_status)


def validation_state(result: Validation | None, done: int, total: int,
                     finished: bool) -> dict[str, Any]:
    """Return a validation's stored state (the API's `validation` body, less its status)."""
    return {"valid": (result.ok if result else False) if finished else None,
            "problems": [p.to_json() for p in result.problems] if result else [],
            "mutants": [m.to_json() for m in result.mutants] if result else [],
            "progress": {"done": done, "total": total}}


def request_validation(version: ChallengeVersion) -> None:
    """Queue a validation of `version`, forgetting any earlier one; the caller commits."""
    version.validation_status = Status.QUEUED
    version.validation = validation_state(None, 0, steps(version_spec(version)), finished=False)


def refuse_past_cap(version: ChallengeVersion) -> None:
    """Refuse (429) new lane work on a version whose author has ARENA_MAX_AUTHORING_PER_USER
    other versions with work queued or running; the operator's versions (no author) are not
    counted. The count is under a lock of the author's row (PostgreSQL), as the pending cap."""
    if version.author_id is None:
        return
    limit = current_app.config["MAX_AUTHORING_PER_USER"]
    db.session.execute(select(User.id).where(User.id == version.author_id).with_for_update())
    in_hand = (Status.QUEUED, Status.RUNNING)
    waiting = db.session.scalar(select(func.count()).select_from(ChallengeVersion).where(
        or_(*(status.in_(in_hand) for status in LANE_STATUSES)),
        ChallengeVersion.author_id == version.author_id, ChallengeVersion.id != version.id))
    if waiting >= limit:
        db.session.rollback()
        raise TooManyRequests(
            f"too much authoring in hand: {waiting} of your versions are being validated or "
            f"prepared, and an author may have at most {limit}; try again when one is done",
            retry_after=math.ceil(current_app.config["AUTHORING_SECONDS"] / 4))
