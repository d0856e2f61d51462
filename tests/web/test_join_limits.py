"""Join codes cannot be guessed at speed: codes that name no course are counted per user and
per address, through the API, the dashboard's form and join links alike (the red team sent 120
wrong codes at 118 a second, none refused). Past a limit every code answers 429 with
Retry-After, a right one included, until the window ends; right codes are not counted, so a
class behind one address joins together. Small limits, counted by the real Flask-Limiter."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from arena.config import DEFAULTS
from arena.extensions import db
from arena.models import User
from arena.services.courses import create_course
from tests.web.conftest import page_token

PER_USER = 3
PER_ADDRESS = 5
ADDRESS, OTHER_ADDRESS = "198.51.100.7", "198.51.100.8"


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Give this module's apps small join limits."""
    return {"JOIN_USER_RATE_LIMIT": f"{PER_USER} per minute; 30 per hour",
            "JOIN_RATE_LIMIT": f"{PER_ADDRESS} per minute; 300 per hour"}


@pytest.fixture
def code(app, make_user) -> str:
    """Return the join code of Ivy's course."""
    make_user("ivy", "instructor")
    with app.app_context():
        ivy = db.session.scalar(select(User).where(User.username == "ivy"))
        return create_course(ivy, "Attention").join_code


def _api(app, make_token, name: str, address: str = ADDRESS):
    """Return a function that asks to join as a new student `name`, from `address`."""
    return _joiner(app, {"Authorization": f"Bearer {make_token(name)}"}, address)


def _joiner(app, headers: dict[str, str], address: str):
    """Return a function that asks to join with these credentials, from `address`."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return lambda code: client.post("/api/v1/courses/join", json={"code": code},
                                    headers=headers)


def _limited(response) -> None:
    assert response.status_code == 429, response.get_data(as_text=True)[:300]
    assert 1 <= int(response.headers["Retry-After"]) <= 60


def test_the_documented_defaults():
    assert DEFAULTS["JOIN_USER_RATE_LIMIT"] == "10 per minute; 30 per hour"
    assert DEFAULTS["JOIN_RATE_LIMIT"] == "30 per minute; 300 per hour"


def test_wrong_codes_per_user_then_429_even_for_the_right_code(app, make_token, code):
    sam = {"Authorization": f"Bearer {make_token('sam')}"}
    join = _joiner(app, sam, ADDRESS)
    for guess in range(PER_USER):
        assert join(f"WRONG{guess:03d}").status_code == 404
    refused = join("WRONG999")
    _limited(refused)
    assert refused.get_json()["error"]["code"] == "rate_limited"
    _limited(join(code))  # the right code waits for the window too
    _limited(_joiner(app, sam, OTHER_ADDRESS)(code))  # from any address
    assert _api(app, make_token, "sue", OTHER_ADDRESS)(code).status_code == 200


def test_wrong_codes_per_address_from_many_accounts(app, make_token, code):
    for number in range(PER_ADDRESS):  # one wrong code each: every account under its limit
        assert _api(app, make_token, f"guesser{number}")("WRONG000").status_code == 404
    _limited(_api(app, make_token, "newcomer")(code))
    assert _api(app, make_token, "sue", OTHER_ADDRESS)(code).status_code == 200


def test_right_codes_are_not_counted(app, make_token, code):
    """A class behind one school address joins at the start of a lesson."""
    for number in range(PER_ADDRESS + PER_USER + 1):
        assert _api(app, make_token, f"student{number}")(code).status_code == 200


def test_the_pages_and_the_api_share_one_count(app, client, login, make_token, code):
    """The dashboard's form, a link's page and its confirmation count as the API does."""
    login("zed")
    client.environ_base["REMOTE_ADDR"] = ADDRESS
    token = page_token(client, "/courses")
    assert client.post("/courses/join", data={"code": "WRONG000", "csrf_token": token}
                       ).status_code == 404
    assert client.get("/courses/join/WRONG001").status_code == 404
    assert client.post("/courses/join/WRONG002", data={"csrf_token": token}).status_code == 404
    for refused in (client.post("/courses/join", data={"code": code, "csrf_token": token}),
                    client.get(f"/courses/join/{code}"),
                    client.post(f"/courses/join/{code}", data={"csrf_token": token})):
        _limited(refused)
        assert "Too many attempts. Wait" in refused.get_data(as_text=True)
    assert client.get("/courses").status_code == 200  # the dashboard itself still loads
    # Two more wrong codes through the API from the same address reach its limit of five.
    for number in range(2):
        assert _api(app, make_token, f"api{number}")("WRONG000").status_code == 404
    _limited(_api(app, make_token, "late")(code))
