"""A course's gradebook: per student and challenge, the best verdict, on time or late, the
attempts, the first accept and the points; per student and assignment a score, and a total;
read from the stored cells (arena.services.gradebook_cells says what counts,
arena.services.grades what a cell is worth). A cell is late when its first accept, else its
newest counted attempt, came after the student's due time (their extension's, else the
assignment's); at the due instant exactly it is on time.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import NamedTuple

from sqlalchemy import DateTime, and_, func, select, true, type_coerce

from arena.extensions import db
from arena.models import Assignment, CourseMember, CourseRole, DueExtension, GradebookCell, User
from arena.services.assignments import assignments_of, visible_assignments
from arena.services.courses import teaches, visible_course
from arena.services.gradebook_cells import student_due, with_extension
from arena.services.grades import LatePenalty, rounded


class Cell(NamedTuple):
    """One student's standing on one challenge of an assignment (a tuple: 15,000 of them
    are built for one page of a large course)."""

    verdict: str | None = None
    late: bool = False
    attempts: int = 0
    first_accepted_at: datetime | None = None
    points: float = 0.0


NO_ATTEMPT = Cell()  # shared by every empty cell: cells are never changed, only replaced


class Row(NamedTuple):
    """One student: how the roster names them, their cells by slug, their score by
    assignment id, and their total."""

    username: str
    display_name: str | None
    email: str | None
    student_number: str | None
    cells: dict[str, Cell]
    scores: dict[int, float]
    total: float


@dataclass
class Gradebook:
    """Columns (challenge slugs, in assignment order, with their points), the assignments,
    and a row per student."""

    challenges: list[str]
    assignments: list[Assignment] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    points: dict[str, float] = field(default_factory=dict)

    def possible(self, assignment: Assignment) -> float:
        """Return what an assignment's challenges are worth together."""
        return rounded(sum(item.points for item in assignment.items))

    @property
    def total_possible(self) -> float:
        """Return what every assignment is worth together."""
        return rounded(sum(self.possible(a) for a in self.assignments))


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


def _stored_cells(course_id: int, assignments: list[Assignment], user_id: int | None):
    """Return the stored cells of the assignments, for the course's students (or one of
    them): (user, assignment, challenge, attempts, first accept, verdict, late).

    Lateness is compared in the database, and the first accept read as the naive UTC it is
    stored as: converting 15,000 rows' timestamps in Python was most of the gradebook's time.
    (On SQLite both sides of the comparison are text of one fixed format, so it orders.)"""
    stored = GradebookCell
    query = with_extension(
        select(stored.user_id, stored.assignment_id, stored.challenge_id, stored.attempts,
               type_coerce(stored.accepted_at, DateTime()), stored.verdict,
               func.coalesce(stored.accepted_at, stored.newest_at) > student_due())
        .join(Assignment, Assignment.id == stored.assignment_id)
        .join(CourseMember, and_(CourseMember.user_id == stored.user_id,
                                 CourseMember.course_id == course_id,
                                 CourseMember.role == CourseRole.STUDENT)), stored.user_id)
    return db.session.connection().execute(query.where(
        stored.assignment_id.in_({a.id for a in assignments}),
        true() if user_id is None else stored.user_id == user_id)).all()


class Worth:
    """What each cell of some assignments is worth, by (assignment, challenge) and student."""

    def __init__(self, assignments: list[Assignment]) -> None:
        self.points = {(a.id, item.challenge_id): item.points
                       for a in assignments for item in a.items}
        self.penalty = {a.id: LatePenalty(a.late_percent_per_day, a.late_max_percent)
                        for a in assignments}
        self.due = {a.id: a.due_at.replace(tzinfo=None) for a in assignments}
        self.extended = {(e.assignment_id, e.user_id): e.due_at.replace(tzinfo=None)
                         for e in db.session.scalars(select(DueExtension).where(
                             DueExtension.assignment_id.in_(self.due)))}

    def of(self, user_id: int, assignment_id: int, challenge_id: int,
           accepted_at: datetime | None, late: bool) -> float:
        """Return a cell's points: none without an accept, less the penalty when late."""
        if accepted_at is None:
            return 0.0
        full = self.points[assignment_id, challenge_id]
        if not late:
            return full
        due = self.extended.get((assignment_id, user_id)) or self.due[assignment_id]
        return rounded(full * self.penalty[assignment_id].kept(accepted_at - due))


def _students(course_id: int, only: int | None):
    """Return the course's students (or one), by username: id, username and roster names."""
    return list(db.session.execute(
        select(User.id, User.username, CourseMember.display_name, CourseMember.email,
               CourseMember.student_number)
        .join(CourseMember, CourseMember.user_id == User.id)
        .where(CourseMember.course_id == course_id, CourseMember.role == CourseRole.STUDENT,
               true() if only is None else User.id == only)
        .order_by(User.username)))


def gradebook(user: User, course_id: int) -> Gradebook:
    """Return a course's gradebook: every student's row for those who teach it, a student's
    own row for a student (the columns of the assignments they can see).

    A cell's verdict is the first accept when there is one (late if it came after the due
    time), otherwise the newest counted verdict; its points are the first accept's. A
    challenge in two assignments has one column (the first's) but counts in both scores."""
    course = visible_course(user, course_id)
    everyone = teaches(user, course)
    assignments = (assignments_of(course.id) if everyone
                   else visible_assignments(user, course.id))
    columns = _columns(assignments)
    students = _students(course.id, None if everyone else user.id)
    book = Gradebook([column.slug for column in columns.values()], assignments)
    book.points = {item.challenge.slug: item.points for a in reversed(assignments)
                   for item in a.items}
    cells = {s.id: dict.fromkeys(book.challenges, NO_ATTEMPT) for s in students}
    scores: dict[int, dict[int, float]] = {s.id: defaultdict(float) for s in students}
    if cells and columns:
        worth = Worth(assignments)
        for user_id, assignment_id, challenge_id, attempts, accepted_at, verdict, late in (
                _stored_cells(course.id, assignments, None if everyone else user.id)):
            points = worth.of(user_id, assignment_id, challenge_id, accepted_at, late)
            scores[user_id][assignment_id] += points
            column = columns.get(challenge_id)
            if column is not None and column.assignment_id == assignment_id:
                cells[user_id][column.slug] = Cell(
                    verdict, bool(late), attempts,
                    accepted_at and accepted_at.replace(tzinfo=UTC), points)
    for s in students:
        score = {a.id: rounded(scores[s.id][a.id]) for a in assignments}
        book.rows.append(Row(s.username, s.display_name, s.email, s.student_number,
                             cells[s.id], score, rounded(sum(score.values()))))
    return book
