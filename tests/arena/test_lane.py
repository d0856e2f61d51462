"""The authoring lane's order on a fresh start: every current version's examples (a second or
two each) before any whole preparation, and a preparation a submission waits for first."""

from __future__ import annotations

from sqlalchemy import select

from arena.extensions import db
from arena.jobs.lane import claim_next, request_waiting
from arena.models import User
from arena.services.catalog import get_challenge
from arena.services.submissions import create_submission
from arena.services.users import create_user


def _claim_all() -> list[tuple[str, int]]:
    claimed = []
    while (job := claim_next()) is not None:
        claimed.append(job)
    return claimed


def test_a_fresh_lane_takes_every_example_before_any_preparation(app, unprepared_catalog):
    with app.app_context():
        request_waiting()
        kinds = [kind for kind, _ in _claim_all()]
    count = len(unprepared_catalog)
    assert kinds == ["examples"] * count + ["prepare"] * count


def test_a_preparation_someone_waits_for_goes_first(app, unprepared_catalog):
    with app.app_context():
        create_user("ann")
        waited = create_submission(db.session.scalar(select(User)), "multi-head-attention",
                                   "def f():\n    pass\n").version_id
        request_waiting()
        claimed = _claim_all()
        assert claimed[0] == ("prepare", waited)
        assert get_challenge("multi-head-attention").current_version_id == waited
    assert [kind for kind, _ in claimed[1:]].count("examples") == len(unprepared_catalog)
