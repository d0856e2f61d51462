"""A submission as its owner (or an instructor) may see it: verdict, named bug, one row per test;
before an assignment releases its feedback, its student sees the verdict alone
(arena.services.feedback decides when)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import url_for
from flask_babel import force_locale, gettext

from arena.models import Kind, Submission, SubmissionGrade, TestResult, User
from arena.presenters.texts import localized, rendered
from arena.services.feedback import withheld_until
from graders.verdicts import Status, Verdict

BREAKDOWN = "breakdown"  # the message code of a numerical breakdown (graders.messages)

PUBLIC_DETAIL = ("input", "expected", "got", "weights", "line", "traceback")


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


def shown_rows(tests: list[dict]) -> list[dict]:
    """Return the rows to show: each public test, and one row per group of hidden tests that
    pass or fail alike with the same message (where each group first appears), with its
    `count` and its tests' `names`."""
    rows: list[dict] = []
    groups: dict[tuple[bool, str], dict] = {}
    for test in tests:
        key = (test["passed"], test["message"] or "")
        if not test["hidden"]:
            rows.append({**test, "count": 1, "names": [test["name"]]})
        elif key in groups:
            groups[key]["count"] += 1
            groups[key]["names"].append(test["name"])
        else:
            groups[key] = {**test, "count": 1, "names": [test["name"]]}
            rows.append(groups[key])
    return rows


def run_summary(submission: Submission, lang: str) -> dict | None:
    """Say what a finished run's public examples say (never a verdict: the hidden tests decide
    that): `state` pass, fail or not-run, and its `text` in `lang`. None for a submission."""
    if submission.kind != Kind.RUN or submission.status != Status.DONE:
        return None
    failed = submission.total - submission.passed
    with force_locale(lang):
        if submission.verdict == Verdict.COMPILATION_ERROR or submission.message:
            return {"state": "not-run", "text": gettext("The public examples could not run.")}
        if failed == 0 and submission.verdict == Verdict.ACCEPTED:
            return {"state": "pass",
                    "text": gettext("Public examples pass: submit for the hidden tests")}
        return {"state": "fail", "text": gettext("%(failed)s of %(total)s public examples fail",
                                                 failed=failed, total=submission.total)}


def call_text(entry_point: str, shown: Any) -> str:
    """Say a public test's input as the Python call it stands for: `softmax([1.0, 2.0])`."""
    if not isinstance(shown, dict) or not {"args", "kwargs"} & set(shown):
        return repr(shown)
    parts = [repr(a) for a in shown.get("args") or []]
    parts += [f"{k}={v!r}" for k, v in (shown.get("kwargs") or {}).items()]
    return f"{entry_point}({', '.join(parts)})"


def submission_summary(submission: Submission, withheld: datetime | None = None) -> dict:
    """Present a submission without its tests; while its feedback is `withheld` (until that
    time), without the counts of tests passed either."""
    shown = withheld is None
    return {"id": submission.id, "status": submission.status, "url": submission_url(submission),
            "challenge": submission.challenge.slug, "user": submission.user.username,
            "kind": submission.kind, "verdict": submission.verdict,
            "passed": submission.passed if shown else None,
            "total": submission.total if shown else None, "created_at": submission.created_at,
            "finished_at": submission.finished_at, "withheld_until": withheld}


def present_submission(submission: Submission, lang: str, reader: User) -> dict:
    """Present a submission to `reader` (its owner, or staff) with its code, its per-test
    results and the one bug named, if any; while its feedback is withheld from them, with its
    verdict alone."""
    withheld = withheld_until(reader, submission)
    if withheld is not None:
        return {**submission_summary(submission, withheld), "code": submission.code,
                "message": "", "output": "", "call": None, "diagnosis": None, "tests": [],
                "rows": [], "summary": None, "version": submission.version.number,
                "history": [], "pinned_grades": []}
    message = rendered(submission.message_data, submission.message, lang)
    tests = [present_test(t, lang) for t in submission.tests]
    return {**submission_summary(submission), "code": submission.code,
            "message": message, "output": submission.output, "call": submission.call,
            "diagnosis": next((t["diagnosis"] for t in tests if t["diagnosis"]), None)
            or breakdown(submission.tests, lang),
            "tests": tests, "rows": shown_rows(tests),
            "summary": run_summary(submission, lang), "version": submission.version.number,
            "history": [present_grade(g, lang) for g in submission.grades if not g.pinned],
            "pinned_grades": [present_grade(g, lang) for g in submission.grades
                              if g.pinned and g.version_id != submission.version_id]}


def breakdown(tests: list[TestResult], lang: str) -> str | None:
    """Say the first numerical breakdown of a run (graders.judging.diagnosis), where no bug is
    named: its own category, never a mutant's explanation."""
    part = next((part for test in tests for part in test.message_data or ()
                 if part[0] == BREAKDOWN), None)
    return rendered([part], "", lang) if part else None


def present_grade(grade: SubmissionGrade, lang: str) -> dict:
    """Present another grade of a submission: a verdict a regrade replaced, or its grade
    against a version an assignment pins."""
    return {"verdict": grade.verdict, "passed": grade.passed, "total": grade.total,
            "message": rendered(grade.message_data, grade.message, lang),
            "version": grade.version.number, "graded_at": grade.graded_at,
            "regrade": grade.regrade_id}
