"""A course's gradebook: per student and challenge, the best verdict, on time or late, the
attempts and the first accept, computed from the submissions in one query.

What counts: a student's recorded, finished submissions to the challenge from the
assignment's opening on; after the due time only under the `marked` late policy (then they
are marked late). A submission at the due instant exactly is on time. The platform's own
failures (`internal_error`) are not attempts.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import ColumnElement, and_, case, func, or_, select, true
from sqlalchemy.orm import aliased

from arena.extensions import db
from arena.models import Assignment, CourseMember, CourseRole, Kind, LatePolicy, Submission, User
from arena.services.assignments import assignments_of, visible_assignments
from arena.services.courses import teaches, visible_course
from graders import Status, Verdict

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True, slots=True)
class Cell:
    """One student's standing on one challenge of an assignment."""

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
    """A challenge's column and what its (first) assignment says about counting."""

    slug: str
    opens_at: datetime
    due_at: datetime
    late_counts: bool


def _columns(assignments: list[Assignment]) -> dict[int, Column]:
    """Map each challenge's id to its column."""
    columns: dict[int, Column] = {}
    for a in assignments:
        for item in a.items:
            columns.setdefault(item.challenge_id, Column(
                item.challenge.slug, a.opens_at, a.due_at, a.late_policy == LatePolicy.MARKED))
    return columns


def _counted(columns: dict[int, Column]) -> ColumnElement[bool]:
    """Which submissions count in their column: from its opening on, and after the due time
    only when late work is marked rather than not counted."""
    return or_(*(and_(Submission.challenge_id == challenge_id,
                      Submission.created_at >= column.opens_at,
                      true() if column.late_counts else Submission.created_at <= column.due_at)
                 for challenge_id, column in columns.items()))


def _cells(students: list[int], columns: dict[int, Column]):
    """Yield, per (student, challenge) with a counted attempt, one row aggregated in SQL:
    (user id, challenge id, attempts, first accept, newest counted time, and that newest
    verdict when there is no accept). The index ix_submission_gradebook covers it."""
    finished = (Submission.status == Status.DONE, Submission.kind == Kind.SUBMISSION,
                Submission.verdict != str(Verdict.INTERNAL_ERROR))
    cell = (
        select(Submission.user_id, Submission.challenge_id, func.count().label("attempts"),
               func.min(case((Submission.verdict == str(Verdict.ACCEPTED),
                              Submission.created_at))).label("accepted_at"),
               func.max(Submission.created_at).label("newest_at"))
        .where(*finished, Submission.user_id.in_(students), _counted(columns))
        .group_by(Submission.user_id, Submission.challenge_id)
        .subquery("cell"))
    newest = aliased(Submission)
    newest_verdict = (
        select(newest.verdict)
        .where(newest.status == Status.DONE, newest.kind == Kind.SUBMISSION,
               newest.verdict != str(Verdict.INTERNAL_ERROR),
               newest.user_id == cell.c.user_id, newest.challenge_id == cell.c.challenge_id,
               newest.created_at == cell.c.newest_at)
        .order_by(newest.id.desc()).limit(1).scalar_subquery())
    return db.session.execute(select(
        cell.c.user_id, cell.c.challenge_id, cell.c.attempts, cell.c.accepted_at,
        cell.c.newest_at, case((cell.c.accepted_at.is_(None), newest_verdict))))


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
        for user_id, challenge_id, attempts, accepted_at, newest_at, newest in _cells(
                list(cells), columns):
            column = columns[challenge_id]
            at = accepted_at or newest_at
            cells[user_id][column.slug] = Cell(
                Verdict.ACCEPTED if accepted_at else newest, at > column.due_at, attempts,
                accepted_at)
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
