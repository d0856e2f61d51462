"""The database models, one module per aggregate."""

from arena.models.challenge import Challenge, ChallengeVersion, Origin, VersionState, Visibility
from arena.models.course import (
    Assignment,
    AssignmentChallenge,
    Course,
    CourseMember,
    CourseRole,
    DueExtension,
    FeedbackRelease,
    GradebookCell,
    LatePolicy,
)
from arena.models.draft import Draft
from arena.models.idempotency import IdempotencyKey
from arena.models.lesson import CellRun
from arena.models.lti import (
    LtiAccount,
    LtiContext,
    LtiKey,
    LtiLogin,
    LtiPlatform,
    LtiResourceLink,
    LtiScore,
    ScoreOutcome,
)
from arena.models.regrade import Outcome, Regrade, RegradeItem
from arena.models.review import Review
from arena.models.submission import Kind, Submission, SubmissionGrade, TestResult
from arena.models.user import ApiToken, PasswordReset, Role, User

__all__ = [
    "ApiToken", "Assignment", "AssignmentChallenge", "CellRun", "Challenge", "ChallengeVersion",
    "Course", "CourseMember", "CourseRole", "Draft", "DueExtension", "FeedbackRelease",
    "GradebookCell", "IdempotencyKey", "Kind", "LatePolicy", "LtiAccount", "LtiContext",
    "LtiKey", "LtiLogin", "LtiPlatform", "LtiResourceLink", "LtiScore", "Origin", "Outcome",
    "PasswordReset", "Regrade", "RegradeItem", "Review", "Role", "Submission",
    "ScoreOutcome", "SubmissionGrade", "TestResult", "User", "VersionState", "Visibility",
]
