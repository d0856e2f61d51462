"""Headers on every page, and everything from a submission shown as text."""

import re

import pytest

from arena.extensions import db
from arena.models import TestResult, User
from arena.services.submissions import create_submission
from arena.web.security import safe_next
from graders.verdicts import Status

SCRIPT = "<script>alert(1)</script>"
IMAGE = "<img src=x onerror=alert(1)>"
HOSTILE_CODE = f'# {IMAGE}\ndef softmax(row):\n    print("{SCRIPT}")\n    return row\n'


@pytest.mark.parametrize("path", ["/", "/learn", "/learn/attention-basics", "/login", "/register",
                                  "/challenges/softmax",
                                  "/no/such/page", "/api/v1/health", "/api/v1/docs"])
def test_every_response_sends_the_policy_and_hardening_headers(client, catalog, path):
    headers = client.get(path).headers
    policy = headers["Content-Security-Policy"]
    for directive in ("default-src 'self'", "script-src 'self'", "font-src 'self'",
                      "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"):
        assert directive in policy
    assert re.search(r"style-src 'self' 'nonce-[\w-]+'(;|$)", policy)
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"


def test_the_style_nonce_changes_per_request_and_is_offered_to_scripts(client):
    first, second = client.get("/"), client.get("/")
    nonces = [re.search(r"'nonce-([\w-]+)'", r.headers["Content-Security-Policy"]).group(1)
              for r in (first, second)]
    assert nonces[0] != nonces[1]
    assert f'<meta name="csp-nonce" content="{nonces[1]}">' in second.get_data(as_text=True)


def test_pages_have_no_inline_scripts(client, catalog):
    for path in ("/", "/learn/attention-basics", "/challenges/scaled-dot-product-attention",
                 "/api/v1/docs"):
        html = client.get(path).get_data(as_text=True)
        for tag in re.findall(r"<script[^>]*>", html):
            assert 'type="application/json"' in tag or 'src="/static/' in tag, tag
        assert " on" not in "".join(re.findall(r"<[a-z]+\s[^>]*\son\w+=", html))


def test_the_api_docs_are_our_page_and_ask_nothing_of_another_origin(app, client, bundle):
    response = client.get("/api/v1/docs")
    assert response.status_code == 200 and response.mimetype == "text/html"
    policy = [re.sub(r"'nonce-[\w-]+'", "'nonce'", r.headers["Content-Security-Policy"])
              for r in (response, client.get("/"))]
    assert policy[0] == policy[1]  # the pages' policy, word for word
    html = response.get_data(as_text=True)
    assert "://" not in html
    links = re.findall(r'\s(?:src|href|action)="([^"]*)"', html)
    assert links and all(link.startswith(("/", "#")) and not link.startswith("//")
                         for link in links), links
    for name in ("api-docs.js", "api-docs.css"):
        assert f'"/static/dist/{bundle[name]}"' in html
    assert 'data-openapi="/api/v1/openapi.json"' in html
    # APIFlask's own page (Swagger UI from a CDN) and its OAuth redirect are gone.
    assert "openapi.docs" not in app.view_functions
    assert client.get("/api/v1/docs/oauth2-redirect").status_code == 404


def test_a_hostile_submission_is_shown_as_text(app, client, catalog, login):
    login("ann")
    with app.app_context():
        user = db.session.query(User).filter_by(username="ann").one()
        submission = create_submission(user, "softmax", HOSTILE_CODE, kind="run")
        submission.status, submission.verdict = Status.DONE, "wrong_answer"
        submission.output = f"{SCRIPT}\n"
        submission.message = IMAGE
        submission.tests.append(TestResult(
            position=0, name=SCRIPT, hidden=False, passed=False, message=IMAGE,
            detail={"input": {"args": [[SCRIPT]], "kwargs": {}}, "expected": [1.0],
                    "got": [IMAGE]}))
        db.session.commit()
        submission_id = submission.id
    html = client.get(f"/submissions/{submission_id}").get_data(as_text=True)
    assert SCRIPT not in html and IMAGE not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    code = re.search(r'<pre tabindex="0"><code class="language-python">(.*?)</code></pre>', html,
                     re.S)
    assert code.group(1).startswith("# &lt;img src=x onerror=alert(1)&gt;\ndef softmax(row):")
    assert '<pre class="printed" tabindex="0">&lt;script&gt;alert(1)&lt;/script&gt;' in html


def test_a_hostile_username_is_shown_as_text(app, client, catalog, login):
    # `arena users create` accepts any printable name: the pages must still escape it.
    login(SCRIPT)
    with app.app_context():
        user = db.session.query(User).filter_by(username=SCRIPT).one()
        submission_id = create_submission(user, "softmax", "x = 1").id
    for path in ("/", "/account", f"/submissions/{submission_id}"):
        html = client.get(path).get_data(as_text=True)
        assert SCRIPT not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html, path


@pytest.mark.parametrize(("target", "expected"), [
    ("/challenges/softmax?x=1", "/challenges/softmax?x=1"),
    (None, "/"), ("", "/"), ("challenges", "/"), ("//evil.example", "/"),
    ("/\\evil.example", "/"), ("https://evil.example/", "/"), ("/\n/evil.example", "/"),
    ("javascript:alert(1)", "/"),
])
def test_safe_next_keeps_redirects_on_this_site(target, expected):
    assert safe_next(target) == expected
