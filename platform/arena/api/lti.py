"""A course's LTI side, for its instructors: the scores sent to the LMS with their status, and
a roster sync from it (arena.lti)."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.errors import ArenaError
from arena.lti.messages import PlatformError
from arena.lti.roster import sync_roster
from arena.lti.scores import course_scores, score_status

bp = APIBlueprint("lti", __name__)


class ScoreOut(Schema):
    """One student's score on one LMS activity."""

    username = fields.String()
    resource_link = fields.String(metadata={"description": "The LMS's resource link id"})
    challenge = fields.String(allow_none=True, metadata={"description": "The linked challenge"})
    assignment = fields.Integer(allow_none=True, metadata={
        "description": "The linked assignment's id"})
    status = fields.String(metadata={
        "description": "`pending` (queued, being sent or waiting to try again), `sent` or "
                       "`failed` (the LMS refused it or was away for every try)",
        "example": "sent"})
    score_given = fields.Float(allow_none=True, metadata={"description": "The last score sent"})
    score_maximum = fields.Float(allow_none=True)
    sent_at = fields.DateTime(allow_none=True, metadata={
        "description": "The timestamp of the last score sent"})
    tries = fields.Integer(metadata={"description": "Failed tries in a row"})
    error = fields.String(allow_none=True, metadata={"description": "Why the last try failed"})


class ScoresOut(Schema):
    """The scores of a course's LMS activities."""

    scores = fields.List(fields.Nested(ScoreOut))


class RosterOut(Schema):
    """What a roster sync did."""

    members = fields.Integer(metadata={"description": "Active members in the LMS"})
    added = fields.Integer(metadata={"description": "Of them, new to the course"})


@bp.get("/courses/<int:course_id>/lti/scores")
@bp.auth_required(auth)
@bp.output(ScoresOut)
@bp.doc(summary="Scores sent to the LMS", description="Each student's score on each activity "
        "of the LMS course bound to this course (LTI 1.3 Assignment and Grade Services), "
        "with its status. Its instructors and admins.",
        responses=error_responses(401, 403, 404))
def scores_view(course_id: int) -> dict:
    """Return the course's LTI scores."""
    return {"scores": [{
        "username": s.user.username, "resource_link": s.link.resource_link_id,
        "challenge": s.link.challenge.slug if s.link.challenge else None,
        "assignment": s.link.assignment_id, "status": score_status(s),
        "score_given": s.score_given, "score_maximum": s.score_maximum,
        "sent_at": s.sent_timestamp, "tries": s.tries, "error": s.error}
        for s in course_scores(current_user(), course_id)]}


class PlatformAway(ArenaError):
    """The LMS did not answer a roster sync."""

    status, code = 502, "platform_unavailable"


@bp.post("/courses/<int:course_id>/lti/roster")
@bp.auth_required(auth)
@bp.output(RosterOut)
@bp.doc(summary="Fill the members from the LMS", description="Names and Role Provisioning "
        "Services: every active member of the bound LMS course becomes a member here in the "
        "role the LMS gives them. `409` (`no_roster_service`) when no launch offered the "
        "service; `502` when the LMS does not answer. Its instructors and admins.",
        responses=error_responses(401, 403, 404, 409, 502, described={
            502: "The LMS did not answer, or answered nonsense"}))
def roster_view(course_id: int) -> dict:
    """Sync the course's roster from its LMS."""
    try:
        done = sync_roster(current_user(), course_id)
    except PlatformError as exc:
        raise PlatformAway(f"the LMS did not answer: {exc}") from exc
    return {"members": done.members, "added": done.added}
