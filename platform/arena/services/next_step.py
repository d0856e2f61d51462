"""What comes after a challenge: the next one to try, and the learner's progress in its track."""

from __future__ import annotations

from dataclasses import dataclass

from arena.models import Challenge, User
from arena.services.catalog import list_challenges
from arena.services.progress import Mark, marks, tracks


@dataclass(frozen=True)
class NextStep:
    """The challenge's track with the learner's progress in it once this challenge is solved,
    and where to go next: a challenge (`next_challenge`, in `next_track`), or None at the end."""

    track: str
    solved: int  # the track's challenges solved, this one among them
    total: int
    next_challenge: Challenge | None
    next_track: str | None


def next_step(user: User, challenge: Challenge) -> NextStep | None:
    """Return the step after `challenge` for `user` (None for a challenge not in the catalog).

    The next challenge is the first after this one, in catalog order, that the learner has not
    solved: the rest of its track first, then the next tracks; when all are solved, none.
    """
    catalog = list_challenges(user)
    if challenge.id not in {c.id for c in catalog}:
        return None
    user_marks = {**marks(user), challenge.id: Mark.SOLVED}
    track = next(t for t in tracks(catalog, user_marks) if challenge in t.challenges)
    after = catalog[[c.id for c in catalog].index(challenge.id) + 1:]
    following = next((c for c in after if user_marks.get(c.id) != Mark.SOLVED), None)
    following_track = None
    if following is not None:
        following_track = next(t.name for t in tracks(catalog, user_marks)
                               if following in t.challenges)
    return NextStep(track.name, track.solved, track.total, following, following_track)
