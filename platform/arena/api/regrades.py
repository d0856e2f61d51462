"""Regrades for instructors: grade a challenge's submissions again, in the background, against
its published version or the version a course pins, and follow the progress."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields
from apiflask.validators import Length, Range
from flask import url_for

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.api.idempotency import idempotent
from arena.bounds import MAX_ID
from arena.jobs.intake import regrade as queue_regrade
from arena.models import Regrade
from arena.services.regrades import progress, visible_regrade

bp = APIBlueprint("regrades", __name__)


class RegradeIn(Schema):
    """Which submissions: those made to a course's assignments, one student's, or (no course)
    every one."""

    course = fields.Integer(validate=Range(1, MAX_ID), metadata={
        "description": "A course you teach: the submissions made to its assignments, graded "
                       "against the version the course pins. Without it, every submission, "
                       "against the published version (admins and the challenge's owner)."})
    student = fields.String(validate=Length(1, 64), metadata={
        "description": "Only this student's submissions (in the course, when one is given)."})


class RegradeUrlOut(Schema):
    """A queued regrade and where to follow it."""

    id = fields.Integer()
    url = fields.String(metadata={"description": "GET it for the progress."})


class RegradeOut(Schema):
    """A regrade's scope and progress."""

    id = fields.Integer()
    challenge = fields.String()
    version = fields.Integer(metadata={"description": "The version graded against."})
    course = fields.Integer(allow_none=True)
    student = fields.String(allow_none=True)
    status = fields.String(metadata={"description": "queued | running | done"})
    total = fields.Integer(metadata={"description": "Submissions in scope."})
    done = fields.Integer(metadata={"description": "Submissions regraded so far."})
    changed = fields.Integer(metadata={"description": "Regraded to a different verdict."})
    failed = fields.Integer(metadata={
        "description": "The platform could not regrade them; they keep their verdict."})
    created_at = fields.DateTime()
    finished_at = fields.DateTime(allow_none=True)


def _shown(regrade: Regrade) -> dict:
    counts = progress(regrade)
    return {"id": regrade.id, "challenge": regrade.challenge.slug,
            "version": regrade.version.number, "course": regrade.course_id,
            "student": regrade.student.username if regrade.student else None,
            "status": counts.status, "total": counts.total, "done": counts.done,
            "changed": counts.changed, "failed": counts.failed,
            "created_at": regrade.created_at, "finished_at": counts.finished_at}


@bp.post("/challenges/<slug>/regrade")
@bp.auth_required(auth)
@bp.input(RegradeIn, location="json")
@bp.output(RegradeUrlOut, status_code=202)
@bp.doc(summary="Regrade a challenge's submissions", description="Against the version the "
        "course pins (with `course`), else against its published version, in the background, "
        "after learners' new submissions; every earlier verdict stays in the submission's "
        "`history`. A course's gradebook counts only grades against the version it pins, so a "
        "regrade never changes another course's. Follow the url.",
        responses=error_responses(401, 403, 404, 422, described={
            404: "No published challenge, course or student by that name (or not yours), or "
                 "no assignment of the course holds the challenge"}))
@idempotent(created=Regrade, answer=lambda regrade: _accepted(regrade))
def regrade_view(slug: str, json_data: dict) -> tuple:
    """Queue a regrade."""
    return _accepted(queue_regrade(current_user(), slug, json_data.get("course"),
                                   json_data.get("student")))


def _accepted(regrade: Regrade) -> tuple:
    """Answer 202 with where to follow the regrade."""
    url = url_for("api.regrades.show_view", regrade_id=regrade.id)
    return {"id": regrade.id, "url": url}, 202, {"Location": url}


@bp.get("/regrades/<int:regrade_id>")
@bp.auth_required(auth)
@bp.output(RegradeOut)
@bp.doc(summary="Follow a regrade", description="Its requester, its course's instructors "
        "and admins.", responses=error_responses(401, 404))
def show_view(regrade_id: int) -> dict:
    """Show a regrade's progress."""
    return _shown(visible_regrade(current_user(), regrade_id))
