"""What a grade report stores: a submission's columns, its test rows, its grades against
pinned versions, each text cleaned so that learner-influenced text never breaks a write."""

from __future__ import annotations

from datetime import datetime

from arena.models import SubmissionGrade, TestResult
from graders.messages import text_of
from graders.report import GradeReport, TestReport


def clean_text(text: str | None, limit: int | None = None) -> str:
    """Make learner-influenced text storable everywhere: no NUL, no lone surrogates."""
    text = (text or "").replace("\x00", "\ufffd")
    text = text.encode("utf-8", "replace").decode("utf-8")
    return text[:limit] if limit else text


def clean_data(data: object) -> object:
    """Clean every text inside JSON-ready data (a message's values may quote learner text)."""
    if isinstance(data, str):
        return clean_text(data)
    if isinstance(data, list):
        return [clean_data(item) for item in data]
    if isinstance(data, dict):
        return {key: clean_data(value) for key, value in data.items()}
    return data


def test_row(submission_id: int, position: int, test: TestReport) -> TestResult:
    """Build the stored row of one test; public tests keep input, expected, got, weights and
    where an error was (line, traceback)."""
    detail = None if test.hidden else {"input": test.input, "expected": test.expected,
                                        "got": test.got, "weights": test.weights}
    if detail is not None and (test.line is not None or test.traceback):
        detail.update(line=test.line, traceback=clean_text(test.traceback) or None)
    return TestResult(submission_id=submission_id, position=position,
                      name=clean_text(test.name, 128), hidden=test.hidden, passed=test.passed,
                      message=clean_text(test.message),
                      message_data=clean_data(text_of(test.message).to_data()),
                      names=test.names or None,
                      error_type=clean_text(test.error_type, 128) or None,
                      mutant=test.mutant, explanation=test.explanation, detail=detail,
                      seconds=test.seconds)


def report_values(report: GradeReport) -> dict[str, object]:
    """Return a submission's columns that a grade report sets, cleaned for storage."""
    return {"verdict": str(report.verdict), "passed": report.passed, "total": report.total,
            "message": clean_text(report.message), "output": clean_text(report.output),
            "message_data": clean_data(text_of(report.message).to_data())}


def pinned_grade(submission_id: int, version_id: int, report: GradeReport,
                 graded_at: datetime) -> SubmissionGrade:
    """Build a submission's stored grade against a version an assignment pins (its tests are
    not kept: the submission shows its own)."""
    return SubmissionGrade(submission_id=submission_id, version_id=version_id,
                           verdict=str(report.verdict), passed=report.passed, total=report.total,
                           message=clean_text(report.message),
                           message_data=clean_data(text_of(report.message).to_data()),
                           graded_at=graded_at, pinned=True)
