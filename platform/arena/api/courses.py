"""Courses for scripts: create one, join with its code, manage its members, its assignments,
archive or delete it, and read its gradebook (JSON or CSV)."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields
from apiflask.validators import Length, OneOf, Range
from flask import Response, current_app, url_for

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.api.idempotency import idempotent
from arena.bounds import INSTANTS, MAX_ID, check_instant
from arena.joining import join_by_code
from arena.models import Assignment, Course, CourseMember, FeedbackRelease, LatePolicy
from arena.services.assignments import (
    MAX_CHALLENGES,
    MAX_EXTENSIONS,
    UNCHANGED,
    AssignmentFields,
    create_assignment,
    delete_assignment,
    update_assignment,
    visible_assignments,
)
from arena.services.courses import (
    add_instructor,
    courses_of,
    create_course,
    delete_course,
    members_of,
    membership,
    remove_member,
    set_archived,
    teaches,
    visible_course,
)
from arena.services.gradebook import NO_ATTEMPT, Cell, Gradebook, Row, gradebook
from arena.services.gradebook_csv import Layout, as_csv
from arena.services.grades import MAX_POINTS, LatePenalty
from arena.services.roster import LIMITS, RosterFields, update_roster

bp = APIBlueprint("courses", __name__)


class CourseIn(Schema):
    """A new course."""

    title = fields.String(required=True, validate=Length(1, 200),
                          metadata={"example": "Attention, autumn term"})


class JoinIn(Schema):
    """The join code an instructor shared (case and dashes do not matter)."""

    code = fields.String(required=True, validate=Length(1, 32), metadata={"example": "K7QM-2XRD"})


class ColleagueIn(Schema):
    """An instructor account to add as a co-instructor."""

    username = fields.String(required=True, validate=Length(1, 64))


class CourseOut(Schema):
    """A course as one of its members sees it; the join code only for its instructors."""

    id = fields.Integer()
    title = fields.String()
    role = fields.String(allow_none=True, metadata={
        "description": "student | instructor; null for an admin who is no member"})
    join_code = fields.String(allow_none=True)
    archived_at = fields.DateTime(allow_none=True, metadata={
        "description": "When it was archived (read-only: no one joins, no assignment is "
                       "added, changed or deleted); null while it runs."})


class CoursesOut(Schema):
    """The caller's courses, newest first (archived ones too: see `archived_at`)."""

    courses = fields.List(fields.Nested(CourseOut))


class MemberOut(Schema):
    """One member of a course, and how its roster names them."""

    username = fields.String()
    role = fields.String(metadata={"description": "student | instructor"})
    joined_at = fields.DateTime()
    display_name = fields.String(allow_none=True)
    email = fields.String(allow_none=True)
    student_number = fields.String(allow_none=True)


class RosterIn(Schema):
    """How the course's roster names a member (the gradebook and its CSV): a field left out
    stays, an empty one is cleared."""

    display_name = fields.String(validate=Length(max=LIMITS["display_name"]),
                                 metadata={"example": "Sam Lee"})
    email = fields.String(validate=Length(max=LIMITS["email"]),
                          metadata={"example": "sam@example.org"})
    student_number = fields.String(validate=Length(max=LIMITS["student_number"]), metadata={
        "description": "The course's instructors only", "example": "2026-0042"})


class ColleagueOut(MemberOut):
    """The co-instructor added."""


class RosterOut(MemberOut):
    """The member as the roster now names them."""


class MembersOut(Schema):
    """A course's members: instructors first, then by username."""

    members = fields.List(fields.Nested(MemberOut))


def _shown(course: Course) -> dict:
    """Present a course to the caller: the code only to those who teach it."""
    member = membership(current_user(), course)
    return {"id": course.id, "title": course.title, "role": member.role if member else None,
            "join_code": course.join_code if teaches(current_user(), course) else None,
            "archived_at": course.archived_at}


def _member(member: CourseMember) -> dict:
    return {"username": member.user.username, "role": member.role,
            "joined_at": member.joined_at, "display_name": member.display_name,
            "email": member.email, "student_number": member.student_number}


@bp.post("/courses")
@bp.auth_required(auth)
@bp.input(CourseIn, location="json")
@bp.output(CourseOut, status_code=201)
@bp.doc(summary="Create a course", description="Instructors and admins; the creator teaches "
        "it. Share `join_code` with the students.", responses=error_responses(401, 403, 422))
@idempotent
def create_view(json_data: dict) -> dict:
    """Create a course and return it with its join code."""
    return _shown(create_course(current_user(), json_data["title"]))


@bp.get("/courses")
@bp.auth_required(auth)
@bp.output(CoursesOut)
@bp.doc(summary="List your courses", responses=error_responses(401))
def list_view() -> dict:
    """List the courses the caller belongs to."""
    return {"courses": [_shown(c) for c in courses_of(current_user())]}


@bp.post("/courses/join")
@bp.auth_required(auth)
@bp.input(JoinIn, location="json")
@bp.output(CourseOut)
@bp.doc(summary="Join a course with its code", description="Codes that name no course are "
        "counted per user and per address (ARENA_JOIN_USER_RATE_LIMIT, ARENA_JOIN_RATE_LIMIT):"
        " past either limit every code answers 429, a right one included, until the window "
        "ends.", responses=error_responses(401, 404, 409, 422, 429, described={
            409: "The course is archived (code `course_archived`)",
            429: "Too many codes that named no course, from you or your address: wait "
                 "Retry-After seconds"}))
def join_view(json_data: dict) -> dict:
    """Join as a student (joining twice changes nothing)."""
    return _shown(join_by_code(current_user(), json_data["code"]))


@bp.get("/courses/<int:course_id>")
@bp.auth_required(auth)
@bp.output(CourseOut)
@bp.doc(summary="Show a course", responses=error_responses(401, 404))
def show_view(course_id: int) -> dict:
    """Show a course to one of its members (404 to anyone else)."""
    return _shown(visible_course(current_user(), course_id))


@bp.delete("/courses/<int:course_id>")
@bp.auth_required(auth)
@bp.output({}, status_code=204)
@bp.doc(summary="Delete a course", description="Its instructors and admins. Its assignments, "
        "members and gradebook go with it; the submissions stay with their authors.",
        responses=error_responses(401, 403, 404))
def delete_view(course_id: int) -> str:
    """Delete a course the caller teaches."""
    delete_course(current_user(), course_id)
    return ""


@bp.post("/courses/<int:course_id>/archive")
@bp.auth_required(auth)
@bp.output(CourseOut)
@bp.doc(summary="Archive a course", description="Its instructors and admins. An archived "
        "course is read-only: no one joins, no assignment is added, changed or deleted, no "
        "co-instructor is added; its members still see it. Archiving twice changes nothing.",
        responses=error_responses(401, 403, 404))
def archive_view(course_id: int) -> dict:
    """Archive a course the caller teaches."""
    return _shown(set_archived(current_user(), course_id, True))


@bp.post("/courses/<int:course_id>/unarchive")
@bp.auth_required(auth)
@bp.output(CourseOut)
@bp.doc(summary="Unarchive a course", description="Its instructors and admins: the course "
        "runs again.", responses=error_responses(401, 403, 404))
def unarchive_view(course_id: int) -> dict:
    """Bring an archived course the caller teaches back."""
    return _shown(set_archived(current_user(), course_id, False))


@bp.get("/courses/<int:course_id>/members")
@bp.auth_required(auth)
@bp.output(MembersOut)
@bp.doc(summary="List a course's members", description="Its instructors and admins.",
        responses=error_responses(401, 403, 404))
def members_view(course_id: int) -> dict:
    """List the members of a course the caller teaches."""
    return {"members": [_member(m) for m in members_of(current_user(), course_id)]}


@bp.post("/courses/<int:course_id>/instructors")
@bp.auth_required(auth)
@bp.input(ColleagueIn, location="json")
@bp.output(ColleagueOut)
@bp.doc(summary="Add a co-instructor", responses=error_responses(401, 403, 404, 409, 422,
        described={409: "The account is a student's (code `not_an_instructor`), or the "
                        "course is archived (code `course_archived`)"}))
def add_instructor_view(course_id: int, json_data: dict) -> dict:
    """Make an instructor account a co-instructor of the course."""
    return _member(add_instructor(current_user(), course_id, json_data["username"]))


@bp.delete("/courses/<int:course_id>/members/<username>")
@bp.auth_required(auth)
@bp.output({}, status_code=204)
@bp.doc(summary="Remove a member", responses=error_responses(401, 403, 404, 409, described={
    409: "The course's last instructor (code `last_instructor`)"}))
def remove_view(course_id: int, username: str) -> str:
    """Remove a student or a co-instructor from the course."""
    remove_member(current_user(), course_id, username)
    return ""


FEEDBACK = ("When students read the named bug and the test rows of their submissions to its "
            "challenges: immediate (as soon as graded), or after_due (until the due time, the "
            "verdict alone; `withheld_until` on the submission says when).")


@bp.patch("/courses/<int:course_id>/members/<username>")
@bp.auth_required(auth)
@bp.input(RosterIn, location="json")
@bp.output(RosterOut)
@bp.doc(summary="Change how the roster names a member", description="A member sets their own "
        "display name and e-mail; the course's instructors set any member's, and the student "
        "number. The gradebook's CSV (Canvas, Moodle) matches students by these.",
        responses=error_responses(401, 403, 404, 422))
def roster_view(course_id: int, username: str, json_data: dict) -> dict:
    """Set a member's display name, e-mail or student number."""
    return _member(update_roster(current_user(), course_id, username, RosterFields(**json_data)))


class LatePenaltyIn(Schema):
    """What late work loses: a percentage of its points per started day late, up to a cap."""

    percent_per_day = fields.Float(required=True, validate=Range(0, 100),
                                   metadata={"example": 10})
    max_percent = fields.Float(load_default=100.0, validate=Range(0, 100),
                               metadata={"example": 50})


class AssignmentIn(Schema):
    """An assignment: published challenges in order, and when it opens and is due."""

    title = fields.String(required=True, validate=Length(1, 200))
    challenges = fields.List(fields.String(), required=True, metadata={
        "description": "Slugs of published challenges, in the order students meet them."})
    opens_at = fields.AwareDateTime(load_default=None, validate=check_instant, metadata={
        "description": "ISO 8601 with an offset, e.g. 2026-12-01T09:00+09:00 (stored in UTC), "
                       f"{INSTANTS}. Left out: a new assignment opens now, a changed one "
                       "keeps its opening."})
    due_at = fields.AwareDateTime(required=True, validate=check_instant, metadata={
        "description": f"As opens_at, after it, {INSTANTS}."})
    late_policy = fields.String(load_default=LatePolicy.MARKED, validate=OneOf(
        [str(p) for p in LatePolicy]), metadata={
        "description": "marked: late work counts, marked late; not_counted: it does not count"})
    versions = fields.Dict(keys=fields.String(), values=fields.Integer(
        validate=Range(1, MAX_ID)), load_default=dict, metadata={
        "description": "The version to pin, by slug: one that was published. A challenge not "
                       "named keeps the version it pins, and a new one pins the published "
                       "version. The gradebook counts grades against the pinned version; "
                       "regrade the course after a move to grade earlier work against it."})
    published_versions = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Ignored: an assignment as read (without its `id`) can be sent back."})
    feedback = fields.String(load_default=FeedbackRelease.IMMEDIATE, validate=OneOf(
        [str(f) for f in FeedbackRelease]), metadata={"description": FEEDBACK})
    points = fields.Dict(keys=fields.String(), values=fields.Float(), validate=Length(
        max=MAX_CHALLENGES), load_default=dict, metadata={
        "description": f"What an accept is worth, by slug (0 to {MAX_POINTS}); a challenge not "
                       "named keeps its points, a new one is worth 1.",
        "example": {"softmax": 2, "scaled-scores": 1}})
    late_penalty = fields.Nested(LatePenaltyIn, load_default=None, metadata={
        "description": "Late work loses `percent_per_day` of its points per started day after "
                       "the student's due time, up to `max_percent` (both 0 to 100). Left "
                       "out: unchanged (a new assignment: no penalty)."})
    extensions = fields.Dict(
        keys=fields.String(validate=Length(1, 64)),
        values=fields.AwareDateTime(validate=check_instant),
        validate=Length(max=MAX_EXTENSIONS), load_default=None, metadata={
        "description": "Each student's own due time, by username (students of the course, at "
                       f"most {MAX_EXTENSIONS}; each {INSTANTS}), replacing the extensions; "
                       "left out: unchanged.",
        "example": {"sam": "2026-12-03T23:59+09:00"}})
    counts_from = fields.AwareDateTime(allow_none=True, validate=check_instant, metadata={
        "description": f"Submissions count from this instant (before due_at, {INSTANTS}); "
                       "null or left out of a new assignment: from opens_at. Never from before "
                       "a student joined the course."})


class AssignmentOut(Schema):
    """An assignment, its times in UTC, and the version each challenge pins."""

    id = fields.Integer()
    title = fields.String()
    challenges = fields.List(fields.String())
    opens_at = fields.DateTime()
    due_at = fields.DateTime()
    late_policy = fields.String()
    versions = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "The version each challenge pins, by slug."})
    published_versions = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Each challenge's published version, by slug: where it differs from "
                       "`versions`, its instructors may move the assignment to it."})
    feedback = fields.String(metadata={"description": FEEDBACK})
    points = fields.Dict(keys=fields.String(), values=fields.Float(), metadata={
        "description": "What an accept is worth, by slug."})
    late_penalty = fields.Nested(LatePenaltyIn)
    extensions = fields.Dict(keys=fields.String(), values=fields.DateTime(), metadata={
        "description": "Each student's own due time, by username (instructors only; a student "
                       "sees their own)."})
    counts_from = fields.DateTime(allow_none=True)


class AssignmentsOut(Schema):
    """A course's assignments in the order they open (students: the opened ones)."""

    assignments = fields.List(fields.Nested(AssignmentOut))


class CellOut(Schema):
    """One student's standing on one challenge."""

    verdict = fields.String(allow_none=True)
    late = fields.Boolean()
    attempts = fields.Integer()
    first_accepted_at = fields.DateTime(allow_none=True)
    points = fields.Float(metadata={"description": "The first accept's points, less its late "
                                                    "penalty; 0 without an accept"})


class RowOut(Schema):
    """One student's row: how the course's roster names them, their cells, their scores."""

    username = fields.String()
    display_name = fields.String(allow_none=True)
    email = fields.String(allow_none=True)
    student_number = fields.String(allow_none=True)
    cells = fields.Dict(keys=fields.String(), values=fields.Nested(CellOut))
    scores = fields.Dict(keys=fields.String(), values=fields.Float(), metadata={
        "description": "The score of each assignment, by its id: its cells' points"})
    score = fields.Float(metadata={"description": "The course total: the scores' sum"})
    submissions = fields.String(metadata={
        "description": "The student's submissions in this course (add `&challenge=<slug>` "
                       "for one cell's)"})


class GradedAssignmentOut(Schema):
    """An assignment of the gradebook and what it is worth."""

    id = fields.Integer()
    title = fields.String()
    points = fields.Float(metadata={"description": "Its challenges' points together"})


class GradebookOut(Schema):
    """A column per challenge of the course's assignments, a row per student."""

    challenges = fields.List(fields.String())
    points = fields.Dict(keys=fields.String(), values=fields.Float(), metadata={
        "description": "What each column's challenge is worth, by slug"})
    assignments = fields.List(fields.Nested(GradedAssignmentOut))
    points_possible = fields.Float(metadata={"description": "What every assignment is worth "
                                                            "together"})
    rows = fields.List(fields.Nested(RowOut))


def _extensions(assignment: Assignment) -> dict:
    """Return the extensions the caller may see: all for those who teach, else their own."""
    user = current_user()
    everyone = teaches(user, assignment.course)
    return {e.user.username: e.due_at for e in assignment.extensions
            if everyone or e.user_id == user.id}


def _assignment(assignment: Assignment) -> dict:
    return {"id": assignment.id, "title": assignment.title,
            "points": {item.challenge.slug: item.points for item in assignment.items},
            "late_penalty": {"percent_per_day": assignment.late_percent_per_day,
                             "max_percent": assignment.late_max_percent},
            "extensions": _extensions(assignment), "counts_from": assignment.counts_from,
            "challenges": [item.challenge.slug for item in assignment.items],
            "opens_at": assignment.opens_at, "due_at": assignment.due_at,
            "late_policy": assignment.late_policy, "feedback": assignment.feedback,
            "versions": {item.challenge.slug: item.version.number for item in assignment.items},
            "published_versions": {item.challenge.slug: item.challenge.current_version.number
                                   for item in assignment.items
                                   if item.challenge.current_version is not None}}


def _fields(json_data: dict) -> AssignmentFields:
    penalty = json_data["late_penalty"]
    return AssignmentFields(
        json_data["title"], json_data["challenges"], json_data["opens_at"],
        json_data["due_at"], json_data["late_policy"], json_data["versions"],
        feedback=json_data["feedback"], points=json_data["points"],
        late_penalty=penalty and LatePenalty(**penalty), extensions=json_data["extensions"],
        counts_from=json_data.get("counts_from", UNCHANGED))


ASSIGNMENT_ERRORS = error_responses(401, 403, 404, 409, 422, described={
    404: "No such course (or not yours to see), or a challenge that is not published",
    409: "The course is archived (code `course_archived`)",
    422: "A missing or invalid field: a time without its offset, due before opening, a "
         "version that was never published, ..."})


@bp.post("/courses/<int:course_id>/assignments")
@bp.auth_required(auth)
@bp.input(AssignmentIn, location="json")
@bp.output(AssignmentOut, status_code=201)
@bp.doc(summary="Add an assignment", responses=ASSIGNMENT_ERRORS)
@idempotent
def create_assignment_view(course_id: int, json_data: dict) -> dict:
    """Add an assignment to a course the caller teaches."""
    return _assignment(create_assignment(current_user(), course_id, _fields(json_data)))


@bp.put("/courses/<int:course_id>/assignments/<int:assignment_id>")
@bp.auth_required(auth)
@bp.input(AssignmentIn, location="json")
@bp.output(AssignmentOut)
@bp.doc(summary="Change an assignment", description="Also moves a challenge to another "
        "version (`versions`): the course's gradebook then counts grades against it.",
        responses=ASSIGNMENT_ERRORS)
def update_assignment_view(course_id: int, assignment_id: int, json_data: dict) -> dict:
    """Replace an assignment's title, challenges, times, late policy and pinned versions."""
    return _assignment(update_assignment(current_user(), course_id, assignment_id,
                                         _fields(json_data)))


@bp.delete("/courses/<int:course_id>/assignments/<int:assignment_id>")
@bp.auth_required(auth)
@bp.output({}, status_code=204)
@bp.doc(summary="Delete an assignment", description="Its grades leave the gradebook (a "
        "challenge it shares with another assignment stays, counted there); the submissions "
        "made to it stay with their authors.", responses=error_responses(401, 403, 404, 409,
        described={409: "The course is archived (code `course_archived`)"}))
def delete_assignment_view(course_id: int, assignment_id: int) -> str:
    """Delete an assignment of a course the caller teaches."""
    delete_assignment(current_user(), course_id, assignment_id)
    return ""


@bp.get("/courses/<int:course_id>/assignments")
@bp.auth_required(auth)
@bp.output(AssignmentsOut)
@bp.doc(summary="List a course's assignments", description="Students see an assignment "
        "once it opens.", responses=error_responses(401, 404))
def assignments_view(course_id: int) -> dict:
    """List the assignments the caller may see."""
    return {"assignments": [_assignment(a)
                            for a in visible_assignments(current_user(), course_id)]}


def _cell_data(cell: Cell) -> dict:
    """Return a cell as GradebookOut's CellOut dumps it."""
    accepted = cell.first_accepted_at
    return {"verdict": cell.verdict, "late": cell.late, "attempts": cell.attempts,
            "first_accepted_at": accepted and accepted.isoformat(), "points": cell.points}


def _row_data(row: Row, course_id: int, empty: dict) -> dict:
    """Return a row as GradebookOut's RowOut dumps it."""
    return {"username": row.username, "display_name": row.display_name, "email": row.email,
            "student_number": row.student_number,
            "submissions": url_for("api.submissions.list_view", course=course_id,
                                   student=row.username),
            "cells": {slug: empty if cell is NO_ATTEMPT else _cell_data(cell)
                      for slug, cell in row.cells.items()},
            "scores": {str(a): score for a, score in row.scores.items()}, "score": row.total}


def gradebook_data(book: Gradebook, course_id: int) -> dict:
    """Return the gradebook as GradebookOut dumps it, built directly: through marshmallow,
    a field at a time, the 15,000 cells of a large course took longer than the query."""
    empty = _cell_data(NO_ATTEMPT)
    return {"challenges": book.challenges, "points": book.points,
            "assignments": [{"id": a.id, "title": a.title, "points": book.possible(a)}
                            for a in book.assignments],
            "points_possible": book.total_possible,
            "rows": [_row_data(row, course_id, empty) for row in book.rows]}


@bp.get("/courses/<int:course_id>/gradebook")
@bp.auth_required(auth)
@bp.output(GradebookOut)
@bp.doc(summary="A course's gradebook", description="Its instructors and admins see "
        "every student's row, a student their own.", responses=error_responses(401, 404))
def gradebook_view(course_id: int) -> Response:
    """Return a row per student and, per challenge, the best verdict and when."""
    book = gradebook(current_user(), course_id)
    return current_app.json.response(gradebook_data(book, course_id))


class CsvQuery(Schema):
    """Which importer the CSV is laid out for."""

    layout = fields.String(load_default=Layout.ARENA, validate=OneOf([str(x) for x in Layout]),
                           metadata={"description": "arena (default): every column; canvas: "
                                     "Canvas's gradebook import; moodle: Moodle's grade import "
                                     "(docs/grades.md)"})


@bp.get("/courses/<int:course_id>/gradebook.csv")
@bp.auth_required(auth)
@bp.input(CsvQuery, location="query")
@bp.doc(summary="A course's gradebook as CSV", description="`layout=arena`: a header "
        "`username,name,email,student_number,<slug>,...,<assignment> (<id>),...,total` and a "
        "row per student (as in the JSON): each challenge's points, each assignment's score, "
        "the total. `layout=canvas` and `layout=moodle`: the scores per assignment, laid out "
        "for those importers.", responses={200: {"description": "The CSV", "content": {
            "text/csv": {"schema": {"type": "string", "format": "binary"}}}},
            **error_responses(401, 404, 422)})
def gradebook_csv_view(course_id: int, query_data: dict) -> Response:
    """Download the gradebook as CSV."""
    layout = Layout(query_data["layout"])
    text = as_csv(gradebook(current_user(), course_id), layout)
    suffix = "" if layout == Layout.ARENA else f"-{layout}"
    return Response(text, mimetype="text/csv", headers={"Content-Disposition":
                    f'attachment; filename="course-{course_id}-gradebook{suffix}.csv"'})
