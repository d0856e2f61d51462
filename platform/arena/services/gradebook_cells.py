"""The gradebook's cells kept as data, so that a course's gradebook is read, not aggregated.

A cell is one student's standing on one challenge of one assignment: the counted attempts,
the first accept, the newest counted attempt and the verdict to show (`accepted` once there
is an accept, otherwise the newest counted verdict). What counts is said once, in
`_window` and `_counted_verdict`: a submission made while the assignment takes work from the
student (from its opening, or the instant it counts from, and never before the student joined;
after their due time, their extension's if they have one, only when late work is marked)
counts with its grade against the version the assignment pins (or, graded against none, with the
verdict it had when the pin was set), so that only gradings against the pinned version
change a course's cells. Cells are derived data: they are recomputed from the submissions,
never edited, whenever one of their inputs changes:

- a verdict recorded or regraded: that student's cells of that challenge
  (`refresh_submission`);
- a student joining, leaving or becoming an instructor: their cells in that course
  (`refresh_member`);
- an assignment created or edited (times, late policy, challenges, pinned versions,
  extensions): its cells (`refresh_assignment`); deleting an assignment, a challenge or a
  user deletes their cells.

Each refresh deletes and rewrites its cells in the caller's transaction, and asks for the
scores an LMS shows of them (arena.lti.score_requests). On PostgreSQL it
first locks the students' rows (in id order), so that two refreshes of one student never
interleave: the later one sees what the earlier one committed.
"""

from __future__ import annotations

from functools import cache

from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    bindparam,
    case,
    delete,
    func,
    insert,
    or_,
    select,
)
from sqlalchemy.orm import aliased

from arena.extensions import db
from arena.lti.score_requests import assignment_changed, challenge_changed, member_changed
from arena.models import (
    Assignment,
    AssignmentChallenge,
    CourseMember,
    CourseRole,
    DueExtension,
    GradebookCell,
    Kind,
    LatePolicy,
    Submission,
    SubmissionGrade,
    User,
)
from graders.verdicts import Status, Verdict

FIELDS = ["assignment_id", "challenge_id", "user_id", "attempts", "accepted_at", "newest_at",
          "verdict"]


def student_due() -> ColumnElement:
    """The student's due time: their extension's, else the assignment's (a query that names
    it joins `with_extension`)."""
    return func.coalesce(DueExtension.due_at, Assignment.due_at)


def with_extension(query: Select, user_id: ColumnElement) -> Select:
    """Join a query over assignments to the extension of the student `user_id` names."""
    return query.outerjoin(DueExtension, and_(DueExtension.assignment_id == Assignment.id,
                                              DueExtension.user_id == user_id))


def _window() -> tuple[ColumnElement[bool], ...]:
    """A submission made from the instant the assignment counts from (its opening unless
    said) and not before the student joined; after their due time only when late work is
    marked rather than not counted (the due instant is on time)."""
    return (Submission.created_at >= Assignment.counts_since,
            Submission.created_at >= CourseMember.joined_at,
            or_(Assignment.late_policy == LatePolicy.MARKED,
                Submission.created_at <= student_due()))


def _counted_verdict() -> ColumnElement[str | None]:
    """The verdict a finished submission counts with in an assignment: its newest grade against
    the pinned version; graded against none, the verdict it had when the pin was set (None:
    it had none then). Its own grade is its newest, so the usual case reads nothing more."""
    grade = aliased(SubmissionGrade)
    pin, pinned_at = AssignmentChallenge.version_id, AssignmentChallenge.pinned_at

    def newest(*where: ColumnElement[bool]):
        return (select(grade.verdict).where(grade.submission_id == Submission.id, *where)
                .order_by(grade.graded_at.desc(), grade.id.desc()).limit(1).scalar_subquery())

    return case((Submission.version_id == pin, Submission.verdict), else_=func.coalesce(
        newest(grade.version_id == pin),
        case((Submission.finished_at <= pinned_at, Submission.verdict)),
        newest(grade.graded_at <= pinned_at)))


def _students_work(query: Select) -> Select:
    """Join a query over assignments and their challenges to each student of the course, their
    extension and their submissions of the challenge: what `_window` judges."""
    return with_extension(
        query.join(CourseMember, and_(CourseMember.course_id == Assignment.course_id,
                                      CourseMember.role == CourseRole.STUDENT))
        .join(Submission, and_(Submission.user_id == CourseMember.user_id,
                               Submission.challenge_id == AssignmentChallenge.challenge_id)),
        CourseMember.user_id)


def counted_submissions(*where: ColumnElement[bool]) -> Select:
    """Select the finished submissions that the assignments matching `where` count, one row
    per assignment holding it: (assignment_id, challenge_id, user_id, id, created_at, and
    the verdict it counts with). The gradebook's cells and a course's insights
    (services.insights) read the same rows."""
    return (
        _students_work(
            select(Assignment.id.label("assignment_id"), AssignmentChallenge.challenge_id,
                   Submission.user_id, Submission.id, Submission.created_at,
                   _counted_verdict().label("verdict"))
            .join(AssignmentChallenge, AssignmentChallenge.assignment_id == Assignment.id))
        .where(Submission.status == Status.DONE, Submission.kind == Kind.SUBMISSION,
               *_window(), *where))


def _computed(*where: ColumnElement[bool]) -> Select:
    """Select the cells (in FIELDS' order) of the students' assignments matching `where`."""
    graded = counted_submissions(*where).subquery("graded")
    cell = (graded.c.assignment_id, graded.c.challenge_id, graded.c.user_id)
    counted = (  # internal_error is the platform's fault, not an attempt (None is no grade)
        select(graded, func.row_number().over(
            partition_by=cell, order_by=(graded.c.created_at.desc(), graded.c.id.desc()))
            .label("recency"))
        .where(graded.c.verdict != str(Verdict.INTERNAL_ERROR)).subquery("counted"))
    accepted_at = func.min(case((counted.c.verdict == str(Verdict.ACCEPTED),
                                 counted.c.created_at)))
    newest_verdict = func.max(case((counted.c.recency == 1, counted.c.verdict)))
    return (select(counted.c.assignment_id, counted.c.challenge_id, counted.c.user_id,
                   func.count(), accepted_at, func.max(counted.c.created_at),
                   case((accepted_at.is_not(None), str(Verdict.ACCEPTED)),
                        else_=newest_verdict))
            .group_by(counted.c.assignment_id, counted.c.challenge_id, counted.c.user_id))


def _lock(students) -> None:
    """Lock the students' rows (PostgreSQL; in id order): a list of ids, or a subquery."""
    if isinstance(students, list):
        db.session.execute(_lock_listed(), {"ids": students})
        return
    db.session.execute(select(User.id).where(User.id.in_(students)).order_by(User.id)
                       .with_for_update())


@cache
def _lock_listed() -> Select:
    """Lock the rows of the students listed in `ids` (built once: every verdict locks one)."""
    return (select(User.id).where(User.id.in_(bindparam("ids", expanding=True)))
            .order_by(User.id).with_for_update())


def _rewrite(students, stale: ColumnElement[bool], *where: ColumnElement[bool]) -> None:
    """Lock the students (PostgreSQL), delete the `stale` cells, insert them recomputed."""
    _lock(students)
    db.session.execute(delete(GradebookCell).where(stale))
    db.session.execute(insert(GradebookCell).from_select(FIELDS, _computed(*where)))


def _stale(user_id, challenge_id) -> ColumnElement[bool]:
    """A student's cells of one challenge."""
    return and_(GradebookCell.user_id == user_id, GradebookCell.challenge_id == challenge_id)


@cache
def _any_cell_to_refresh() -> Select:
    """Whether a student (`user_id`) has a cell of a challenge (`challenge_id`) or studies in
    a course that assigns it. Built once: every recorded verdict asks."""
    user_id, challenge_id = bindparam("user_id"), bindparam("challenge_id")
    assigned = (select(AssignmentChallenge.id)
                .join(Assignment, Assignment.id == AssignmentChallenge.assignment_id)
                .join(CourseMember, CourseMember.course_id == Assignment.course_id)
                .where(AssignmentChallenge.challenge_id == challenge_id,
                       CourseMember.user_id == user_id, CourseMember.role == CourseRole.STUDENT))
    return select(or_(select(GradebookCell.user_id).where(_stale(user_id, challenge_id)).exists(),
                      assigned.exists()))


def refresh_cells(user_id: int, challenge_id: int) -> None:
    """Recompute a student's cells of one challenge, in every assignment holding it; for a
    learner in no course that assigns it (most gradings), one look and nothing to write."""
    _lock([user_id])  # before the look: a join that commits meanwhile waits for this refresh
    if not db.session.scalar(_any_cell_to_refresh(),
                             {"user_id": user_id, "challenge_id": challenge_id}):
        return
    _rewrite([user_id], _stale(user_id, challenge_id), Submission.user_id == user_id,
             AssignmentChallenge.challenge_id == challenge_id)


@cache
def _graded() -> Select:
    """A submission's (`submission_id`) student, challenge and kind."""
    return (select(Submission.user_id, Submission.challenge_id, Submission.kind)
            .where(Submission.id == bindparam("submission_id")))


def refresh_submission(submission_id: int) -> None:
    """Recompute the cells a submission's new verdict may change (none for a run)."""
    user_id, challenge_id, kind = db.session.execute(
        _graded(), {"submission_id": submission_id}).one()
    if kind == Kind.SUBMISSION:
        refresh_cells(user_id, challenge_id)
        challenge_changed(user_id, challenge_id)


@cache
def _pins_counting() -> Select:
    """The versions other than its own that the assignments a submission (`submission_id`)
    counts in pin. Built once: every grading asks."""
    return (_students_work(
        select(AssignmentChallenge.version_id).distinct()
        .join(Assignment, Assignment.id == AssignmentChallenge.assignment_id))
        .where(Submission.id == bindparam("submission_id"), Submission.kind == Kind.SUBMISSION,
               AssignmentChallenge.version_id != Submission.version_id, *_window())
        .order_by(AssignmentChallenge.version_id))


def pinned_versions(submission_id: int) -> list[int]:
    """Return the ids of the versions, other than its own, that a submission must also be
    graded against: those the assignments it counts in pin (none for a run)."""
    return list(db.session.scalars(_pins_counting(), {"submission_id": submission_id}))


def refresh_member(user_id: int, course_id: int) -> None:
    """Recompute a member's cells in one course (none unless they are a student of it)."""
    in_course = select(Assignment.id).where(Assignment.course_id == course_id)
    _rewrite([user_id], and_(GradebookCell.user_id == user_id,
                             GradebookCell.assignment_id.in_(in_course)),
             Assignment.course_id == course_id, Submission.user_id == user_id)
    member_changed(user_id, course_id)


def refresh_assignment(assignment: Assignment) -> None:
    """Recompute every cell of an assignment, for every student of its course."""
    db.session.flush()
    students = select(CourseMember.user_id).where(CourseMember.course_id == assignment.course_id,
                                                  CourseMember.role == CourseRole.STUDENT)
    _rewrite(students, GradebookCell.assignment_id == assignment.id,
             Assignment.id == assignment.id)
    assignment_changed(assignment.id)
