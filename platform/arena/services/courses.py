"""Courses: instructors create them and share a join code; students join with it.

A course's data is for its members only: a non-member meets 404, never a hint that the
course exists. Its instructors (and admins) manage it: its code, its members, co-instructors;
they archive it (read-only: no one joins, no assignment is added, changed or deleted, and it
stays visible to its members) and unarchive it, or delete it with its assignments, members
and gradebook (the submissions stay with their authors).
"""

from __future__ import annotations

import secrets

from sqlalchemy import exists, select
from sqlalchemy.orm import aliased, contains_eager

from arena.errors import Conflict, Forbidden, NotFound, Unprocessable
from arena.extensions import db
from arena.models import Course, CourseMember, CourseRole, Role, User
from arena.models.types import utcnow
from arena.services.gradebook_cells import refresh_member

#: Join codes avoid letters and digits that read alike (0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
MAX_TITLE = 200


def _new_code() -> str:
    """Return a join code no course has (8 characters: about 10^11 of them)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if db.session.scalar(select(Course.id).where(Course.join_code == code)) is None:
            return code


def create_course(user: User, title: str) -> Course:
    """Create a course taught by `user` (an instructor or an admin)."""
    if user.role not in (Role.INSTRUCTOR, Role.ADMIN):
        raise Forbidden("only instructors and admins create courses")
    title = title.strip()
    if not title or len(title) > MAX_TITLE:
        raise Unprocessable(f"title: between 1 and {MAX_TITLE} characters")
    course = Course(title=title, join_code=_new_code())
    course.members.append(CourseMember(user=user, role=CourseRole.INSTRUCTOR))
    db.session.add(course)
    db.session.commit()
    return course


def course_by_code(code: str) -> Course:
    """Return the course with this join code, read case-, dash- and space-insensitively (to
    show it before joining), or raise NotFound."""
    normalised = code.strip().upper().replace("-", "").replace(" ", "")
    course = db.session.scalar(select(Course).where(Course.join_code == normalised))
    if course is None:
        raise NotFound("no course has this join code; check it with your instructor")
    return course


def _refresh(user_id: int, course_id: int) -> None:
    """Bring a member's gradebook cells in line with their new place in the course."""
    db.session.flush()
    refresh_member(user_id, course_id)


def writable(course: Course) -> Course:
    """Return the course, or raise Conflict when it is archived (read-only)."""
    if course.archived_at is not None:
        raise Conflict("the course is archived: its instructors unarchive it to change it",
                       code="course_archived")
    return course


def join_course(user: User, code: str) -> Course:
    """Make `user` a student of the course with this code (joining twice changes nothing; an
    archived course takes no one)."""
    course = course_by_code(code)
    if membership(user, course) is None:
        writable(course)
        db.session.add(CourseMember(course=course, user=user, role=CourseRole.STUDENT))
        _refresh(user.id, course.id)
        db.session.commit()
    return course


def membership(user: User, course: Course) -> CourseMember | None:
    """Return the user's membership of the course, if any."""
    return db.session.scalar(select(CourseMember).where(
        CourseMember.course_id == course.id, CourseMember.user_id == user.id))


def visible_course(user: User, course_id: int) -> Course:
    """Return a course the user belongs to (an admin: any), or raise NotFound."""
    course = db.session.get(Course, course_id)
    if course is None or (user.role != Role.ADMIN and membership(user, course) is None):
        raise NotFound(f"no course {course_id}")
    return course


def managed_course(user: User, course_id: int) -> Course:
    """Return a course the user teaches (an admin: any); a student of it meets 403."""
    course = visible_course(user, course_id)
    if user.role != Role.ADMIN and membership(user, course).role != CourseRole.INSTRUCTOR:
        raise Forbidden("only the course's instructors manage it")
    return course


def teaches(user: User, course: Course) -> bool:
    """Tell whether the user manages the course."""
    member = membership(user, course)
    return user.role == Role.ADMIN or (member is not None and member.role == CourseRole.INSTRUCTOR)


def set_archived(user: User, course_id: int, archived: bool) -> Course:
    """Archive a course the user manages (from now on), or bring it back; either twice
    changes nothing."""
    course = managed_course(user, course_id)
    if archived != (course.archived_at is not None):
        course.archived_at = utcnow() if archived else None
        db.session.commit()
    return course


def delete_course(user: User, course_id: int) -> None:
    """Delete a course the user manages, with its assignments, members and gradebook cells
    (the database's cascades); submissions belong to their authors and stay."""
    db.session.delete(managed_course(user, course_id))
    db.session.commit()


def courses_of(user: User) -> list[Course]:
    """Return the courses the user belongs to, newest first."""
    return list(db.session.scalars(
        select(Course).join(CourseMember).where(CourseMember.user_id == user.id)
        .order_by(Course.id.desc())))


def members_of(user: User, course_id: int) -> list[CourseMember]:
    """Return a managed course's members: instructors first, then by username, their
    accounts read in the same query (a class of 500 is one query, not 501)."""
    course = managed_course(user, course_id)
    return list(db.session.scalars(
        select(CourseMember).join(User, CourseMember.user_id == User.id)
        .options(contains_eager(CourseMember.user))
        .where(CourseMember.course_id == course.id)
        .order_by(CourseMember.role != CourseRole.INSTRUCTOR, User.username)))


def _user_named(username: str) -> User:
    found = db.session.scalar(select(User).where(User.username == username))
    if found is None:
        raise NotFound(f"no user called {username!r}")
    return found


def add_instructor(user: User, course_id: int, username: str) -> CourseMember:
    """Make an instructor (or admin) account a co-instructor of a course the user manages."""
    course = writable(managed_course(user, course_id))
    colleague = _user_named(username)
    if colleague.role not in (Role.INSTRUCTOR, Role.ADMIN):
        raise Conflict(f"{username!r} is a student account; only instructors co-teach",
                       code="not_an_instructor")
    member = membership(colleague, course)
    if member is None:
        member = CourseMember(course=course, user=colleague)
        db.session.add(member)
    member.role = CourseRole.INSTRUCTOR
    _refresh(colleague.id, course.id)
    db.session.commit()
    return member


def remove_member(user: User, course_id: int, username: str) -> None:
    """Remove someone from a course the user manages; a course keeps one instructor."""
    course = managed_course(user, course_id)
    member = membership(_user_named(username), course)
    if member is None:
        raise NotFound(f"{username!r} is not in this course")
    instructors = [m for m in course.members if m.role == CourseRole.INSTRUCTOR]
    if member.role == CourseRole.INSTRUCTOR and len(instructors) == 1:
        raise Conflict("a course keeps at least one instructor: add another first",
                       code="last_instructor")
    db.session.delete(member)
    _refresh(member.user_id, course.id)
    db.session.commit()


def instructs(teacher: User, student: User) -> bool:
    """Tell whether `teacher` is an instructor of a course `student` studies in."""
    taught = aliased(CourseMember)
    return bool(db.session.scalar(select(exists().where(
        CourseMember.user_id == teacher.id, CourseMember.role == CourseRole.INSTRUCTOR,
        taught.course_id == CourseMember.course_id, taught.user_id == student.id,
        taught.role == CourseRole.STUDENT))))
