"""The pages render for visitors and learners, with the hooks the front-end bundle relies on."""

import json
import re

import pytest

from arena.extensions import db
from arena.models import User
from arena.services.catalog import list_challenges
from arena.services.submissions import create_submission
from arena.services.versions import challenge_spec
from graders.verdicts import Status


def _page(client, path: str, status: int = 200, **kwargs) -> str:
    response = client.get(path, **kwargs)
    assert response.status_code == status, (path, response.status_code)
    assert response.mimetype == "text/html"
    return response.get_data(as_text=True)


def _record(app, username: str, slug: str, verdict: str | None, code: str = "x = 1") -> int:
    """Store a finished submission without grading it."""
    with app.app_context():
        user = db.session.query(User).filter_by(username=username).one()
        submission = create_submission(user, slug, code)
        if verdict:
            submission.status, submission.verdict = Status.DONE, verdict
        db.session.commit()
        return submission.id


@pytest.mark.parametrize("path", ["/", "/learn", "/learn/attention-basics", "/login", "/register",
                                  "/challenges/softmax"])
def test_public_pages_render_for_visitors(client, catalog, bundle, path):
    html = _page(client, path)
    assert '<meta name="csrf-token" content="' in html
    assert '<link rel="stylesheet" href="/static/dist/app-AAAAAAAA.css">' in html
    assert '<script type="module" src="/static/dist/app-BBBBBBBB.js"></script>' in html
    assert '<meta name="math-css" content="/static/dist/math-DDDDDDDD.css">' in html
    assert 'data-testid="locale-switch"' in html and '<main id="main"' in html


@pytest.mark.parametrize("path", ["/account", "/submissions/1"])
def test_private_pages_send_visitors_to_the_login(client, catalog, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response.headers["Location"].startswith(f"/login?next={path.replace('/', '%2F')}")


def test_catalog_lists_tracks_in_order_with_difficulty(client, catalog):
    html = _page(client, "/")
    slugs = re.findall(r'data-slug="([^"]+)"', html)
    assert slugs == catalog
    assert html.index("Foundations") < html.index("Transformer internals")
    assert 'class="difficulty difficulty-easy">Easy<' in html
    assert "<progress" not in html  # progress is a learner's


def test_catalog_marks_solved_and_attempted_and_counts_per_track(app, client, catalog, login):
    login("ann")
    _record(app, "ann", "softmax", "wrong_answer")
    _record(app, "ann", "softmax", "accepted")
    _record(app, "ann", "scaled-scores", "wrong_answer")
    _record(app, "ann", "attention-weights", None)  # still queued: attempted
    html = _page(client, "/")
    item = {slug: re.search(rf'data-slug="{slug}">(.*?)</li>', html, re.S).group(1)
            for slug in ("softmax", "scaled-scores", "attention-weights", "causal-attention")}
    assert 'data-mark="solved"' in item["softmax"]
    assert 'data-mark="attempted"' in item["scaled-scores"]
    assert 'data-mark="attempted"' in item["attention-weights"]
    assert "data-mark" not in item["causal-attention"]
    with app.app_context():
        foundations = sum(challenge_spec(c).track == "foundations" for c in list_challenges())
    assert f'<progress id="progress-foundations" max="{foundations}" value="1">' in html
    assert f"1 of {foundations} solved" in html


def test_challenge_page_follows_the_dom_contract(client, catalog):
    html = _page(client, "/challenges/scaled-dot-product-attention")
    assert re.search(r'<div id="editor" data-testid="editor" data-slug="scaled-dot-product-'
                     r'attention"\s+data-entry-point="attention" data-lang="en"', html)
    textarea = re.search(r'<textarea name="code" id="code"[^>]*>(.*?)</textarea>', html, re.S)
    assert "def attention(Q, K, V)" in textarea.group(1)
    for hook in ('data-testid="run-button"', 'data-testid="submit-button"',
                 'data-action="reset"', '<section id="results" aria-live="polite"',
                 '<ol id="hints">', 'data-action="next-hint"',
                 '<div data-testid="heatmap" id="challenge-heatmap"', '<article class="statement"'):
        assert hook in html, hook
    hints = re.search(r'<ol id="hints">(.*?)</ol>', html, re.S).group(1)
    assert hints.count("<li hidden>") >= 1 and "<li>" not in hints
    data = json.loads(re.search(r'<script type="application/json" id="challenge-data">(.*?)'
                                r"</script>", html, re.S).group(1))
    assert data["slug"] == "scaled-dot-product-attention" and data["entry_point"] == "attention"
    assert data["attention"] is True and data["logged_in"] is False
    messages = json.loads(re.search(r'<script type="application/json" id="interface-messages">'
                                    r"(.*?)</script>", html, re.S).group(1))
    assert {"queued", "running", "done", "accepted", "wrong_answer", "expected", "got",
            "hidden", "public", "passed", "failed", "named_bug"} <= set(messages)
    assert isinstance(data["examples"], list)


def test_challenge_page_keeps_math_for_katex(client, catalog):
    html = _page(client, "/challenges/scaled-dot-product-attention")
    statement = re.search(r'<article class="statement".*?</article>', html, re.S).group(0)
    assert r'<span class="math inline">$\sum_{j=1}^{m} A_{ij} V_j$</span>' in statement
    assert '<div class="math block">\n$$\\operatorname{Attention}' in statement
    assert statement.count("<h1") == 1 and "<h2>Scaled dot-product attention</h2>" not in statement
    assert "<h2>Your task</h2>" in statement


def test_challenge_page_without_attention_has_no_heatmap(client, catalog):
    html = _page(client, "/challenges/softmax")
    assert 'data-testid="heatmap"' not in html
    assert '"attention": false' in html


def test_challenge_buttons_need_a_login(client, catalog, login):
    html = _page(client, "/challenges/softmax")
    assert re.search(r'data-testid="run-button" disabled', html)
    assert "/login?next=/challenges/softmax" in html.replace("%2F", "/")
    login()
    html = _page(client, "/challenges/softmax")
    assert not re.search(r'data-testid="run-button" disabled', html)
    assert "Your submissions" in html


def test_challenge_page_shows_the_learners_own_history(app, client, catalog, login, make_user):
    login("ann")
    make_user("bob")
    mine = _record(app, "ann", "softmax", "wrong_answer")
    theirs = _record(app, "bob", "softmax", "accepted")
    html = _page(client, "/challenges/softmax")
    assert f'href="/submissions/{mine}"' in html and f'href="/submissions/{theirs}"' not in html
    assert "Wrong answer" in html


def test_unknown_challenge_and_page_are_html_404s(client, catalog):
    assert "There is nothing here." in _page(client, "/challenges/nope", 404)
    assert "There is nothing here." in _page(client, "/no/such/page", 404)
    api = client.get("/api/v1/no/such/thing")
    assert api.status_code == 404 and api.get_json()["error"]["code"] == "not_found"


def test_submission_page_shows_a_queued_submission_and_refreshes(app, client, catalog, login):
    login()
    submission_id = _record(app, "ann", "softmax", None, code="def softmax(row):\n    pass\n")
    html = _page(client, f"/submissions/{submission_id}")
    assert '<meta http-equiv="refresh" content="2">' in html
    assert "Queued" in html and 'data-testid="verdict"' not in html
    assert ('<pre tabindex="0"><code class="language-python">def softmax(row):\n    pass\n'
            "</code></pre>") in html


def test_learners_cannot_read_each_others_submissions(app, client, catalog, login, make_user):
    make_user("bob")
    theirs = _record(app, "bob", "softmax", "accepted")
    login("ann")
    assert "There is nothing here." in _page(client, f"/submissions/{theirs}", 404)


def test_lesson_includes_the_content_of_the_locale(client):
    english = _page(client, "/learn/attention-basics")
    korean = _page(client, "/learn/attention-basics", headers={"Accept-Language": "ko"})
    assert 'data-testid="heatmap"' in english and english.count('data-testid="lesson-cell"') == 3
    assert '<article class="lesson" lang="en" data-lesson="attention-basics">' in english
    assert '<article class="lesson" lang="ko" data-lesson="attention-basics">' in korean
    assert "처음부터 배우는 어텐션" in korean and english.count('data-testid="predict"') >= 4


def test_the_lessons_list_links_each_lesson_and_its_challenges(client, catalog):
    listed = _page(client, "/learn")
    assert 'href="/learn/attention-basics"' in listed and 'href="/challenges/softmax"' in listed
    assert "Attention, from the ground up" in listed


def test_an_unknown_lesson_is_a_404_page(client):
    assert "There is nothing here." in _page(client, "/learn/no-such-lesson", 404)


def test_a_lessons_text_is_escaped_and_its_code_shown_as_text(client):
    html = _page(client, "/learn/attention-basics")
    assert "<textarea" in html and "def softmax(scores):" in html
    assert "print(&#34;attention:&#34;" in html or "print(&quot;attention:&quot;" in html


@pytest.mark.parametrize("accept", ["en", "ko"])
def test_every_challenge_the_lesson_links_to_exists(client, catalog, accept):
    lesson = _page(client, "/learn/attention-basics", headers={"Accept-Language": accept})
    links = set(re.findall(r'href="(/challenges/[^"#?]+)"', lesson))
    assert len(links) >= 5
    for link in sorted(links):
        _page(client, link)  # 200, or the helper fails


def test_static_bundle_is_served_from_the_web_static_folder(app):
    assert app.static_folder.endswith("platform/arena/web/static")
    assert app.static_url_path == "/static"


def test_the_form_refuses_empty_code_with_a_message(client, catalog, login):
    csrf = login()
    response = client.post("/challenges/softmax/attempts", data={
        "csrf_token": csrf, "action": "run", "code": "   "}, follow_redirects=True)
    assert "Your code was not accepted: code: is empty" in response.get_data(as_text=True)
