"""A new language is a new catalog and nothing else: a pseudo-locale proves it.

The test adds one catalog, `eo`, to a copy of the translations folder (ARENA_TRANSLATIONS_DIR):
every message of the Korean catalog, which holds them all (test_i18n.py checks that), with its
English wrapped as ⟪...⟫. No Python or JavaScript changes. Then every page, a graded
submission and the scripts' strings must come out wrapped: an interface string that stays
English is one that does not go through the catalog.
"""

from __future__ import annotations

import json
import re
import shutil
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from arena.extensions import db
from arena.jobs import grading
from arena.models import User
from arena.services.submissions import create_submission
from arena.web.i18n import SOURCE
from graders.messages import Text
from graders.report import GradeReport, TestReport
from graders.verdicts import Verdict

PSEUDO = "eo"
OPEN, CLOSE = "⟪", "⟫"
SKIPPED = {"script", "style", "pre", "code", "textarea", "title"}
# Authored content by locale (statements, hints, the lesson), like a challenge folder's texts.
AUTHORED = {"statement", "hints", "lesson", "lesson-title", "test-name", "challenge-title",
            "brand", "code"}


def _pseudo(message: str) -> str:
    return f"{OPEN}{message}{CLOSE}"


@pytest.fixture
def pseudo_translations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Write the pseudo catalog into a copy of the translations folder; point the app at it."""
    shutil.copytree(SOURCE, tmp_path / "translations")
    with (SOURCE / "ko/LC_MESSAGES/messages.po").open("rb") as handle:
        catalog = read_po(handle, locale="ko")
    catalog.locale = PSEUDO
    for message in catalog:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            wrapped = tuple(_pseudo(i) for i in ids)
            message.string = wrapped if isinstance(message.id, tuple) else wrapped[0]
    folder = tmp_path / "translations" / PSEUDO / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.po").open("wb") as handle:
        write_po(handle, catalog)
    monkeypatch.setenv("ARENA_TRANSLATIONS_DIR", str(tmp_path / "translations"))
    return folder


@pytest.fixture
def app(pseudo_translations, app):
    """The usual test app, created after its translations folder was chosen."""
    return app


class _Text(HTMLParser):
    """Collect the text a reader sees, apart from code and authored content."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        skip = tag in SKIPPED or bool(classes & AUTHORED) or (self.stack and self.stack[-1])
        if tag not in {"br", "img", "input", "meta", "link", "hr"}:
            self.stack.append(bool(skip))

    def handle_endtag(self, tag: str) -> None:
        if self.stack and tag not in {"br", "img", "input", "meta", "link", "hr"}:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not (self.stack and self.stack[-1]):
            self.found.append(text)


def _english_sentences(html: str, authored: set[str]) -> list[str]:
    """Return visible text nodes with two or more English words that are not wrapped."""
    parser = _Text()
    parser.feed(html)
    return [t for t in parser.found
            if OPEN not in t and t not in authored and len(re.findall(r"[A-Za-z]{2,}", t)) >= 2]


def _graded(app, username: str) -> int:
    """Store a finished submission whose rows carry the grader's messages as codes."""
    with app.app_context():
        user = db.session.query(User).filter_by(username=username).one()
        submission = create_submission(user, "softmax", "def softmax(row):\n    return row\n")
        assert grading.SUBMISSIONS.claim(submission.id)
        tests = [TestReport("three increasing logits", False, False,
                            message=Text("values_detail", error="0.5"), names={"ko": "셋"}),
                 TestReport("hidden one", True, False, message=Text("values"))]
        report = GradeReport(Verdict.WRONG_ANSWER, tests, Text("time_limit"))
        assert grading.record_report(submission.id, 1, report)
        return submission.id


def _authored(app) -> set[str]:
    """Return the catalog's authored words (titles, names), which have no pseudo version."""
    with app.app_context():
        from arena.services.catalog import list_challenges, track_titles
        from arena.services.versions import challenge_spec

        return ({challenge_spec(c).title["en"] for c in list_challenges()} | {"Attention Arena"}
                | {title["en"] for title in track_titles().values()})


def test_the_pseudo_locale_is_offered_and_the_scripts_speak_it(client, catalog):
    client.set_cookie("arena_locale", PSEUDO)
    html = client.get("/").get_data(as_text=True)
    assert 'value="eo"' in html and "esperanto" in html.lower()
    messages = json.loads(re.search(r'id="interface-messages">(.*?)</script>', html,
                                    re.S).group(1))
    assert messages and all(m.startswith(OPEN) for m in messages.values()), [
        k for k, m in messages.items() if not m.startswith(OPEN)]


@pytest.mark.parametrize("path", ["/", "/learn", "/learn/attention-basics", "/login", "/register",
                                  "/challenges/softmax",
                                  "/account", "/submissions/{id}", "/submissions", "/courses",
                                  "/api/v1/docs", "/password/forgot"])
def test_every_page_speaks_the_pseudo_locale(app, client, catalog, login, path):
    login("ann")
    path = path.format(id=_graded(app, "ann"))
    client.set_cookie("arena_locale", PSEUDO)
    response = client.get(path)
    assert response.status_code == 200, path
    html = response.get_data(as_text=True)
    assert html.count(OPEN) >= 5
    left = _english_sentences(html, _authored(app))
    assert not left, f"{path}: English that is not in the catalog or not translated: {left[:8]}"


def test_a_graded_submission_renders_in_the_pseudo_locale(app, client, catalog, make_token):
    token = make_token("bo")
    submission_id = _graded(app, "bo")
    body = client.get(f"/api/v1/submissions/{submission_id}?lang={PSEUDO}",
                      headers={"Authorization": f"Bearer {token}"}).get_json()
    assert body["message"] == _pseudo("time limit exceeded")
    assert body["tests"][0]["message"] == _pseudo(
        "values differ from the expected output (largest difference {error})").replace(
        "{error}", "0.5")
    assert body["tests"][1]["message"] == _pseudo(
        "wrong answer: the values differ from the expected output")
    assert body["tests"][0]["name"] == "three increasing logits"  # authored: no pseudo name


def test_a_course_page_speaks_the_pseudo_locale(app, client, catalog, login):
    """An instructor's course page: join code, gradebook, forms, members."""
    from arena.services.assignments import AssignmentFields, create_assignment
    from arena.services.courses import create_course, join_course

    login("ann")
    _graded(app, "ann")
    login("ida", "instructor")
    with app.app_context():
        course = create_course(db.session.query(User).filter_by(username="ida").one(), "Heads")
        join_course(db.session.query(User).filter_by(username="ann").one(), course.join_code)
        create_assignment(db.session.query(User).filter_by(username="ida").one(), course.id,
                          AssignmentFields("Week", ["softmax"], datetime(2020, 1, 1, tzinfo=UTC),
                                           datetime(2030, 1, 1, tzinfo=UTC)))
        course_id, code = course.id, course.join_code
    client.set_cookie("arena_locale", PSEUDO)
    for path in (f"/courses/{course_id}", f"/courses/join/{code}", "/courses"):
        html = client.get(path).get_data(as_text=True)
        left = _english_sentences(html, _authored(app) | {"Heads", "Week"})
        assert not left, f"{path}: English that is not in the catalog: {left[:8]}"


def test_the_editor_asks_for_the_texts_in_every_language(client, login):
    login("ida", "instructor")
    html = client.get("/instructor/challenges/new", headers={"Accept-Language": "en"})
    html = html.get_data(as_text=True)
    assert 'data-languages="eo ko"' in html
    for lang in ("eo", "ko"):
        assert all(f'<label for="field-{field}_{lang}">' in html
                   for field in ("title", "hints", "statement"))
        assert f'name="mutant_{lang}"' in html
    assert "Title in Esperanto" in html and "Statement in Korean" in html
