"""The models' vocabulary columns: enum members in Python, the same plain strings in the
database, and checks that name exactly their enum's values."""

from __future__ import annotations

import re
from enum import StrEnum

import pytest
from sqlalchemy import inspect, select, text
from sqlalchemy.exc import StatementError

from arena.extensions import db
from arena.jobs.grading import SUBMISSIONS, record_report
from arena.models import CourseRole, Kind, LatePolicy, Outcome, Role, Submission
from arena.services.submissions import create_submission
from arena.services.users import create_user
from graders.report import GradeReport
from graders.verdicts import Verdict


@pytest.mark.parametrize(("table", "column", "vocabulary"), [
    ("submission", "kind", Kind), ("user_account", "role", Role),
    ("course_member", "role", CourseRole), ("assignment", "late_policy", LatePolicy),
    ("regrade_item", "outcome", Outcome)])
def test_the_migrated_checks_name_each_value_of_the_vocabulary(app, table: str, column: str,
                                                               vocabulary: type[StrEnum]):
    with app.app_context():
        checks = {c["name"]: c["sqltext"] for c in inspect(db.engine).get_check_constraints(table)}
    named = set(re.findall(r"'([a-z_]+)'", checks[f"ck_{table}_{column}"]))
    assert named == {str(member) for member in vocabulary}


def test_kind_and_verdict_are_stored_as_plain_strings_and_read_back_as_members(
        app, claimable_catalog):
    with app.app_context():
        submission = create_submission(create_user("ann"), "softmax",
                                       "def softmax(row):\n    return row\n")
        assert SUBMISSIONS.claim(submission.id)
        assert record_report(submission.id, 1, GradeReport(Verdict.WRONG_ANSWER))
        stored = db.session.execute(text("SELECT kind, verdict FROM submission")).one()
        db.session.expire_all()
        read = db.session.get(Submission, submission.id)
        assert tuple(stored) == ("submission", "wrong_answer")
        assert read.kind is Kind.SUBMISSION and read.verdict is Verdict.WRONG_ANSWER


def test_a_string_outside_the_vocabulary_never_reaches_the_database(app):
    with app.app_context(), pytest.raises(StatementError, match="not among the defined enum"):
        db.session.execute(select(Submission.id).where(Submission.verdict == "acepted"))
