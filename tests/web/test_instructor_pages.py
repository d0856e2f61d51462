"""The instructor's pages: who may open them, what they show of a challenge's state, the
draft's preview, and the pages' rules (text escaped, no inline script, English and Korean)."""

from __future__ import annotations

import json
import re

import pytest
from sqlalchemy import select

from arena.extensions import db
from arena.models import Challenge, User, Visibility
from arena.services.authoring import create_challenge
from arena.services.versions import publish
from tests.web.conftest import page_token

SLUG = "running-max"
PAGES = ["/instructor", "/instructor/challenges/new", f"/instructor/challenges/{SLUG}",
         f"/instructor/challenges/{SLUG}/preview"]


def sign_in(client, username: str, password: str) -> None:
    """Log this client in as an existing user."""
    response = client.post("/login", data={"username": username, "password": password,
                                           "csrf_token": page_token(client, "/login")})
    assert response.status_code == 302


def script_data(html: str, element_id: str) -> dict:
    return json.loads(re.search(rf'id="{element_id}">(.*?)</script>', html, re.S).group(1))


@pytest.fixture
def draft(app, make_user, tiny_files) -> str:
    """Create the instructor 'olga' and her never-published challenge; return her name."""
    make_user("olga", "instructor")
    files = {**tiny_files, "challenge.toml": tiny_files["challenge.toml"].replace(
        'en = "Running maximum"', 'en = "Running <b>maximum</b>"')}
    with app.app_context():
        owner = db.session.scalar(select(User).where(User.username == "olga"))
        create_challenge(owner, {path: text.encode() for path, text in files.items()})
    return "olga"


def publish_draft(app) -> None:
    with app.app_context():
        challenge = db.session.scalar(select(Challenge).where(Challenge.slug == SLUG))
        publish(challenge, challenge.draft_version, proven=True)
        db.session.commit()


@pytest.mark.parametrize("path", PAGES)
def test_a_visitor_is_sent_to_log_in(client, draft, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


@pytest.mark.parametrize("path", PAGES)
def test_a_student_is_refused(client, login, draft, path):
    login("stu", "student")
    assert client.get(path).status_code == 403


def test_only_authors_have_the_link_in_the_navigation(client, login, make_user, password):
    login("stu", "student")
    assert 'href="/instructor"' not in client.get("/").get_data(as_text=True)
    make_user("ida", "instructor")
    sign_in(client, "ida", password)
    assert 'href="/instructor"' in client.get("/").get_data(as_text=True)
    html = client.get("/instructor").get_data(as_text=True)
    assert re.search(r'href="/instructor"\s+aria-current="page"', html)


def test_the_owner_sees_her_draft_listed_escaped(client, draft, password):
    sign_in(client, draft, password)
    html = client.get("/instructor").get_data(as_text=True)
    assert 'href="/instructor/challenges/new"' in html
    row = re.search(rf'<tr data-slug="{SLUG}">(.*?)</tr>', html, re.S).group(1)
    assert f'href="/instructor/challenges/{SLUG}"' in row
    assert "Running &lt;b&gt;maximum&lt;/b&gt;" in row and "<b>" not in row
    assert 'data-state="draft"' in row and "Draft (version 1)" in row
    assert "Not validated" in row


def test_the_list_shows_a_published_challenge_and_speaks_korean(app, client, draft, password):
    publish_draft(app)
    sign_in(client, draft, password)
    html = client.get("/instructor", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    assert "<h1>내 문제</h1>" in html and "게시됨 (버전 1)" in html


def test_another_instructors_draft_is_not_found_and_her_published_one_refused(
        app, client, draft, make_user, password):
    make_user("ivan", "instructor")
    sign_in(client, "ivan", password)
    assert SLUG not in client.get("/instructor").get_data(as_text=True)
    assert client.get(f"/instructor/challenges/{SLUG}").status_code == 404
    assert client.get(f"/instructor/challenges/{SLUG}/preview").status_code == 404
    publish_draft(app)  # private to olga's courses: ivan, in none of them, is not told of it
    assert client.get(f"/instructor/challenges/{SLUG}").status_code == 404
    with app.app_context():
        challenge = db.session.scalar(select(Challenge).where(Challenge.slug == SLUG))
        challenge.visibility = Visibility.PUBLIC
        db.session.commit()
    assert client.get(f"/instructor/challenges/{SLUG}").status_code == 403  # seen, not his


def test_an_admin_opens_anyones_editor(client, draft, make_user, password):
    make_user("ada", "admin")
    sign_in(client, "ada", password)
    assert SLUG in client.get("/instructor").get_data(as_text=True)
    html = client.get(f"/instructor/challenges/{SLUG}").get_data(as_text=True)
    assert script_data(html, "author-data") == {"slug": SLUG}


def test_the_new_editor_starts_from_the_template_and_keeps_the_pages_rules(client, login):
    login("ida", "instructor")
    response = client.get("/instructor/challenges/new")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert script_data(html, "author-data")["slug"] is None  # its template: test_visibility_pages
    for tag in re.findall(r"<script\b[^>]*>", html):  # data, or a file: never inline code
        assert 'type="application/json"' in tag or "src=" in tag, tag
    publish_button = re.search(r'<button[^>]*data-testid="author-publish"[^>]*>', html).group(0)
    assert "disabled" in publish_button
    assert 'data-testid="author-validate"' in html and 'data-testid="strength-table"' in html
    for name in ("rows_sum_to_one", "nonnegative", "finite"):
        assert f'name="properties" value="{name}"' in html
    assert '<option value="foundations">' not in html  # no track is published here
    for field in ("slug", "entry_point", "title_en", "title_ko", "statement_en", "hints_ko"):
        assert f'<label for="field-{field}">' in html


@pytest.mark.parametrize(("accept", "labels"), [
    ("en", ["Title in Korean", "Hints in Korean", "Statement in Korean", "Explanation in Korean"]),
    ("ko", ["한국어 제목", "한국어 힌트", "한국어 문제 설명", "한국어 설명"])])
def test_the_editor_names_the_other_language_in_the_readers(client, login, accept, labels):
    login("ida", "instructor")
    html = client.get("/instructor/challenges/new", headers={"Accept-Language": accept})
    text = html.get_data(as_text=True)
    assert all(label in text for label in labels) and 'data-languages="ko"' in text


def test_the_editor_offers_the_catalogs_tracks(client, login, catalog):
    login("ida", "instructor")
    html = client.get("/instructor/challenges/new").get_data(as_text=True)
    assert '<option value="foundations">Foundations</option>' in html


def test_the_preview_shows_the_draft_as_a_learner_would(client, draft, password):
    sign_in(client, draft, password)
    html = client.get(f"/instructor/challenges/{SLUG}/preview").get_data(as_text=True)
    assert '<h1 id="challenge-title">Running &lt;b&gt;maximum&lt;/b&gt;</h1>' in html
    assert "max_{j \\le i} x_j" in html  # the statement, its math left for KaTeX
    assert 'data-testid="run-button"' in html and 'data-testid="submit-button"' not in html
    assert f'href="/instructor/challenges/{SLUG}">' in html  # back to the editor
    data = script_data(html, "challenge-data")
    assert data["run_version"] == "draft" and data["slug"] == SLUG


def test_a_challenge_without_a_draft_has_no_preview(app, client, draft, password):
    publish_draft(app)
    sign_in(client, draft, password)
    assert client.get(f"/instructor/challenges/{SLUG}/preview").status_code == 404
    assert client.get(f"/instructor/challenges/{SLUG}").status_code == 200


def test_a_folder_challenge_says_where_it_is_changed(client, login, catalog):
    login("ada", "admin")
    html = client.get("/instructor/challenges/softmax").get_data(as_text=True)
    assert "comes from a folder of the repository" in html
    assert script_data(html, "author-data") == {"slug": "softmax"}
