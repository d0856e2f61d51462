"""Runs: code tried on the public examples only, unrecorded, answered with full feedback."""

from __future__ import annotations

from apiflask import APIBlueprint
from flask import current_app

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.api.locale import LangQuery
from arena.api.submissions import ACCEPTED_HEADERS, AcceptedOut, CodeIn, SubmissionOut, accepted
from arena.config import DEFAULTS
from arena.intake import submit
from arena.models import Kind
from arena.presenters import present_submission
from arena.services.submissions import get_submission, wait_until_done

bp = APIBlueprint("runs", __name__)


@bp.post("/challenges/<slug>/runs")
@bp.auth_required(auth)
@bp.input(CodeIn, location="json")
@bp.input(LangQuery, location="query")
@bp.output(SubmissionOut)
@bp.doc(summary="Run code on the public examples", responses={
    200: "Done: the full result",
    202: {"description": "Still running: poll the url",
          "content": {"application/json": {"schema": AcceptedOut}}, "headers": ACCEPTED_HEADERS},
    **error_responses(400, 401, 404, 413, 422, described={
        404: "No such challenge", 413: f"Code over {DEFAULTS['MAX_CODE_BYTES']} bytes",
        422: "Missing, empty or undecodable code"})})
def run_view(slug: str, json_data: dict, query_data: dict) -> tuple:
    """Run code on the public examples only, unrecorded; wait briefly for full feedback."""
    submission = submit(current_user(), slug, json_data["code"], Kind.RUN)
    timeout = submission.version.time_limit + current_app.config["RUN_WAIT_EXTRA_SECONDS"]
    if not wait_until_done(submission.id, timeout):
        return accepted(submission)
    return present_submission(get_submission(current_user(), submission.id),
                              query_data["lang"]), 200
