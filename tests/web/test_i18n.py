"""English and Korean: the browser's language by default, a switch that is remembered, and
every interface string translated."""

import json
import os
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from arena.web.i18n import SOURCE, compile_catalogs

PACKAGE = SOURCE.parent
KEYWORDS = {"_": None, "gettext": None, "lazy_gettext": None, "_l": None, "N_": None}
GRADERS_MESSAGES = PACKAGE.parents[1] / "graders"


def _lang(html: str) -> str:
    return re.search(r'<html lang="(\w+)">', html).group(1)


@pytest.mark.parametrize(("accept", "lang", "word"), [
    (None, "en", "Challenges"),
    ("en-US,en;q=0.9", "en", "Challenges"),
    ("ko-KR,ko;q=0.9,en;q=0.5", "ko", "문제"),
    ("ko-KR", "ko", "문제"),
    ("fr-FR,fr;q=0.9", "en", "Challenges"),
    ("fr,ko;q=0.5", "ko", "문제"),
])
def test_the_browsers_language_is_the_default(client, catalog, accept, lang, word):
    headers = {"Accept-Language": accept} if accept else {}
    html = client.get("/", headers=headers).get_data(as_text=True)
    assert _lang(html) == lang and f">{word}</a>" in html


def test_the_switch_is_remembered_in_a_cookie(client, catalog, csrf_token):
    token = csrf_token(client, "/challenges/softmax")
    response = client.post("/locale", data={"locale": "ko", "next": "/challenges/softmax",
                                            "csrf_token": token})
    assert response.status_code == 302 and response.headers["Location"] == "/challenges/softmax"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("arena_locale=ko;") and "HttpOnly" in cookie
    english_browser = {"Accept-Language": "en-US"}
    html = client.get("/challenges/softmax", headers=english_browser).get_data(as_text=True)
    assert _lang(html) == "ko" and "<h1 id=\"challenge-title\">소프트맥스</h1>" in html
    assert 'data-lang="ko"' in html and '"lang": "ko"' in html
    assert "최댓값" in html or "지수" in html  # the Korean statement and hints
    client.post("/locale", data={"locale": "en", "csrf_token": token})
    html = client.get("/challenges/softmax", headers={"Accept-Language": "ko"}).get_data(
        as_text=True)
    assert _lang(html) == "en" and "<h1 id=\"challenge-title\">Softmax</h1>" in html


def test_the_switch_ignores_unknown_locales_and_foreign_next(client, csrf_token):
    token = csrf_token(client)
    response = client.post("/locale", data={"locale": "xx", "next": "https://evil.example/",
                                            "csrf_token": token})
    assert response.headers["Location"] == "/" and "Set-Cookie" not in response.headers


def test_the_switch_marks_the_current_locale(client):
    html = client.get("/", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    assert re.search(r'value="ko" lang="ko"\s+aria-pressed="true"', html)
    assert re.search(r'value="en" lang="en"\s+aria-pressed="false"', html)


def test_the_script_strings_come_in_the_locale(client, catalog):
    html = client.get("/challenges/softmax", headers={"Accept-Language": "ko"}).get_data(
        as_text=True)
    found = re.search(r'id="interface-messages">(.*?)</script>', html, re.S).group(1)
    messages = json.loads(found)
    assert messages["accepted"] == "정답" and messages["wrong_answer"] == "오답"


def test_every_key_the_scripts_ask_for_is_sent(client):
    """The scripts keep no words: each t("key") they call is in the page's messages."""
    sources = (PACKAGE.parents[1] / "frontend" / "src").glob("*.js")
    asked = {key for path in sources
             for key in re.findall(r'\bt\("([a-z_]+)"', path.read_text(encoding="utf-8"))}
    html = client.get("/learn/attention-basics").get_data(as_text=True)
    sent = json.loads(re.search(r'id="interface-messages">(.*?)</script>', html, re.S).group(1))
    assert len(asked) > 30 and asked - set(sent) == set()


def test_every_interface_string_has_a_korean_translation():
    method_map = [("**.py", "python"), ("**/templates/**.html", "jinja2.ext:babel_extract")]
    found = {message for _file, _line, message, _comments, _context in
             extract_from_dir(str(PACKAGE), method_map, keywords=KEYWORDS)}
    found |= {message for _file, _line, message, _comments, _context in
              extract_from_dir(str(GRADERS_MESSAGES), [("messages.py", "python")],
                               keywords=KEYWORDS)}
    found = {m if isinstance(m, str) else m[0] for m in found}
    with (SOURCE / "ko/LC_MESSAGES/messages.po").open("rb") as handle:
        catalog = read_po(handle)
    translated = {m.id for m in catalog if m.id and m.string and not m.fuzzy}
    assert len(found) > 100 and "Accepted" in found and "Log in" in found
    assert "raised {error}" in found  # the grader's templates, marked N_
    assert found - translated == set(), "run pybabel extract/update and translate these"


def test_catalogs_compile_when_missing_or_stale(tmp_path: Path):
    source = tmp_path / "translations"
    po = source / "ko/LC_MESSAGES/messages.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "Run"\nmsgstr "실행"\n', encoding="utf-8")
    target = tmp_path / "compiled"
    compile_catalogs(source, target)
    mo = target / "ko/LC_MESSAGES/messages.mo"
    assert mo.exists() and "실행".encode() in mo.read_bytes()
    po.write_text('msgid "Run"\nmsgstr "돌리기"\n', encoding="utf-8")
    os.utime(po, (mo.stat().st_mtime + 10, mo.stat().st_mtime + 10))
    compile_catalogs(source, target)
    assert "돌리기".encode() in mo.read_bytes()
    assert list(target.rglob("*.tmp")) == []


def test_no_compiled_catalog_is_kept_in_the_source_tree():
    assert list(SOURCE.rglob("*.mo")) == []
