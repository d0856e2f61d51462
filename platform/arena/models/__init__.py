"""The database models, one module per aggregate."""

from arena.models.challenge import Challenge, ChallengeVersion, Origin, VersionState
from arena.models.submission import Kind, Submission, TestResult
from arena.models.user import ApiToken, Role, User

__all__ = [
    "ApiToken", "Challenge", "ChallengeVersion", "Kind", "Origin", "Role", "Submission",
    "TestResult", "User", "VersionState",
]
