"""What a course gets wrong, for its instructors: per challenge the verdicts and the named
bugs (services.insights), and per assignment the pairs of similar submissions
(services.similarity)."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.api.locale import LangQuery
from arena.presenters import localized
from arena.services.insights import ChallengeInsight, course_insights
from arena.services.similarity import REPORTED_FROM, similarity_report

bp = APIBlueprint("insights", __name__)


class BugOut(Schema):
    """A bug the grader named, and how many students met it."""

    name = fields.String(metadata={"example": "no_scaling"})
    explanation = fields.String(allow_none=True, metadata={
        "description": "What the bug is, in the reader's language (the mutant's explanation)"})
    students = fields.Integer(metadata={
        "description": "Students whose counted submissions it was named in at least once"})
    share = fields.Float(metadata={"description": "`students` over the students who tried"})


class AttemptsOut(Schema):
    """Counted attempts until the first accept, over the students accepted."""

    median = fields.Float(allow_none=True)
    distribution = fields.List(fields.Dict(keys=fields.String(), values=fields.Integer()),
                               metadata={"description": "`{attempts, students}`, ascending"})


class StuckOut(Schema):
    """A student who tried and was never accepted."""

    username = fields.String()
    attempts = fields.Integer()
    verdict = fields.String(metadata={"description": "Their newest counted verdict"})
    bug = fields.String(allow_none=True, metadata={
        "description": "The bug named in their newest submission that had one"})


class ChallengeInsightOut(Schema):
    """How the class fares on one challenge of one assignment."""

    assignment = fields.Integer(metadata={"description": "The assignment's id"})
    slug = fields.String()
    title = fields.String()
    tried = fields.Integer(metadata={"description": "Students with a counted attempt"})
    accepted = fields.Integer(metadata={"description": "Students accepted at least once"})
    not_tried = fields.Integer()
    verdicts = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Counted attempts by verdict (`internal_error` is not an attempt)"})
    named_bugs = fields.List(fields.Nested(BugOut), metadata={
        "description": "The bugs named, most students first"})
    attempts_to_accept = fields.Nested(AttemptsOut)
    stuck = fields.List(fields.Nested(StuckOut))


class AssignmentGroupOut(Schema):
    """An assignment and its challenges, in order."""

    id = fields.Integer()
    title = fields.String()
    opens_at = fields.DateTime()
    due_at = fields.DateTime()
    challenges = fields.List(fields.String())


class InsightsOut(Schema):
    """A course's insights: one entry per challenge of each assignment."""

    course = fields.Integer()
    students = fields.Integer(metadata={"description": "The course's students"})
    assignments = fields.List(fields.Nested(AssignmentGroupOut))
    challenges = fields.List(fields.Nested(ChallengeInsightOut), metadata={
        "description": "Per assignment (`assignment`) and challenge, in the assignments' order"})


def _challenge(assignment_id: int, shown: ChallengeInsight, students: int, lang: str) -> dict:
    return {
        "assignment": assignment_id, "slug": shown.slug,
        "title": localized(shown.title, lang) or shown.slug, "tried": shown.tried,
        "accepted": shown.accepted, "not_tried": students - shown.tried,
        "verdicts": shown.verdicts,
        "named_bugs": [{"name": b.name, "explanation": localized(b.explanation, lang),
                        "students": b.students, "share": round(b.share, 4)}
                       for b in shown.named_bugs],
        "attempts_to_accept": {"median": shown.median_attempts, "distribution": [
            {"attempts": n, "students": count} for n, count in shown.attempts_to_accept.items()]},
        "stuck": [{"username": s.username, "attempts": s.attempts, "verdict": s.verdict,
                   "bug": s.bug} for s in shown.stuck]}


@bp.get("/courses/<int:course_id>/insights")
@bp.auth_required(auth)
@bp.input(LangQuery, location="query")
@bp.output(InsightsOut)
@bp.doc(summary="What a course gets wrong", description="Per assignment and challenge, "
        "built-in ones too: counted attempts by verdict, the bugs the grader named with the "
        "students who met each, attempts until the first accept, and the students stuck "
        "(tried, never accepted). Only the course's students' submissions that an assignment "
        "counts (as the gradebook counts them). Its instructors and admins.",
        responses=error_responses(401, 403, 404))
def insights_view(course_id: int, query_data: dict) -> dict:
    """Return the course's insights."""
    found = course_insights(current_user(), course_id)
    lang = query_data["lang"]
    return {"course": found.course.id, "students": found.students,
            "assignments": [{"id": a.assignment.id, "title": a.assignment.title,
                             "opens_at": a.assignment.opens_at, "due_at": a.assignment.due_at,
                             "challenges": [c.slug for c in a.challenges]}
                            for a in found.assignments],
            "challenges": [_challenge(a.assignment.id, c, found.students, lang)
                           for a in found.assignments for c in a.challenges]}


class PairOut(Schema):
    """Two students' submissions to one challenge and how alike they are."""

    students = fields.List(fields.String(), metadata={"example": ["sam", "sue"]})
    challenge = fields.String()
    score = fields.Float(metadata={
        "description": "0 to 1: the larger share of either's own code found in the other"})
    flagged = fields.Boolean(metadata={"description": "`score` is `threshold` or more"})
    submissions = fields.List(fields.Integer(), metadata={
        "description": "The submissions compared, in the order of `students`"})


class ComparedOut(Schema):
    """How many students' submissions to a challenge were compared."""

    slug = fields.String()
    compared = fields.Integer()
    left_out = fields.Integer(metadata={"description": "Students past the bound, not compared"})


class SimilarityOut(Schema):
    """An assignment's similarity report."""

    assignment = fields.Integer()
    threshold = fields.Float()
    challenges = fields.List(fields.Nested(ComparedOut))
    pairs = fields.List(fields.Nested(PairOut), metadata={
        "description": f"Per challenge, the most alike pairs (score {REPORTED_FROM} or more), "
                       "most alike first"})


@bp.get("/courses/<int:course_id>/assignments/<int:assignment_id>/similarity")
@bp.auth_required(auth)
@bp.output(SimilarityOut)
@bp.doc(summary="Similar submissions in an assignment", description="Per challenge, each "
        "student's newest accepted submission that the assignment counts (else their newest "
        "counted one) is compared with the others' (copydetect's winnowing: renamed names and "
        "moved code still match), without the starter, the reference and the code most of "
        "the class shares. It changes no verdict and no grade. Its course's instructors and "
        "admins.", responses=error_responses(401, 403, 404))
def similarity_view(course_id: int, assignment_id: int) -> dict:
    """Return the assignment's similarity report."""
    report = similarity_report(current_user(), course_id, assignment_id)
    return {"assignment": report.assignment.id, "threshold": report.threshold,
            "challenges": [{"slug": c.slug, "compared": c.compared, "left_out": c.left_out}
                           for c in report.challenges],
            "pairs": [{"students": [p.first.username, p.second.username],
                       "challenge": p.challenge, "score": p.match.score, "flagged": p.flagged,
                       "submissions": [p.first.submission_id, p.second.submission_id]}
                      for c in report.challenges for p in c.pairs]}
