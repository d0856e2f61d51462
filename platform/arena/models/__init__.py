"""The database models, one module per aggregate."""

from arena.models.challenge import Challenge, ChallengeVersion, Origin, VersionState
from arena.models.course import (
    Assignment,
    AssignmentChallenge,
    Course,
    CourseMember,
    CourseRole,
    LatePolicy,
)
from arena.models.submission import Kind, Submission, TestResult
from arena.models.user import ApiToken, Role, User

__all__ = [
    "ApiToken", "Assignment", "AssignmentChallenge", "Challenge", "ChallengeVersion", "Course",
    "CourseMember", "CourseRole", "Kind", "LatePolicy", "Origin", "Role", "Submission",
    "TestResult", "User", "VersionState",
]
