"""A submission as its owner (or an instructor) may see it: verdict, named bug, one row per test."""

from __future__ import annotations

from flask import url_for

from arena.models import Submission, SubmissionGrade, TestResult
from arena.presenters.texts import localized, rendered

PUBLIC_DETAIL = ("input", "expected", "got", "weights")


def submission_url(submission: Submission) -> str:
    """Return the API path where a submission can be read."""
    return url_for("api.submissions.show_view", submission_id=submission.id)


def present_test(test: TestResult, lang: str) -> dict:
    """Present one test; hidden tests never show input, expected or output."""
    shown = {"name": (test.names or {}).get(lang) or test.name, "hidden": test.hidden,
             "passed": test.passed, "message": rendered(test.message_data, test.message, lang),
             "error_type": test.error_type, "mutant": test.mutant,
             "diagnosis": localized(test.explanation, lang)}
    if not test.hidden and test.detail is not None:
        shown.update({key: test.detail.get(key) for key in PUBLIC_DETAIL})
    return shown


def submission_summary(submission: Submission) -> dict:
    """Present a submission without its tests."""
    return {"id": submission.id, "status": submission.status, "url": submission_url(submission),
            "challenge": submission.challenge.slug, "user": submission.user.username,
            "kind": submission.kind, "verdict": submission.verdict, "passed": submission.passed,
            "total": submission.total, "created_at": submission.created_at,
            "finished_at": submission.finished_at}


def present_submission(submission: Submission, lang: str) -> dict:
    """Present a submission with its code, its per-test results and the one bug named, if any
    (to whoever may read it: its owner, or staff)."""
    message = rendered(submission.message_data, submission.message, lang)
    tests = [present_test(t, lang) for t in submission.tests]
    return {**submission_summary(submission), "code": submission.code,
            "message": message, "output": submission.output,
            "diagnosis": next((t["diagnosis"] for t in tests if t["diagnosis"]), None),
            "tests": tests, "version": submission.version.number,
            "history": [present_grade(g, lang) for g in submission.grades if not g.pinned],
            "pinned_grades": [present_grade(g, lang) for g in submission.grades
                              if g.pinned and g.version_id != submission.version_id]}


def present_grade(grade: SubmissionGrade, lang: str) -> dict:
    """Present another grade of a submission: a verdict a regrade replaced, or its grade
    against a version an assignment pins."""
    return {"verdict": grade.verdict, "passed": grade.passed, "total": grade.total,
            "message": rendered(grade.message_data, grade.message, lang),
            "version": grade.version.number, "graded_at": grade.graded_at,
            "regrade": grade.regrade_id}
