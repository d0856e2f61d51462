"""Runs: code tried on the public examples only, unrecorded, answered with full feedback."""

from __future__ import annotations

from apiflask import APIBlueprint, fields
from apiflask.validators import OneOf
from flask import current_app

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.api.idempotency import idempotent
from arena.api.locale import LangQuery
from arena.api.submissions import ACCEPTED_HEADERS, AcceptedOut, CodeIn, SubmissionOut, accepted
from arena.api.waiting import wait_for
from arena.bounds import MAX_CALL_BYTES
from arena.config import DEFAULTS
from arena.jobs.intake import submit
from arena.models import Kind, Submission
from arena.presenters import present_submission
from arena.services.authoring import draft_of
from arena.services.console import parse_call
from arena.services.submissions import get_submission

bp = APIBlueprint("runs", __name__)


class RunIn(CodeIn):
    """The code to run, and (for the challenge's authors) the draft to run it on."""

    version = fields.String(validate=OneOf(["draft"]), metadata={
        "description": "`draft`: run on the draft's public examples (its authors only)."})
    input = fields.String(metadata={
        "description": "The console: call the entry point once on these arguments instead of "
                       "running the examples, as typed (`[[1, 0]], [[1, 2]], causal=True`): "
                       "numbers, True, False, None, lists and tuples only, at most "
                       f"{MAX_CALL_BYTES} bytes. The answer's one test holds what the "
                       "function returned (`got`) or its error and traceback; `output`, what "
                       "it printed."})


@bp.post("/challenges/<slug>/runs")
@bp.auth_required(auth)
@bp.input(RunIn, location="json")
@bp.input(LangQuery, location="query")
@bp.output(SubmissionOut)
@bp.doc(summary="Run code on the public examples", responses={
    200: "Done within a short wait: the full result",
    202: {"description": "Not done within a short wait (or no place to wait was free): "
                         "poll the url",
          "content": {"application/json": {"schema": AcceptedOut}}, "headers": ACCEPTED_HEADERS},
    **error_responses(400, 401, 403, 404, 413, 422, described={
        404: "No such challenge (or draft)",
        413: f"Code over {DEFAULTS['MAX_CODE_BYTES']} bytes, or input over {MAX_CALL_BYTES}",
        422: "Missing, empty or undecodable code; input that is not literal arguments"})})
@idempotent(created=Submission, answer=accepted)
def run_view(slug: str, json_data: dict, query_data: dict) -> tuple:
    """Run code on the public examples only, unrecorded; wait briefly for full feedback, if a
    place to wait is free (`Waiters`), else answer 202 at once."""
    user = current_user()
    draft = draft_of(user, slug) if json_data.get("version") == "draft" else None
    call = parse_call(json_data["input"]) if "input" in json_data else None
    submission = submit(user, slug, json_data["code"], Kind.RUN, version=draft, call=call)
    if not wait_for(Submission, submission.id, user.id, current_app.config["RUN_WAIT_SECONDS"]):
        return accepted(submission)
    return present_submission(get_submission(user, submission.id), query_data["lang"],
                              user), 200

