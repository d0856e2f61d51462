"""Lessons: list them, show one with its cells, and run a cell's code in the sandbox (visitors
may too; the run is read back through its unguessable id)."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields
from flask import current_app, request

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.api.locale import LangQuery
from arena.api.waiting import WaitQuery, read_wait, wait_for
from arena.errors import Unauthenticated
from arena.jobs.intake import run_cell
from arena.models import CellRun, User
from arena.presenters.lessons import lesson_detail, lesson_summary, present_cell_run
from arena.services.lessons import get_cell_run, get_lesson, list_lessons
from graders.bounds import MAX_CELL_CODE_BYTES, MAX_CELL_SHOWN
from graders.verdicts import Status

bp = APIBlueprint("lessons", __name__)


class LessonSummaryOut(Schema):
    """A lesson as listed."""

    slug = fields.String(metadata={"example": "attention-basics"})
    title = fields.String()
    order = fields.Integer()
    track = fields.String(metadata={"example": "foundations"})
    challenges = fields.List(fields.String(), metadata={
        "description": "The slugs of the challenges the lesson links to, in order."})
    language = fields.String(metadata={
        "description": "The language of the lesson's text: the asked one, else English."})


class LessonListOut(Schema):
    """The lessons, in order."""

    lessons = fields.List(fields.Nested(LessonSummaryOut))


class LessonCellOut(Schema):
    """A runnable cell."""

    id = fields.String(metadata={"example": "example"})
    code = fields.String()
    expected_output = fields.String(metadata={"description": "What the cell prints."})


class LessonOut(LessonSummaryOut):
    """A lesson with its cells."""

    cells = fields.List(fields.Nested(LessonCellOut))


class CellCodeIn(Schema):
    """The code to run as the cell."""

    code = fields.String(required=True, metadata={
        "description": f"Python run as a script, at most {MAX_CELL_CODE_BYTES} bytes."})


class CellRunOut(Schema):
    """A cell run: its status, then (done) what it printed."""

    id = fields.String(metadata={"description": "The run's unguessable id."})
    lesson = fields.String()
    cell = fields.String()
    status = fields.String(metadata={"example": "done"})
    url = fields.String(metadata={"description": "Poll this URL for the result."})
    stdout = fields.String(metadata={"description": f"At most {MAX_CELL_SHOWN} characters."})
    stderr = fields.String(metadata={
        "description": "The traceback (only the cell's own frames) and other error output."})
    stdout_truncated = fields.Boolean()
    stderr_truncated = fields.Boolean()
    error_type = fields.String(allow_none=True, metadata={
        "description": "The exception that ended the cell, if any."})
    line = fields.Integer(allow_none=True, metadata={"description": "Its line in the cell."})
    limit = fields.String(allow_none=True, metadata={
        "description": "The limit that stopped the cell: `time`, `memory` or `output`."})
    failed = fields.Boolean(metadata={"description": "The platform failed to run it."})
    matches = fields.Boolean(metadata={
        "description": "It ended normally and printed the cell's expected output (trailing "
                       "whitespace aside)."})


RUN_HEADERS = {"Location": fields.String(required=True, metadata={
    "description": "Where to poll: the same URL as `url`."})}


@bp.get("/lessons")
@bp.input(LangQuery, location="query")
@bp.output(LessonListOut)
@bp.doc(summary="List the lessons", responses=error_responses(422))
def list_view(query_data: dict) -> dict:
    """List the lessons in order, titles in the asked language."""
    return {"lessons": [lesson_summary(lesson, query_data["lang"])
                        for lesson in list_lessons()]}


@bp.get("/lessons/<slug>")
@bp.input(LangQuery, location="query")
@bp.output(LessonOut)
@bp.doc(summary="Show a lesson and its cells", responses=error_responses(404, 422))
def show_view(slug: str, query_data: dict) -> dict:
    """Show one lesson's cells in the asked language (English where it is not written)."""
    return lesson_detail(get_lesson(slug), query_data["lang"])


@bp.post("/lessons/<slug>/cells/<cell_id>/runs")
@bp.auth_required(auth, optional=True)
@bp.input(CellCodeIn, location="json")
@bp.output(CellRunOut)
@bp.doc(summary="Run code as a lesson's cell", description=(
    "Runs the code in the sandbox, as a script, with the cell limits. Visitors may run cells "
    "(counted per address; a logged-in user also per user). The answer is the result when it "
    "is done within a short wait (200), else 202 with the URL to poll."),
    responses={202: {"description": "Not done within a short wait: poll the url",
                     "content": {"application/json": {"schema": CellRunOut}},
                     "headers": RUN_HEADERS},
               **error_responses(400, 401, 404, 422, 429, described={
                   404: "No such lesson or cell",
                   422: f"Missing, empty or undecodable code, or over {MAX_CELL_CODE_BYTES} "
                        "bytes"})})
def run_view(slug: str, cell_id: str, json_data: dict) -> tuple:
    """Run a cell's code; wait briefly for the result if a place to wait is free."""
    user = caller()
    run = run_cell(user, slug, cell_id, json_data["code"])
    wait_for(CellRun, run.id, waiter(user), current_app.config["RUN_WAIT_SECONDS"])
    body = present_cell_run(get_cell_run(run.token))
    if body["status"] == "done":
        return body, 200
    return body, 202, {"Location": body["url"]}


@bp.get("/cell-runs/<token>")
@bp.auth_required(auth, optional=True)
@bp.input(WaitQuery, location="query")
@bp.output(CellRunOut)
@bp.doc(summary="Show a cell run (optionally waiting for its output)", description="Its id "
        "is its only key: whoever started the run learnt it, no one else can guess it. A wait "
        "counts against the caller (a token's or the session's user, else the address), as "
        "the run's own POST does.", responses=error_responses(401, 404, 422))
def cell_run_view(token: str, query_data: dict) -> dict:
    """Show a cell run's status and, once done, what it printed; with `wait`, hold the answer
    until it is done (long polling)."""
    user = caller()
    run = get_cell_run(token)
    seconds = read_wait(query_data)
    if run.status != Status.DONE and seconds > 0:
        wait_for(CellRun, run.id, waiter(user), seconds)
        run = get_cell_run(token)  # as it is now
    return present_cell_run(run)


def caller() -> User | None:
    """Return the request's user (a token's or the session's), None for a visitor; a token
    that is not valid answers 401 rather than passing for a visitor."""
    user = current_user()
    if user is None and "Authorization" in request.headers:
        raise Unauthenticated("the token sent is not valid; send a valid one, or none")
    return user


def waiter(user: User | None) -> int | str:
    """Whom a wait counts against: the user, else the visitor's address."""
    return user.id if user else f"address:{request.remote_addr}"
