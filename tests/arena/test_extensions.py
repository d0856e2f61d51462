"""The database layer: SQLite pragmas and the column types shared by every model."""

import math
from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy import select, text

from arena.extensions import db
from arena.models import Submission, TestResult, User
from arena.models.types import UTCDateTime
from arena.services.submissions import create_submission


def test_sqlite_runs_in_wal_mode_with_foreign_keys(app):
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("SQLite only")
        with db.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert connection.execute(text("PRAGMA busy_timeout")).scalar() >= 1000


def test_timestamps_come_back_aware_in_utc(app):
    seoul = timezone(timedelta(hours=9))
    moment = datetime(2025, 3, 1, 18, 30, tzinfo=seoul)
    with app.app_context():
        value = db.session.scalar(select(db.literal(moment, UTCDateTime())))
    assert value == moment and value.tzinfo == UTC


def test_naive_timestamps_are_refused():
    with pytest.raises(ValueError, match="naive"):
        UTCDateTime().process_bind_param(datetime(2025, 1, 1), None)


def test_engine_data_keeps_non_finite_numbers(app, make_token, catalog):
    """Learner output may hold NaN; JSONText stores it where PostgreSQL's JSON would refuse."""
    make_token()
    with app.app_context():
        user = db.session.scalar(select(User))
        submission = create_submission(user, "softmax", "def softmax(row):\n    return row\n")
        row = TestResult(submission=submission, position=0, name="n", hidden=False, passed=False,
                         detail={"got": [math.nan, math.inf]})
        db.session.add(row)
        db.session.commit()
        db.session.expire_all()
        got = db.session.get(Submission, submission.id).tests[0].detail["got"]
    assert math.isnan(got[0]) and got[1] == math.inf
