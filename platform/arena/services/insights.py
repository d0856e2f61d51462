"""What a class gets wrong: per assignment and challenge, the counted attempts by verdict, the
bugs the grader named with the share of students who met each, the attempts students took
until their first accept, and the students who tried and were never accepted.

The rows are the gradebook's (services.gradebook_cells.counted_submissions): the course's
students' submissions that an assignment counts, with the verdict they count with. A
submission's named bug is the mutant its own grading named (TestResult.mutant, at most one
per submission). An `internal_error` is the platform's fault, not an attempt: it is left out,
as the gradebook leaves it out.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from statistics import median

from sqlalchemy import func, select

from arena.extensions import db
from arena.models import Assignment, Course, CourseMember, CourseRole, TestResult, User
from arena.services.assignments import assignments_of
from arena.services.courses import managed_course
from arena.services.gradebook_cells import counted_submissions
from arena.services.versions import version_spec
from graders.verdicts import Verdict


@dataclass
class BugShare:
    """A named bug and the students whose counted submissions it was named in at least once."""

    name: str
    explanation: dict[str, str]
    students: int
    #: Of the students who tried the challenge.
    share: float


@dataclass
class StuckStudent:
    """A student who tried a challenge and was never accepted."""

    username: str
    attempts: int
    verdict: str
    #: The bug named in their newest submission that had one, if any.
    bug: str | None


@dataclass
class ChallengeInsight:
    """How the class fares on one challenge of one assignment."""

    slug: str
    title: dict[str, str]
    tried: int = 0
    accepted: int = 0
    #: Counted attempts by verdict.
    verdicts: dict[str, int] = field(default_factory=dict)
    named_bugs: list[BugShare] = field(default_factory=list)
    #: Attempts until the first accept -> how many students took that many, ascending.
    attempts_to_accept: dict[int, int] = field(default_factory=dict)
    median_attempts: float | None = None
    stuck: list[StuckStudent] = field(default_factory=list)


@dataclass
class AssignmentInsight:
    """An assignment and its challenges' insights, in the assignment's order."""

    assignment: Assignment
    challenges: list[ChallengeInsight]


@dataclass
class CourseInsights:
    """A course's insights: its number of students and each assignment's."""

    course: Course
    students: int
    assignments: list[AssignmentInsight]


def _attempts(course_id: int) -> dict[tuple[int, int], dict[str, list[tuple[str, str | None]]]]:
    """Return, by (assignment id, challenge id), each student's counted attempts, oldest
    first, as (verdict, named bug)."""
    counted = counted_submissions(Assignment.course_id == course_id).subquery("counted")
    named = (select(func.min(TestResult.mutant)).where(TestResult.submission_id == counted.c.id)
             .scalar_subquery())
    rows = db.session.execute(
        select(counted.c.assignment_id, counted.c.challenge_id, User.username,
               counted.c.verdict, named)
        .join(User, User.id == counted.c.user_id)
        .where(counted.c.verdict.is_not(None),
               counted.c.verdict != str(Verdict.INTERNAL_ERROR))
        .order_by(counted.c.created_at, counted.c.id))
    found: dict = defaultdict(lambda: defaultdict(list))
    for assignment_id, challenge_id, username, verdict, bug in rows:
        found[assignment_id, challenge_id][username].append((str(verdict), bug))
    return found


def _challenge(slug: str, spec_mutants: dict[str, dict[str, str]], title: dict[str, str],
               students: dict[str, list[tuple[str, str | None]]]) -> ChallengeInsight:
    """Sum up one challenge's attempts, by student."""
    shown = ChallengeInsight(slug, title, tried=len(students))
    verdicts: Counter[str] = Counter()
    bugs: Counter[str] = Counter()
    to_accept: Counter[int] = Counter()
    for username, attempts in sorted(students.items()):
        verdicts.update(verdict for verdict, _bug in attempts)
        bugs.update({bug for _verdict, bug in attempts if bug})
        first = next((n for n, (verdict, _bug) in enumerate(attempts, 1)
                      if verdict == Verdict.ACCEPTED), None)
        if first is not None:
            to_accept[first] += 1
            continue
        newest_bug = next((bug for _verdict, bug in reversed(attempts) if bug), None)
        shown.stuck.append(StuckStudent(username, len(attempts), attempts[-1][0], newest_bug))
    shown.accepted = to_accept.total()
    shown.verdicts = dict(verdicts.most_common())
    shown.named_bugs = [BugShare(name, spec_mutants.get(name, {}), count, count / shown.tried)
                        for name, count in sorted(bugs.items(), key=lambda b: (-b[1], b[0]))]
    shown.attempts_to_accept = dict(sorted(to_accept.items()))
    shown.median_attempts = median(to_accept.elements()) if to_accept else None
    return shown


def course_insights(user, course_id: int) -> CourseInsights:
    """Return a course's insights to its instructors and admins (a student meets 403, anyone
    else 404)."""
    course = managed_course(user, course_id)
    students = db.session.scalar(select(func.count()).select_from(CourseMember).where(
        CourseMember.course_id == course.id, CourseMember.role == CourseRole.STUDENT))
    attempts = _attempts(course.id)
    assignments = []
    for assignment in assignments_of(course.id):
        shown = []
        for item in assignment.items:
            spec = version_spec(item.version)
            shown.append(_challenge(
                item.challenge.slug, {m.name: m.explanation for m in spec.mutants}, spec.title,
                attempts.get((assignment.id, item.challenge_id), {})))
        assignments.append(AssignmentInsight(assignment, shown))
    return CourseInsights(course, students, assignments)
