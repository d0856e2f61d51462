"""Courses for scripts: create one, join with its code, see and manage its members."""

from __future__ import annotations

from apiflask import APIBlueprint, Schema, fields
from apiflask.validators import Length

from arena.api.auth import auth, current_user
from arena.api.errors import error_responses
from arena.models import Course, CourseMember
from arena.services.courses import (
    add_instructor,
    courses_of,
    create_course,
    join_course,
    members_of,
    membership,
    remove_member,
    teaches,
    visible_course,
)

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


class CoursesOut(Schema):
    """The caller's courses, newest first."""

    courses = fields.List(fields.Nested(CourseOut))


class MemberOut(Schema):
    """One member of a course."""

    username = fields.String()
    role = fields.String(metadata={"description": "student | instructor"})
    joined_at = fields.DateTime()


class ColleagueOut(MemberOut):
    """The co-instructor added."""


class MembersOut(Schema):
    """A course's members: instructors first, then by username."""

    members = fields.List(fields.Nested(MemberOut))


def _shown(course: Course) -> dict:
    """Present a course to the caller: the code only to those who teach it."""
    member = membership(current_user(), course)
    return {"id": course.id, "title": course.title, "role": member.role if member else None,
            "join_code": course.join_code if teaches(current_user(), course) else None}


def _member(member: CourseMember) -> dict:
    return {"username": member.user.username, "role": member.role, "joined_at": member.joined_at}


@bp.post("/courses")
@bp.auth_required(auth)
@bp.input(CourseIn, location="json")
@bp.output(CourseOut, status_code=201)
@bp.doc(summary="Create a course", description="Instructors and admins; the creator teaches "
        "it. Share `join_code` with the students.", responses=error_responses(401, 403, 422))
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
@bp.doc(summary="Join a course with its code", responses=error_responses(401, 404, 422))
def join_view(json_data: dict) -> dict:
    """Join as a student (joining twice changes nothing)."""
    return _shown(join_course(current_user(), json_data["code"]))


@bp.get("/courses/<int:course_id>")
@bp.auth_required(auth)
@bp.output(CourseOut)
@bp.doc(summary="Show a course", responses=error_responses(401, 404))
def show_view(course_id: int) -> dict:
    """Show a course to one of its members (404 to anyone else)."""
    return _shown(visible_course(current_user(), course_id))


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
        described={409: "The account is a student's (code `not_an_instructor`)"}))
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
