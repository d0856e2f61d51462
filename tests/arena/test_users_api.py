"""The accounts API, role by role: admins manage accounts; an instructor issues reset links for
their own students only; everyone else is refused (401 without a token, 403 with one)."""

from __future__ import annotations

import pytest

from arena.services.courses import create_course, join_course
from arena.services.users import get_user

CALLS = {
    "list": ("get", "/api/v1/users", None),
    "create": ("post", "/api/v1/users", {"username": "new", "password": "long enough"}),
    "role": ("put", "/api/v1/users/sue/role", {"role": "instructor"}),
    "deactivate": ("post", "/api/v1/users/sue/deactivate", None),
    "reactivate": ("post", "/api/v1/users/sue/reactivate", None),
    "reset-own-student": ("post", "/api/v1/users/sam/password-reset", None),
    "reset-other-student": ("post", "/api/v1/users/zed/password-reset", None),
}
#: Who gets what: ada is an admin, ivy teaches sam (not zed), sam and sue are students.
EXPECTED = {
    "ada": {"list": 200, "create": 201, "role": 200, "deactivate": 200, "reactivate": 200,
            "reset-own-student": 201, "reset-other-student": 201},
    "ivy": {"list": 403, "create": 403, "role": 403, "deactivate": 403, "reactivate": 403,
            "reset-own-student": 201, "reset-other-student": 403},
    "sam": {"list": 403, "create": 403, "role": 403, "deactivate": 403, "reactivate": 403,
            "reset-own-student": 403, "reset-other-student": 403},
    None: dict.fromkeys(CALLS, 401),
}


@pytest.fixture
def taught(app, people):
    """Sam studies in ivy's course; zed in ian's."""
    with app.app_context():
        join_course(get_user("sam"), create_course(get_user("ivy"), "Attention").join_code)
        join_course(get_user("zed"), create_course(get_user("ian"), "Other").join_code)
    return people


@pytest.mark.parametrize("who", list(EXPECTED), ids=lambda who: who or "visitor")
@pytest.mark.parametrize("call", list(CALLS))
def test_the_access_matrix(client, taught, who, call):
    method, path, body = CALLS[call]
    headers = taught[who] if who else {}
    answer = getattr(client, method)(path, json=body, headers=headers)
    assert answer.status_code == EXPECTED[who][call], answer.get_json()
    if answer.status_code >= 400:
        assert answer.get_json()["error"]["code"]


def test_admins_list_search_and_page_accounts(client, people):
    listed = client.get("/api/v1/users", headers=people["ada"]).get_json()
    assert [u["username"] for u in listed["users"]] == ["ada", "ian", "ivy", "sam", "sue", "zed"]
    assert listed["next_page"] is None
    assert listed["users"][0] == {**listed["users"][0], "role": "admin", "active": True,
                                  "has_password": False, "email": None}
    found = client.get("/api/v1/users?q=I", headers=people["ada"]).get_json()["users"]
    assert [u["username"] for u in found] == ["ian", "ivy"]
    for query in ("?q=" + "x" * 65, "?page=0", "?page=x"):
        refused = client.get("/api/v1/users" + query, headers=people["ada"])
        assert refused.status_code == 422, query


def test_an_admin_creates_accounts_under_the_password_policy(client, people):
    def create(body):
        return client.post("/api/v1/users", json=body, headers=people["ada"])

    made = create({"username": "prof", "role": "instructor", "password": "long enough",
                   "email": "prof@example.org"})
    assert made.status_code == 201
    assert made.get_json() | {"created_at": None} == {
        "username": "prof", "role": "instructor", "active": True, "has_password": True,
        "email": "prof@example.org", "created_at": None}
    assert create({"username": "bare"}).get_json()["has_password"] is False
    short = create({"username": "weak", "password": "short"})
    assert short.status_code == 422 and "password" in short.get_json()["error"]["message"]
    assert create({"username": "prof"}).get_json()["error"]["code"] == "username_taken"
    assert create({"username": "prof"}).status_code == 409
    assert create({"username": "x", "role": "wizard"}).status_code == 422
    assert create({"username": "x", "email": "not an address"}).status_code == 422
    assert create({"username": " x"}).status_code == 422


def test_roles_change_and_the_last_admin_stays(client, people):
    ada = people["ada"]
    changed = client.put("/api/v1/users/sue/role", json={"role": "instructor"}, headers=ada)
    assert changed.get_json()["role"] == "instructor"
    assert client.put("/api/v1/users/sue/role", json={"role": "root"},
                      headers=ada).status_code == 422
    assert client.put("/api/v1/users/nobody/role", json={"role": "student"},
                      headers=ada).status_code == 404
    last = client.put("/api/v1/users/ada/role", json={"role": "student"}, headers=ada)
    assert last.status_code == 409 and last.get_json()["error"]["code"] == "last_admin"
    assert client.post("/api/v1/users/ada/deactivate", headers=ada).status_code == 409


def test_a_deactivated_account_cannot_use_its_token_until_reactivated(client, people):
    assert client.get("/api/v1/courses", headers=people["sue"]).status_code == 200
    gone = client.post("/api/v1/users/sue/deactivate", headers=people["ada"]).get_json()
    assert gone["active"] is False
    assert client.get("/api/v1/courses", headers=people["sue"]).status_code == 401
    back = client.post("/api/v1/users/sue/reactivate", headers=people["ada"]).get_json()
    assert back["active"] is True
    assert client.get("/api/v1/courses", headers=people["sue"]).status_code == 200


def test_a_reset_link_from_the_api_sets_the_password_once(client, taught):
    issued = client.post("/api/v1/users/sam/password-reset", headers=taught["ivy"]).get_json()
    assert issued["username"] == "sam" and issued["expires_at"]
    assert issued["url"].startswith("http://localhost/password/reset/")
    path = issued["url"].removeprefix("http://localhost")
    assert client.get(path).status_code == 200
    # An instructor asking about a name that does not exist learns nothing: 403, as for zed.
    assert client.post("/api/v1/users/nobody/password-reset",
                       headers=taught["ivy"]).status_code == 403
    assert client.post("/api/v1/users/nobody/password-reset",
                       headers=taught["ada"]).status_code == 404


@pytest.mark.parametrize("app_config", [{"PUBLIC_URL": "https://arena.example.edu/"}])
def test_links_use_the_public_address_when_it_is_set(client, people):
    issued = client.post("/api/v1/users/sam/password-reset", headers=people["ada"],
                         environ_base={"HTTP_HOST": "evil.example"}).get_json()
    assert issued["url"].startswith("https://arena.example.edu/password/reset/")
