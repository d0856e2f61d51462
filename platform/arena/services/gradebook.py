"""A course's gradebook: per student and challenge, the best verdict, on time or late, the
attempts and the first accept, read from the stored cells (arena.services.gradebook_cells
says what counts). A cell is late when its first accept, else its newest counted attempt,
came after the due time; at the due instant exactly it is on time.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import NamedTuple

from sqlalchemy import DateTime, and_, func, select, true, type_coerce

from arena.extensions import db
from arena.models import Assignment, CourseMember, CourseRole, GradebookCell, User
from arena.services.assignments import assignments_of, visible_assignments
from arena.services.courses import teaches, visible_course
from graders.verdicts import Verdict

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class Cell(NamedTuple):
    """One student's standing on one challenge of an assignment (a tuple: 15,000 of them
    are built for one page of a large course)."""

    verdict: str | None = None
    late: bool = False
    attempts: int = 0
    first_accepted_at: datetime | None = None


NO_ATTEMPT = Cell()  # shared by every empty cell: cells are never changed, only replaced


@dataclass
class Gradebook:
    """Columns (challenge slugs, in assignment order) and a row per student."""

    challenges: list[str]
    assignments: list[Assignment] = field(default_factory=list)
    rows: list[tuple[str, dict[str, Cell]]] = field(default_factory=list)


class Column(NamedTuple):
    """A challenge's column: the (first) assignment holding it, whose cells it shows."""

    slug: str
    assignment_id: int


def _columns(assignments: list[Assignment]) -> dict[int, Column]:
    """Map each challenge's id to its column."""
    columns: dict[int, Column] = {}
    for a in assignments:
        for item in a.items:
            columns.setdefault(item.challenge_id, Column(item.challenge.slug, a.id))
    return columns


def _stored_cells(course_id: int, columns: dict[int, Column], user_id: int | None):
    """Return the stored cells of the columns' assignments, for the course's students (or one
    of them): (user, assignment, challenge, attempts, first accept, verdict, late).

    Lateness is compared in the database, and the first accept read as the naive UTC it is
    stored as: converting 15,000 rows' timestamps in Python was most of the gradebook's time.
    (On SQLite both sides of the comparison are text of one fixed format, so it orders.)"""
    stored = GradebookCell
    return db.session.connection().execute(
        select(stored.user_id, stored.assignment_id, stored.challenge_id, stored.attempts,
               type_coerce(stored.accepted_at, DateTime()), stored.verdict,
               func.coalesce(stored.accepted_at, stored.newest_at) > Assignment.due_at)
        .join(Assignment, Assignment.id == stored.assignment_id)
        .join(CourseMember, and_(CourseMember.user_id == stored.user_id,
                                 CourseMember.course_id == course_id,
                                 CourseMember.role == CourseRole.STUDENT))
        .where(stored.assignment_id.in_({c.assignment_id for c in columns.values()}),
               true() if user_id is None else stored.user_id == user_id)).all()


def gradebook(user: User, course_id: int) -> Gradebook:
    """Return a course's gradebook: every student's row for those who teach it, a student's
    own row for a student (the columns of the assignments they can see).

    A cell's verdict is the first accept when there is one (late if it came after the due
    time), otherwise the newest counted verdict."""
    course = visible_course(user, course_id)
    everyone = teaches(user, course)
    assignments = (assignments_of(course.id) if everyone
                   else visible_assignments(user, course.id))
    columns = _columns(assignments)
    students = list(db.session.execute(
        select(User.id, User.username).join(CourseMember, CourseMember.user_id == User.id)
        .where(CourseMember.course_id == course.id, CourseMember.role == CourseRole.STUDENT,
               true() if everyone else User.id == user.id)
        .order_by(User.username)))
    book = Gradebook([column.slug for column in columns.values()], assignments)
    cells = {uid: dict.fromkeys(book.challenges, NO_ATTEMPT) for uid, _ in students}
    if cells and columns:
        for user_id, assignment_id, challenge_id, attempts, accepted_at, verdict, late in (
                _stored_cells(course.id, columns, None if everyone else user.id)):
            column = columns.get(challenge_id)
            if column is not None and column.assignment_id == assignment_id:
                cells[user_id][column.slug] = Cell(
                    verdict, bool(late), attempts,
                    accepted_at and accepted_at.replace(tzinfo=UTC))
    book.rows = [(username, cells[uid]) for uid, username in students]
    return book


def as_csv(book: Gradebook) -> str:
    """Return the gradebook as CSV: username, a column per challenge, then the total solved.

    A cell is the best verdict, with " (late)" when it came after the due time; empty when
    the student made no counted attempt.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["username", *book.challenges, "total"])
    for username, cells in book.rows:
        shown = [(c.verdict or "") + (" (late)" if c.late else "")
                 for c in (cells[slug] for slug in book.challenges)]
        solved = sum(c.verdict == Verdict.ACCEPTED for c in cells.values())
        writer.writerow([spreadsheet_safe(username), *shown, solved])
    return out.getvalue()


def spreadsheet_safe(text: str) -> str:
    """Keep a spreadsheet from reading a learner's text as a formula (=, +, -, @ first)."""
    return "'" + text if text[:1] in FORMULA_STARTS else text
