"""Similar submissions in an assignment, for its course's instructors: per challenge, each
student's newest accepted submission that the assignment counts (else their newest counted
one), compared pairwise by services.code_similarity without the starter, the reference and
the code most of the class shares. It only reads: no verdict or grade changes.

The work is bounded: at most MAX_STUDENTS students per challenge are compared (the first by
username; the report says how many were left out), each submission's first
code_similarity.MAX_COMPARED_CHARS characters, and a report keeps each challenge's
MAX_PAIRS most alike pairs from REPORTED_FROM on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from sqlalchemy import select

from arena.errors import NotFound
from arena.extensions import db
from arena.models import Assignment, AssignmentChallenge, Submission, User
from arena.services.assignments import managed_assignment
from arena.services.code_similarity import (
    THRESHOLD,
    Fingerprint,
    Match,
    compare,
    drop_common,
    fingerprint,
    kgram_hashes,
    segments,
)
from arena.services.gradebook_cells import counted_submissions
from arena.services.versions import version_spec
from graders.verdicts import Verdict

#: Students compared per challenge: 64 take 0.4 s, 150 1.2 s (docs/decisions.md).
MAX_STUDENTS = 150
#: Pairs kept per challenge, the most alike first, and the least score a kept pair has.
MAX_PAIRS = 100
REPORTED_FROM = 0.4


@dataclass
class Compared:
    """A student's submission compared for one challenge."""

    username: str
    submission_id: int
    piece: Fingerprint


@dataclass
class Pair:
    """Two students' submissions to one challenge and how alike they are."""

    challenge: str
    first: Compared
    second: Compared
    match: Match

    @property
    def flagged(self) -> bool:
        """Tell whether the pair is alike enough to look at (code_similarity.THRESHOLD)."""
        return self.match.score >= THRESHOLD


@dataclass
class ChallengeReport:
    """One challenge's comparison: how many students were compared, how many left out."""

    slug: str
    compared: int
    left_out: int
    pairs: list[Pair] = field(default_factory=list)


@dataclass
class SimilarityReport:
    """An assignment's similarity report, a ChallengeReport per challenge in order."""

    assignment: Assignment
    challenges: list[ChallengeReport]
    threshold: float = THRESHOLD


def _chosen(assignment: Assignment, item: AssignmentChallenge) -> list[tuple[str, int]]:
    """Return (username, submission id) of each student's newest accepted counted submission
    to the challenge, else their newest counted one, by username."""
    counted = counted_submissions(Assignment.id == assignment.id,
                                  AssignmentChallenge.challenge_id == item.challenge_id
                                  ).subquery("counted")
    rows = db.session.execute(
        select(User.username, counted.c.id, counted.c.verdict)
        .join(User, User.id == counted.c.user_id)
        .order_by(counted.c.created_at, counted.c.id))
    newest: dict[str, int] = {}
    accepted: dict[str, int] = {}
    for username, submission_id, verdict in rows:
        newest[username] = submission_id
        if verdict == Verdict.ACCEPTED:
            accepted[username] = submission_id
    return sorted((name, accepted.get(name, newest[name])) for name in newest)


def _compared(item: AssignmentChallenge, chosen: list[tuple[str, int]]) -> list[Compared]:
    """Fingerprint the chosen submissions without the version's starter and reference, then
    without what most of them share."""
    spec = version_spec(item.version)
    given = kgram_hashes(spec.starter) | kgram_hashes(spec.reference)
    codes = dict(db.session.execute(select(Submission.id, Submission.code).where(
        Submission.id.in_([submission_id for _name, submission_id in chosen]))).all())
    pieces = [Compared(name, submission_id, fingerprint(codes[submission_id], given))
              for name, submission_id in chosen]
    drop_common(piece.piece for piece in pieces)
    return pieces


def _challenge_report(assignment: Assignment, item: AssignmentChallenge) -> ChallengeReport:
    """Compare the challenge's chosen submissions pairwise; keep the most alike pairs."""
    chosen = _chosen(assignment, item)
    pieces = _compared(item, chosen[:MAX_STUDENTS])
    report = ChallengeReport(item.challenge.slug, len(pieces), len(chosen) - len(pieces))
    pairs = [Pair(report.slug, a, b, compare(a.piece, b.piece))
             for a, b in combinations(pieces, 2)]
    pairs.sort(key=lambda p: (-p.match.score, p.first.username, p.second.username))
    report.pairs = [p for p in pairs if p.match.score >= REPORTED_FROM][:MAX_PAIRS]
    return report


def similarity_report(user: User, course_id: int, assignment_id: int) -> SimilarityReport:
    """Return an assignment's similarity report to its course's instructors and admins."""
    assignment = managed_assignment(user, course_id, assignment_id)
    return SimilarityReport(assignment, [_challenge_report(assignment, item)
                                         for item in assignment.items])


@dataclass
class SideBySide:
    """A pair shown side by side: each code cut into (text, matched) segments."""

    pair: Pair
    first: list[tuple[str, bool]]
    second: list[tuple[str, bool]]


def side_by_side(user: User, course_id: int, assignment_id: int, slug: str,
                 first_id: int, second_id: int) -> SideBySide:
    """Return two compared submissions to a challenge of an assignment with their matches
    marked; NotFound unless both are ones its similarity report compares."""
    assignment = managed_assignment(user, course_id, assignment_id)
    item = next((i for i in assignment.items if i.challenge.slug == slug), None)
    if item is None:
        raise NotFound(f"no challenge {slug!r} in this assignment")
    chosen = _chosen(assignment, item)[:MAX_STUDENTS]
    if not {first_id, second_id} <= {submission_id for _name, submission_id in chosen} or (
            first_id == second_id):
        raise NotFound("these submissions are not a pair of this report")
    pieces = {p.submission_id: p for p in _compared(item, chosen)}
    first, second = pieces[first_id], pieces[second_id]
    match = compare(first.piece, second.piece)
    return SideBySide(Pair(slug, first, second, match),
                      segments(first.piece.code, match.spans[0]),
                      segments(second.piece.code, match.spans[1]))
