"""Fair use through the page's form (without JavaScript): past the cap on work in hand or the
rate limit per user, a 429 page with Retry-After (tests/arena/test_fair_use.py covers the API)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import update

from arena.extensions import db
from arena.models import Submission
from graders.verdicts import Status

CAP = 3
PER_MINUTE = CAP + 1
ATTEMPTS = "/challenges/softmax/attempts"


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Three jobs in hand, four submissions a minute."""
    return {"MAX_PENDING_PER_USER": CAP, "SUBMISSION_RATE_LIMIT": f"{PER_MINUTE} per minute"}


def _form(token: str, action: str = "submit") -> dict[str, str]:
    return {"code": "x = 1", "action": action, "csrf_token": token}


def _assert_refused_page(response, retry_after: str | None = None) -> None:
    assert response.status_code == 429
    assert int(response.headers["Retry-After"]) >= 1
    if retry_after:
        assert response.headers["Retry-After"] == retry_after
    assert "Too many attempts" in response.get_data(as_text=True)


def test_the_form_past_the_cap_answers_a_429_page(client, catalog, login):
    token = login("ann")
    for _ in range(CAP):
        assert client.post(ATTEMPTS, data=_form(token)).status_code == 302
    # A run counts in the cap (not in the submissions' rate); wait about one grading.
    _assert_refused_page(client.post(ATTEMPTS, data=_form(token, "run")), "10")


def test_the_form_past_the_rate_limit_answers_a_429_page(app, client, catalog, login):
    token = login("ann")
    for _ in range(CAP):
        assert client.post(ATTEMPTS, data=_form(token)).status_code == 302
    with app.app_context():  # graded: the cap no longer holds anything back
        db.session.execute(update(Submission).values(status=Status.DONE))
        db.session.commit()
    assert client.post(ATTEMPTS, data=_form(token)).status_code == 302
    _assert_refused_page(client.post(ATTEMPTS, data=_form(token)))
