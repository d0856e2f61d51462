"""The challenge page's next step, as the server renders it (tests/browser/test_next_step.py
follows it live): the next challenge and the track's progress once solved, and the editorial,
locked with how to unlock it, or shown with the common bugs."""

from __future__ import annotations

import re

import pytest

from arena.extensions import db
from arena.models import User
from arena.services.submissions import create_submission
from graders.verdicts import Status

EDITORIAL_EN = "## Approach\n\nKeep the largest value so far, $m_i$.\n\n## Cost\n\n$O(n)$.\n"
EDITORIAL_KO = "## 접근\n\n최댓값을 기억합니다.\n\n## 비용\n\n$O(n)$.\n"


def _record(app, username: str, slug: str, verdict: str) -> None:
    with app.app_context():
        user = db.session.query(User).filter_by(username=username).one()
        submission = create_submission(user, slug, "x = 1")
        submission.status, submission.verdict = Status.DONE, verdict
        db.session.commit()


def _page(client, slug: str, **kwargs) -> str:
    response = client.get(f"/challenges/{slug}", **kwargs)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _section(html: str, testid: str) -> str | None:
    """Return the section marked `testid` (it holds no other section), or None."""
    found = re.search(rf'<section[^>]*data-testid="{testid}".*?</section>', html, re.S)
    return found.group(0) if found else None


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def _links(html: str) -> list[str]:
    return re.findall(r'<a [^>]*href="([^"]*)"', html)


def test_a_visitor_sees_how_to_read_the_editorial_and_no_next_step(client, catalog):
    html = _page(client, "softmax")
    assert _section(html, "next-challenge") is None
    assert "Log in, then solve this challenge" in _text(_section(html, "editorial"))


def test_before_solving_the_next_step_waits_hidden_and_the_editorial_is_locked(client, catalog,
                                                                               login):
    login("ann")
    html = _page(client, "softmax")
    nxt = _section(html, "next-challenge")
    assert re.match(r"<section[^>]* hidden>", nxt)  # revealed by an accept (next-step.js)
    assert "1 of 5 solved in Foundations" in _text(nxt)  # as it will be once solved
    assert _links(nxt) == ["/challenges/scaled-scores"]
    editorial = _section(html, "editorial")
    assert 'data-state="locked"' in editorial
    assert "or after 3 more graded submissions" in _text(editorial)
    assert 'data-attempts-left="3"' in html


def test_once_solved_the_next_unsolved_challenge_and_the_progress_show(app, client, catalog,
                                                                       login):
    login("ann")
    _record(app, "ann", "scaled-scores", "accepted")
    _record(app, "ann", "softmax", "wrong_answer")
    _record(app, "ann", "softmax", "accepted")
    html = _page(client, "softmax")
    nxt = _section(html, "next-challenge")
    assert not re.match(r"<section[^>]* hidden>", nxt)
    assert "2 of 5 solved in Foundations" in _text(nxt)
    assert _links(nxt) == ["/challenges/attention-weights"]  # solved ones are skipped
    editorial = _section(html, "editorial")
    assert 'data-state="unlocked"' in editorial
    bugs = re.findall(r"<li><code>(\w+)</code>: ([^<]+)</li>", editorial)
    assert bugs and all(explanation.strip() for _, explanation in bugs)


def test_the_end_of_a_track_leads_to_the_next_track_and_the_end_to_the_catalog(client, catalog,
                                                                               login):
    login("ann")
    nxt = _section(_page(client, "causal-attention"), "next-challenge")
    assert _links(nxt) == ["/challenges/padding-mask"]
    assert "in Transformer internals" in _text(nxt)
    modern = _section(_page(client, "transformer-block"), "next-challenge")
    assert _links(modern) == ["/challenges/softmax-backward"]
    assert "in Backward passes" in _text(modern)
    last = _section(_page(client, "attention-sinks"), "next-challenge")
    assert _links(last) == ["/"]
    assert "1 of 4 solved in Efficient attention" in _text(last)


@pytest.mark.parametrize(("lang", "heading", "locked"), [
    ("en", "Approach", "or after 1 more graded submission."),
    ("ko", "접근", "채점되는 제출을 1번 더"),
])
def test_the_editorial_text_in_the_readers_language(app, client, catalog, login, publish_files,
                                                   tiny_valid_files, make_user, lang, heading,
                                                   locked):
    make_user("ivy", "instructor")
    publish_files("ivy", {**tiny_valid_files, "editorial.en.md": EDITORIAL_EN,
                          "editorial.ko.md": EDITORIAL_KO})
    login("ann")
    headers = {"Accept-Language": lang}
    for _ in range(2):
        _record(app, "ann", "running-max", "wrong_answer")
    assert locked in _text(_section(_page(client, "running-max", headers=headers), "editorial"))
    _record(app, "ann", "running-max", "wrong_answer")  # the third: unlocked, though unsolved
    html = _page(client, "running-max", headers=headers)
    editorial = _section(html, "editorial")
    assert f"<h2>{heading}</h2>" in editorial and "$O(n)$" in editorial  # math kept for KaTeX
    assert "<code>returns_input</code>" in editorial
    assert re.match(r"<section[^>]* hidden>", _section(html, "next-challenge"))  # not solved
