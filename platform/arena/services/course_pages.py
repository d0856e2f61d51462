"""What the course pages show, gathered from the course services: a member's dashboard, the
assignment a challenge is reached from, and the gradebook's column groups. Nothing here
decides who sees what: services.courses, services.assignments and services.gradebook do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from arena.errors import NotFound
from arena.extensions import db
from arena.models import Assignment, Challenge, Course, CourseRole, User
from arena.services.assignments import visible_assignments
from arena.services.courses import courses_of, membership, teaches
from arena.services.gradebook import Cell, Gradebook, gradebook
from arena.services.versions import challenge_spec


@dataclass
class CourseSummary:
    """One course as a member sees it on their dashboard or on its page."""

    course: Course
    teaches: bool
    assignments: list[Assignment]
    #: The member's own cells by challenge slug (a student's); empty for those who teach.
    cells: dict[str, Cell] = field(default_factory=dict)


def own_cells(user: User, course: Course) -> dict[str, Cell]:
    """Return a student's own gradebook cells in a course (empty for anyone else)."""
    member = membership(user, course)
    if member is None or member.role != CourseRole.STUDENT:
        return {}
    book = gradebook(user, course.id)  # a student's gradebook is their own row
    return next((row.cells for row in book.rows if row.username == user.username), {})


def summary(user: User, course: Course) -> CourseSummary:
    """Return a course with the assignments the user may see and their own standing."""
    return CourseSummary(course, teaches(user, course), visible_assignments(user, course.id),
                         own_cells(user, course))


def dashboard(user: User) -> list[CourseSummary]:
    """Return each course the user belongs to, newest first, as `summary` shows it."""
    return [summary(user, course) for course in courses_of(user)]


def assignment_reaching(user: User, course_id: int, slug: str) -> Assignment | None:
    """Return the first assignment of the course, visible to the user, that holds challenge
    `slug`; None when there is none or the user may not see the course."""
    try:
        assignments = visible_assignments(user, course_id)
    except NotFound:
        return None
    return next((a for a in assignments
                 if any(item.challenge.slug == slug for item in a.items)), None)


def column_groups(book: Gradebook, assignments: list[Assignment]) -> list[tuple[str, int]]:
    """Return (assignment title, number of columns) in the gradebook's column order: a
    challenge in two assignments has one column, under the first (as the gradebook counts)."""
    owner: dict[str, Assignment] = {}
    for assignment in assignments:
        for item in assignment.items:
            owner.setdefault(item.challenge.slug, assignment)
    groups: list[tuple[Assignment | None, int]] = []
    for slug in book.challenges:
        found = owner.get(slug)
        if groups and groups[-1][0] is found:
            groups[-1] = (found, groups[-1][1] + 1)
        else:
            groups.append((found, 1))
    return [(a.title if a else "", span) for a, span in groups]


def challenge_titles(slugs: list[str]) -> dict[str, dict[str, str]]:
    """Return each challenge's title by locale, by slug."""
    challenges = db.session.scalars(select(Challenge).where(Challenge.slug.in_(slugs))
                                    .options(selectinload(Challenge.current_version)))
    return {c.slug: challenge_spec(c).title for c in challenges}

