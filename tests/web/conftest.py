"""Fixtures of the web pages: a logged-in browser session and the page's CSRF token."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from arena.services.users import create_user

PASSWORD = "correct horse battery"
META_TOKEN = re.compile(r'<meta name="csrf-token" content="([^"]+)">')


def page_token(client, path: str = "/") -> str:
    """Return the CSRF token a page of this client's session carries."""
    match = META_TOKEN.search(client.get(path).get_data(as_text=True))
    assert match, f"no csrf-token meta on {path}"
    return match.group(1)


@pytest.fixture
def csrf_token() -> Callable[..., str]:
    """Return a function that reads the CSRF token of a page: csrf_token(client, path)."""
    return page_token


@pytest.fixture
def password() -> str:
    """Return the password of every user that `make_user` creates."""
    return PASSWORD


@pytest.fixture
def make_user(app) -> Callable[..., str]:
    """Return a function that creates a user with a password and returns the username."""

    def make(username: str = "ann", role: str = "student") -> str:
        with app.app_context():
            create_user(username, role, password=PASSWORD)
        return username

    return make


@pytest.fixture
def login(client, make_user) -> Callable[..., str]:
    """Return a function that creates a user and logs this client in as them."""

    def log_in(username: str = "ann", role: str = "student") -> str:
        make_user(username, role)
        response = client.post("/login", data={"username": username, "password": PASSWORD,
                                               "csrf_token": page_token(client, "/login")})
        assert response.status_code == 302, response.get_data(as_text=True)
        return page_token(client)

    return log_in


@pytest.fixture
def bundle(app, tmp_path) -> dict[str, str]:
    """Point the app's static folder at a built front-end bundle of its own: a manifest naming
    hashed files (as `npm run build` writes), each file a stub. Returns the manifest."""
    names = {"app.css": "app-AAAAAAAA.css", "app.js": "app-BBBBBBBB.js",
             "editor.js": "chunks/editor-CCCCCCCC.js", "math.css": "math-DDDDDDDD.css",
             "math.js": "chunks/math-EEEEEEEE.js", "api-docs.css": "api-docs-FFFFFFFF.css",
             "api-docs.js": "api-docs-GGGGGGGG.js"}
    static = tmp_path / "static"
    for name in names.values():
        (static / "dist" / name).parent.mkdir(parents=True, exist_ok=True)
        (static / "dist" / name).write_text("/* built */\n", encoding="utf-8")
    (static / "dist" / "manifest.json").write_text(json.dumps(names), encoding="utf-8")
    (static / "favicon.svg").write_text("<svg/>", encoding="utf-8")
    app.static_folder = str(static)
    return names
