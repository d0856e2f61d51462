"""Submissions and runs: queue code for grading, then read the verdict and per-test results."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import fields as fields_of

from apiflask import APIBlueprint, Schema, fields
from apiflask.validators import Length, OneOf, Range
from flask import Response, current_app, stream_with_context, url_for

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.api.idempotency import idempotent
from arena.api.locale import LangQuery
from arena.api.waiting import WaitQuery, read_wait, wait_for
from arena.bounds import INSTANTS, MAX_ID, check_instant
from arena.config import DEFAULTS
from arena.jobs.finished import follow
from arena.jobs.intake import submit
from arena.jobs.waiters import waiters_of
from arena.models import Kind, Submission
from arena.presenters import present_submission, submission_summary, submission_url
from arena.services.feedback import release_times
from arena.services.submissions import (
    Filters,
    Page,
    get_submission,
    submission_page,
)
from graders.verdicts import Status, Verdict

FILTERS = [field.name for field in fields_of(Filters)]

bp = APIBlueprint("submissions", __name__)
#: Submissions per page of the list, unless ?limit= asks for fewer or more (up to MAX_LIMIT).
DEFAULT_LIMIT = 50
MAX_LIMIT = 200
#: How long one stream of events follows a submission; the browser then connects again, after
#: EVENTS_RETRY_MS (as it does when no place to wait was free).
EVENTS_SECONDS = 30
EVENTS_RETRY_MS = 1000
ACCEPTED_HEADERS = {"Location": fields.String(
    required=True, metadata={"description": "Where to poll: the same URL as `url`."})}


class CodeIn(Schema):
    """The code to grade."""

    code = fields.String(required=True, metadata={"description": "Python source, at most "
                         f"{DEFAULTS['MAX_CODE_BYTES']} bytes of UTF-8 (ARENA_MAX_CODE_BYTES)."})


class ListQuery(Schema):
    """Filters and page of the submission list."""

    challenge = fields.String(metadata={"description": "Only this challenge's submissions."})
    course = fields.Integer(validate=Range(1, MAX_ID), metadata={
        "description": "Only those made to this course's assignments (its members only)."})
    student = fields.String(validate=Length(1, 64), metadata={"description": "A username."})
    verdict = fields.String(validate=OneOf([str(v) for v in Verdict]))
    since = fields.AwareDateTime(validate=check_instant, metadata={
        "description": f"Made at or after (with an offset), {INSTANTS}."})
    until = fields.AwareDateTime(validate=check_instant, metadata={
        "description": f"Made before (with an offset), {INSTANTS}."})
    limit = fields.Integer(load_default=DEFAULT_LIMIT, validate=Range(1, MAX_LIMIT), metadata={
        "description": f"At most this many submissions (default {DEFAULT_LIMIT}, "
                       f"at most {MAX_LIMIT})."})
    before = fields.Integer(validate=Range(1, MAX_ID), metadata={
        "description": "Only submissions older than this id: the cursor that `next` carries."})


class AcceptedOut(Schema):
    """A queued submission and where to poll it."""

    id = fields.Integer()
    status = fields.String(metadata={"example": "queued", "description": "Always `queued`: "
                                     "the state the request stored it in. Read `url` for "
                                     "its state now and, once `done`, the result."})
    url = fields.String(metadata={"description": "Poll this URL for the result."})


class TestOut(Schema):
    """One test's result; input, expected and got for public tests only."""

    name = fields.String()
    hidden = fields.Boolean()
    passed = fields.Boolean()
    message = fields.String()
    error_type = fields.String(allow_none=True)
    mutant = fields.String(allow_none=True, metadata={"description": "The bug recognised."})
    diagnosis = fields.String(allow_none=True, metadata={"description": "The bug, explained."})
    input = fields.Raw(metadata={"description": "Public tests only."})
    expected = fields.Raw(metadata={"description": "Public tests only."})
    got = fields.Raw(metadata={"description": "Public tests only."})
    weights = fields.Raw(allow_none=True, metadata={
        "description": "Public tests of attention challenges: your attention weights on this "
                       "example, read by calling your function with the values replaced by "
                       "the identity (null when they cannot be read)."})
    line = fields.Integer(allow_none=True, metadata={
        "description": "Public tests only: the line of your code where it failed, if it did."})
    traceback = fields.String(allow_none=True, metadata={
        "description": "Public tests only: the traceback of an error, your own frames only."})


class ShownRowOut(TestOut):
    """A row to show: a public test, or hidden tests that pass or fail alike saying the same."""

    count = fields.Integer(metadata={"description": "How many tests the row stands for."})
    names = fields.List(fields.String(), metadata={"description": "Their names."})


class SummaryOut(Schema):
    """What a run's public examples say (never a verdict)."""

    state = fields.String(validate=OneOf(["pass", "fail", "not-run"]))
    text = fields.String(metadata={"description": "In the reader's language."})


class GradeOut(Schema):
    """Another grade of the submission: a verdict a regrade replaced, or its grade against a
    version an assignment pins."""

    verdict = fields.String(allow_none=True)
    passed = fields.Integer()
    total = fields.Integer()
    message = fields.String()
    version = fields.Integer()
    graded_at = fields.DateTime(allow_none=True)
    regrade = fields.Integer(allow_none=True, metadata={"description": "The regrade's id."})


class SubmissionSummaryOut(AcceptedOut):
    """A submission without its tests."""

    challenge = fields.String()
    user = fields.String()
    kind = fields.String()
    verdict = fields.String(allow_none=True)
    passed = fields.Integer(allow_none=True, metadata={
        "description": "Tests passed; null while the feedback is withheld (`withheld_until`)."})
    total = fields.Integer(allow_none=True, metadata={
        "description": "Tests; null while the feedback is withheld (`withheld_until`)."})
    created_at = fields.DateTime()
    finished_at = fields.DateTime(allow_none=True)
    withheld_until = fields.DateTime(allow_none=True, metadata={
        "description": "Set while an assignment of a course you study in holds back this "
                       "submission's feedback until its due time (`feedback`: `after_due`): "
                       "until then you read its verdict alone, without the named bug, the "
                       "test rows, the counts, messages or output. Null once shown in full."})


class SubmissionOut(SubmissionSummaryOut):
    """A submission with its per-test results, and its code (to its owner and to staff)."""

    code = fields.String(metadata={"description": "The code as it was sent."})
    message = fields.String()
    output = fields.String(metadata={
        "description": "What the code printed on the public examples (never on hidden tests)."})
    diagnosis = fields.String(allow_none=True, metadata={
        "description": "The named bug, explained: the one known-wrong variant that explains "
                       "most of the failing tests, if any does."})
    tests = fields.List(fields.Nested(TestOut))
    rows = fields.List(fields.Nested(ShownRowOut), metadata={
        "description": "The tests as pages and clients show them: each public test, and one "
                       "row per group of hidden tests that pass or fail alike with the same "
                       "message."})
    summary = fields.Nested(SummaryOut, allow_none=True, metadata={
        "description": "A finished run's summary of its public examples; null for a "
                       "submission (its verdict says it) and while not done."})
    version = fields.Integer(metadata={"description": "The challenge version it was graded "
                                                      "against (a regrade moves it on)."})
    history = fields.List(fields.Nested(GradeOut), metadata={
        "description": "The verdicts regrades replaced, oldest first."})
    call = fields.Raw(allow_none=True, metadata={
        "description": "A console run's call: the arguments typed, as data ({\"args\", "
                       "\"kwargs\"}); its one test's `got` is what the function returned. "
                       "Null for every other run and submission."})
    pinned_grades = fields.List(fields.Nested(GradeOut), metadata={
        "description": "Its grades against other versions than `version` that assignments "
                       "of its author's courses pin (graded in the same job): what those "
                       "courses' gradebooks count."})


class SubmissionListOut(Schema):
    """A page of submissions, newest first, and where the next page is."""

    submissions = fields.List(fields.Nested(SubmissionSummaryOut))
    next = fields.String(allow_none=True, metadata={
        "description": "The URL of the next (older) page; null on the last page."})


def accepted(submission: Submission) -> tuple[dict, int, dict]:
    """Answer 202 with where to poll, and the submission as the request stored it: queued. A
    worker may grade it before the answer leaves (a 202 saying `done`, without the result,
    was once taken for the result by `arena submit` and the pages): its state now is at `url`."""
    url = submission_url(submission)
    return {"id": submission.id, "status": Status.QUEUED, "url": url}, 202, {"Location": url}


@bp.post("/challenges/<slug>/submissions")
@bp.auth_required(auth)
@bp.input(CodeIn, location="json")
@bp.output(AcceptedOut, status_code=202, headers=ACCEPTED_HEADERS)
@bp.doc(summary="Submit code for grading", responses=error_responses(400, 401, 404, 413, 422))
@idempotent(created=Submission, answer=accepted)
def submit_view(slug: str, json_data: dict) -> tuple[dict, int, dict]:
    """Queue code against the public examples and the hidden tests; answer 202 at once."""
    return accepted(submit(current_user(), slug, json_data["code"], Kind.SUBMISSION))


class ShowQuery(LangQuery, WaitQuery):
    """The language of texts, and how long to wait for the verdict."""


@bp.get("/submissions/<int:submission_id>")
@bp.auth_required(auth)
@bp.input(ShowQuery, location="query")
@bp.output(SubmissionOut)
@bp.doc(summary="Read a submission (optionally waiting for its verdict)",
        description="Its author's (runs included), and to the instructors of a course its "
        "author studies in, a submission made to one of the course's assignments (from the "
        "assignment's opening on); anything else answers 404.",
        responses=error_responses(401, 404, 422))
def show_view(submission_id: int, query_data: dict) -> dict:
    """Show a submission's status, verdict and per-test results; with `wait`, hold the answer
    until the verdict is stored (long polling), in one of the places runs wait in."""
    user = current_user()
    submission = get_submission(user, submission_id)
    seconds = read_wait(query_data)
    if submission.status != Status.DONE and seconds > 0:
        wait_for(Submission, submission.id, user.id, seconds)
        submission = get_submission(user, submission_id)  # as it is now
    return present_submission(submission, query_data["lang"], user)


@bp.get("/submissions/<int:submission_id>/events")
@bp.auth_required(auth)
@bp.input(LangQuery, location="query")
@bp.doc(summary="Follow a submission until its verdict (server-sent events)",
        description="A `text/event-stream` for whoever may read the submission: a `status` "
        "event (`{\"status\": ...}`) now and at each change, then a `done` event whose data "
        "is the finished submission, as `GET /submissions/<id>` answers it, and the end of "
        f"the stream. A stream lasts at most {EVENTS_SECONDS} s, or ends after its first "
        "event when no place to wait is free; the browser's EventSource then connects again "
        "by itself (`retry`). Waiting holds no thread on the server.",
        responses={200: {"description": "The stream of events",
                         "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                   **error_responses(401, 404, 422)})
def events_view(submission_id: int, query_data: dict) -> Response:
    """Push a submission's status as it changes and its verdict once recorded (SSE)."""
    user = current_user()
    get_submission(user, submission_id)  # 404 unless theirs to read
    lang = query_data["lang"]

    def events() -> Iterator[str]:
        with waiters_of(current_app).place(user.id) as waiting:
            yield f"retry: {EVENTS_RETRY_MS}\n\n"
            for status in follow(Submission, submission_id, EVENTS_SECONDS if waiting else 0):
                if status == Status.DONE:
                    done = SubmissionOut().dump(present_submission(
                        get_submission(user, submission_id), lang, user))
                    yield f"event: done\ndata: {json.dumps(done)}\n\n"
                else:
                    yield f"event: status\ndata: {json.dumps({'status': status})}\n\n"

    return Response(stream_with_context(events()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


@bp.get("/submissions")
@bp.auth_required(auth)
@bp.input(ListQuery, location="query")
@bp.output(SubmissionListOut)
@bp.doc(summary="List submissions", description="The caller's own and, for an instructor, "
        "those made to the assignments of the courses they teach.",
        responses=error_responses(401, 404, 422, described={
            404: "A course the caller is not a member of"}))
def list_view(query_data: dict) -> dict:
    """List the submissions the caller may read, newest first, a page at a time.

    Pages are cut by id, not by offset: a new submission never shifts the pages after it.
    """
    filters = Filters(**{name: query_data.get(name) for name in FILTERS})
    page = submission_page(current_user(), filters, query_data.get("before"),
                           query_data["limit"])
    withheld = release_times(current_user(), page.items)
    return {"submissions": [submission_summary(s, withheld.get(s.id)) for s in page.items],
            "next": next_url(page, query_data)}


def next_url(page: Page, query_data: dict) -> str | None:
    """Return the URL of the page after this one, with the same filter and size, or None."""
    if page.next_before is None:
        return None
    kept = {name: query_data[name] for name in FILTERS if name in query_data}
    for name in ("since", "until"):
        if name in kept:
            kept[name] = kept[name].isoformat()
    return url_for("api.submissions.list_view", **kept, limit=query_data["limit"],
                   before=page.next_before)

