"""GET/PUT /api/v1/challenges/<slug>/draft: each learner's own draft, kept on the server,
bounded like a submission, deleted with its learner."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, func, select

from arena.extensions import db
from arena.models import Draft, User

URL = "/api/v1/challenges/softmax/draft"
CODE = "def softmax(row):\n    return row  # mine\n"
SAVES = 4


@pytest.fixture
def app_config() -> dict:
    """A small code limit, so that an oversize draft is cheap to send, and a small limit of
    saves per user."""
    return {"MAX_CODE_BYTES": 1024, "DRAFT_RATE_LIMIT": f"{SAVES} per minute"}


@pytest.fixture
def two(make_token, unprepared_catalog) -> tuple[dict, dict]:
    """The Authorization headers of two students, ann and bob."""
    return ({"Authorization": f"Bearer {make_token('ann')}"},
            {"Authorization": f"Bearer {make_token('bob')}"})


def test_a_draft_is_saved_and_read_back_by_its_owner_only(client, two):
    ann, bob = two
    assert client.get(URL, headers=ann).get_json() == {"code": None, "updated_at": None}
    saved = client.put(URL, json={"code": CODE}, headers=ann)
    assert saved.status_code == 200
    assert saved.get_json()["code"] == CODE
    read = client.get(URL, headers=ann).get_json()
    assert read["code"] == CODE and read["updated_at"] == saved.get_json()["updated_at"]
    # Another learner sees only their own (none), and saving theirs leaves ann's alone.
    assert client.get(URL, headers=bob).get_json()["code"] is None
    client.put(URL, json={"code": "def softmax(row):\n    return 0\n"}, headers=bob)
    assert client.get(URL, headers=ann).get_json()["code"] == CODE


def test_saving_again_replaces_the_draft(client, two, app):
    ann, _ = two
    client.put(URL, json={"code": CODE}, headers=ann)
    first = client.get(URL, headers=ann).get_json()["updated_at"]
    client.put(URL, json={"code": CODE + "# again\n"}, headers=ann)
    again = client.get(URL, headers=ann).get_json()
    assert again["code"] == CODE + "# again\n" and again["updated_at"] >= first
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Draft)) == 1


def test_without_credentials_the_draft_is_refused(client, unprepared_catalog):
    assert client.get(URL).status_code == 401
    answer = client.put(URL, json={"code": CODE})
    assert answer.status_code == 401
    assert answer.get_json()["error"]["code"]


def test_an_unknown_challenge_is_404(client, two):
    ann, _ = two
    for answer in (client.get("/api/v1/challenges/nope/draft", headers=ann),
                   client.put("/api/v1/challenges/nope/draft", json={"code": CODE}, headers=ann)):
        assert answer.status_code == 404
        assert answer.get_json()["error"]["code"] == "not_found"


@pytest.mark.parametrize(("body", "status"), [
    ({"code": ""}, 422), ({"code": "   \n"}, 422), ({}, 422), ({"code": 3}, 422),
    ({"code": "a\x00b"}, 422), ({"code": "x" * 1025}, 413)])
def test_empty_missing_undecodable_or_oversize_code_is_refused(client, two, body, status):
    """Refused as a submission's code would be: 413 over the size limit, else 422."""
    ann, _ = two
    answer = client.put(URL, json=body, headers=ann)
    assert answer.status_code == status, answer.get_json()
    assert answer.get_json()["error"]["message"]
    assert client.get(URL, headers=ann).get_json()["code"] is None


def test_code_at_the_limit_is_kept(client, two):
    ann, _ = two
    code = "#" * 1024
    assert client.put(URL, json={"code": code}, headers=ann).status_code == 200
    assert client.get(URL, headers=ann).get_json()["code"] == code


def test_accept_language_changes_nothing(client, two):
    ann, _ = two
    client.put(URL, json={"code": CODE}, headers={**ann, "Accept-Language": "ko"})
    english = client.get(URL, headers={**ann, "Accept-Language": "en"}).get_json()
    korean = client.get(URL, headers={**ann, "Accept-Language": "ko"}).get_json()
    assert english == korean and english["code"] == CODE


def test_drafts_are_deleted_with_their_learner(client, two, app):
    ann, bob = two
    client.put(URL, json={"code": CODE}, headers=ann)
    client.put(URL, json={"code": CODE}, headers=bob)
    with app.app_context():
        db.session.execute(delete(User).where(User.username == "ann"))
        db.session.commit()
        owners = db.session.scalars(select(User.username).join(Draft, Draft.user_id == User.id))
        assert list(owners) == ["bob"]


def test_saves_past_the_users_limit_are_refused_and_keep_the_last_draft(client, two):
    ann, bob = two
    for i in range(SAVES):
        assert client.put(URL, json={"code": CODE + f"# {i}\n"}, headers=ann).status_code == 200
    refused = client.put(URL, json={"code": CODE + "# lost\n"}, headers=ann)
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert refused.get_json()["error"]["code"]
    assert client.get(URL, headers=ann).get_json()["code"] == CODE + f"# {SAVES - 1}\n"
    assert client.put(URL, json={"code": CODE}, headers=bob).status_code == 200
