"""Who may read a challenge's editorial: the one unlock rule.

A learner may once they solved the challenge (an accepted submission) or after
`EDITORIAL_AFTER_ATTEMPTS` graded submissions to it (runs do not count, nor a grading that
failed on the platform's side); an instructor or an admin always may.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app
from sqlalchemy import case, func, select

from arena.errors import Forbidden
from arena.extensions import db
from arena.models import Challenge, Kind, Role, Submission, User
from graders.verdicts import Status, Verdict


@dataclass(frozen=True)
class EditorialAccess:
    """Whether a user may read a challenge's editorial, and if not, how far they are from it."""

    unlocked: bool
    attempts_left: int  # graded submissions still needed (0 once unlocked)


class EditorialLocked(Forbidden):
    """The caller may not read this editorial yet; the message says how to unlock it."""

    code = "editorial_locked"


def editorial_access(user: User, challenge: Challenge) -> EditorialAccess:
    """Return whether `user` may read the editorial of `challenge`."""
    if user.role in (Role.INSTRUCTOR, Role.ADMIN):
        return EditorialAccess(True, 0)
    accepted = func.max(case((Submission.verdict == Verdict.ACCEPTED, 1), else_=0))
    graded, solved = db.session.execute(
        select(func.count(Submission.id), accepted)
        .where(Submission.user_id == user.id, Submission.challenge_id == challenge.id,
               Submission.kind == Kind.SUBMISSION, Submission.status == Status.DONE,
               Submission.verdict != Verdict.INTERNAL_ERROR)).one()
    left = max(current_app.config["EDITORIAL_AFTER_ATTEMPTS"] - graded, 0)
    return EditorialAccess(bool(solved) or left == 0, 0 if solved else left)


def require_editorial_access(user: User, challenge: Challenge) -> None:
    """Raise `EditorialLocked`, saying how to unlock it, unless `user` may read the editorial."""
    access = editorial_access(user, challenge)
    if not access.unlocked:
        raise EditorialLocked(
            f"the editorial of {challenge.slug!r} unlocks when you solve the challenge, or after "
            f"{access.attempts_left} more graded submission{'s' * (access.attempts_left != 1)}")
