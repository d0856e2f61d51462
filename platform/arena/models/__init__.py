"""The database models, one module per aggregate."""

from arena.models.challenge import Challenge, ChallengeVersion, Origin, VersionState
from arena.models.course import Course, CourseMember, CourseRole
from arena.models.submission import Kind, Submission, TestResult
from arena.models.user import ApiToken, Role, User

__all__ = [
    "ApiToken", "Challenge", "ChallengeVersion", "Course", "CourseMember", "CourseRole", "Kind",
    "Origin", "Role", "Submission", "TestResult", "User", "VersionState",
]
