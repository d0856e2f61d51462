"""A learner's progress: which challenges they solved or attempted, grouped by track."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from sqlalchemy import case, func, select

from arena.extensions import db
from arena.models import Challenge, Kind, Submission, User
from arena.services.versions import challenge_spec
from graders.verdicts import Verdict

HISTORY_LENGTH = 20


class Mark(StrEnum):
    """Where a learner stands on one challenge."""

    SOLVED = "solved"
    ATTEMPTED = "attempted"
    NEW = "new"


@dataclass
class TrackProgress:
    """One track of the catalog: its challenges in order, and how many the learner solved."""

    name: str
    challenges: list[Challenge] = field(default_factory=list)
    solved: int = 0

    @property
    def total(self) -> int:
        """Count the track's challenges."""
        return len(self.challenges)


def marks(user: User | None) -> dict[int, Mark]:
    """Return, per challenge id, whether the user solved it or only attempted it."""
    if user is None:
        return {}
    accepted = func.max(case((Submission.verdict == Verdict.ACCEPTED, 1), else_=0))
    rows = db.session.execute(
        select(Submission.challenge_id, accepted)
        .where(Submission.user_id == user.id, Submission.kind == Kind.SUBMISSION)
        .group_by(Submission.challenge_id))
    return {challenge: Mark.SOLVED if solved else Mark.ATTEMPTED for challenge, solved in rows}


def tracks(challenges: list[Challenge], user_marks: dict[int, Mark]) -> list[TrackProgress]:
    """Group challenges (already in catalog order) by track, counting the solved ones."""
    grouped: dict[str, TrackProgress] = {}
    for challenge in challenges:
        name = challenge_spec(challenge).track
        track = grouped.setdefault(name, TrackProgress(name))
        track.challenges.append(challenge)
        track.solved += user_marks.get(challenge.id) == Mark.SOLVED
    return list(grouped.values())


def history(user: User, challenge: Challenge, limit: int = HISTORY_LENGTH) -> list[Submission]:
    """Return the user's own recorded submissions to a challenge, newest first."""
    return list(db.session.scalars(
        select(Submission)
        .where(Submission.user_id == user.id, Submission.challenge_id == challenge.id,
               Submission.kind == Kind.SUBMISSION)
        .order_by(Submission.id.desc()).limit(limit)))
