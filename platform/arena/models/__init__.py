"""The database models, one module per aggregate."""

from arena.models.challenge import Challenge, ChallengeVersion, Origin, VersionState
from arena.models.course import (
    Assignment,
    AssignmentChallenge,
    Course,
    CourseMember,
    CourseRole,
    GradebookCell,
    LatePolicy,
)
from arena.models.regrade import Outcome, Regrade, RegradeItem
from arena.models.submission import Kind, Submission, SubmissionGrade, TestResult
from arena.models.user import ApiToken, Role, User

__all__ = [
    "ApiToken", "Assignment", "AssignmentChallenge", "Challenge", "ChallengeVersion", "Course",
    "CourseMember", "CourseRole", "GradebookCell", "Kind", "LatePolicy", "Origin", "Outcome",
    "Regrade", "RegradeItem", "Role", "Submission", "SubmissionGrade", "TestResult", "User",
    "VersionState",
]
