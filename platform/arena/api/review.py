"""The AI review of a graded submission: streamed as server-sent events, or whole as JSON."""

from __future__ import annotations

import json
from collections.abc import Iterator

from apiflask import APIBlueprint, Schema, fields
from flask import Response, current_app, request, stream_with_context

from arena.api.auth import auth, current_user
from arena.api.errors import ErrorOut, error_responses
from arena.api.locale import LangQuery
from arena.presenters.review import review_request
from arena.ratelimit import count_review
from arena.services.review import (
    Reviewer,
    ReviewFailed,
    check_reviewable,
    keep_review,
    kept_review,
    open_review,
    review_key,
    review_messages,
)
from arena.services.submissions import get_submission

bp = APIBlueprint("review", __name__)
EVENTS = "text/event-stream"


class ReviewOut(Schema):
    """A review, under the grader's verdict that it may not contradict."""

    verdict = fields.String(metadata={"description": "The grader's verdict: the final word."})
    passed = fields.Integer()
    total = fields.Integer()
    review = fields.String(metadata={"description": "The reviewer's text (plain text)."})
    cached = fields.Boolean(metadata={"description": "Kept from an earlier ask."})


def _event(name: str, data: dict) -> str:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"


def _stream(header: dict, pieces: Iterator[str], key: str | None) -> Iterator[str]:
    """Send the verdict, the review's pieces, then `done` (or `error`); keep it once whole."""
    yield _event("verdict", header)
    text = []
    try:
        for piece in pieces:
            text.append(piece)
            yield _event("review", {"text": piece})
    except ReviewFailed as failed:
        yield _event("error", {"error": {"code": failed.code, "message": failed.message}})
        return
    if key is not None:
        keep_review(key, "".join(text), current_app.config["REVIEW_CACHE_ROWS"])
    yield _event("done", {"cached": key is None})


@bp.post("/submissions/<int:submission_id>/review")
@bp.auth_required(auth)
@bp.input(LangQuery, location="query")
@bp.output(ReviewOut)
@bp.doc(summary="Ask the AI reviewer about a graded submission",
        description="Told the statement, the code, the verdict, the named bug and the public "
        "examples, never a hidden test. With `Accept: text/event-stream`, the answer streams as "
        "events: `verdict` (the grader's), `review` (`{\"text\"}` pieces), then `done` or "
        "`error` (`{\"error\": {\"code\", \"message\"}}`). Kept per code, version, verdict, "
        "language and model.",
        responses={**error_responses(401, 404, 409, 422, described={
            409: "A run, a submission not graded yet, or one whose assignment shows its "
                 "feedback after the due time (code `feedback_withheld`)"}),
            502: {"description": "The reviewer failed (`review_failed`)",
                  "content": {"application/json": {"schema": ErrorOut}}},
            503: {"description": "No reviewer is configured (`review_unavailable`)",
                  "content": {"application/json": {"schema": ErrorOut}}},
            504: {"description": "The reviewer took too long (`review_failed`)",
                  "content": {"application/json": {"schema": ErrorOut}}}})
def review_view(submission_id: int, query_data: dict) -> dict | Response:
    """Review a graded submission of the caller's (or of a student they teach)."""
    user = current_user()
    submission = get_submission(user, submission_id)
    check_reviewable(user, submission)
    reviewer = Reviewer.configured(current_app.config)
    lang = query_data["lang"]
    key = review_key(submission, lang, reviewer.model)
    header = {"verdict": str(submission.verdict), "passed": submission.passed,
              "total": submission.total}
    kept = kept_review(key)
    if kept is None:
        count_review(user.id)
        pieces = open_review(reviewer, review_messages(review_request(submission, lang, user)))
    if request.accept_mimetypes.best_match(["application/json", EVENTS]) == EVENTS:
        stream = _stream(header, iter([kept]) if kept is not None else pieces,
                         None if kept is not None else key)
        return Response(stream_with_context(stream), mimetype=EVENTS,
                        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
    if kept is None:
        kept_now = "".join(pieces)
        keep_review(key, kept_now, current_app.config["REVIEW_CACHE_ROWS"])
        return {**header, "review": kept_now, "cached": False}
    return {**header, "review": kept, "cached": True}
