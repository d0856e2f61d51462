"""The grading engine: challenge specs, sandboxes, the in-sandbox runner and the outside judge.

Never imports `arena` or Flask: the app calls in, the engine knows nothing of the app.
"""

from graders.grade import grade
from graders.prepare import Prepared, PreparedCase, PrepareError, prepare
from graders.report import GradeReport, TestReport
from graders.spec import (
    ChallengeFormatError,
    ChallengeSpec,
    MutantSpec,
    load_catalog,
    load_challenge,
)
from graders.verdicts import Status, Verdict

__all__ = [
    "ChallengeFormatError", "ChallengeSpec", "GradeReport", "MutantSpec", "Prepared",
    "PrepareError", "PreparedCase", "Status", "TestReport", "Verdict", "grade", "load_catalog",
    "load_challenge", "prepare",
]
