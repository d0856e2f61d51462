"""The front-end bundle: pages link its files by their hashed names from the manifest, and
those files may be cached for a year; everything else is revalidated."""

import re

import pytest

from arena.web.bundle import HASHED

IMMUTABLE = "public, max-age=31536000, immutable"


def test_the_challenge_page_preloads_the_editor_but_not_the_math(client, catalog, bundle):
    html = client.get("/challenges/softmax").get_data(as_text=True)
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    assert preloads == ["/static/dist/chunks/editor-CCCCCCCC.js"]
    assert html.index('src="/static/dist/app-BBBBBBBB.js"') < html.index("modulepreload")


def test_other_pages_preload_no_chunk(client, catalog, bundle):
    assert "modulepreload" not in client.get("/learn").get_data(as_text=True)


@pytest.mark.parametrize("name", ["app.css", "app.js", "editor.js", "math.css", "math.js"])
def test_hashed_bundle_files_are_cached_for_a_year(client, bundle, name):
    response = client.get(f"/static/dist/{bundle[name]}")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == IMMUTABLE
    assert "Expires" not in response.headers


@pytest.mark.parametrize("path", ["/static/dist/manifest.json", "/static/favicon.svg"])
def test_files_without_a_hash_are_revalidated(client, bundle, path):
    response = client.get(path)
    assert response.status_code == 200
    assert "immutable" not in response.headers.get("Cache-Control", "")


def test_a_missing_hashed_name_is_not_cached(client, bundle):
    response = client.get("/static/dist/app-ZZZZZZZZ.js")
    assert response.status_code == 404
    assert "immutable" not in response.headers.get("Cache-Control", "")


@pytest.mark.parametrize(("filename", "hashed"), [
    ("dist/app-2HH6JXXS.js", True), ("dist/chunks/editor-RI75ALCQ.js", True),
    ("dist/fonts/KaTeX_Main-Regular-ARRPAO67.woff2", True), ("dist/app-FEZO3C4I.css", True),
    ("dist/app-2HH6JXXS.js.map", False), ("dist/manifest.json", False), ("dist/app.js", False),
    ("favicon.svg", False), ("dist/app-2hh6jxxs.js", False),
])
def test_which_names_count_as_hashed(filename, hashed):
    assert bool(HASHED.match(filename)) is hashed


def test_pages_render_without_a_built_bundle(app, client, catalog, tmp_path):
    app.static_folder = str(tmp_path / "nothing-built")
    html = client.get("/challenges/softmax").get_data(as_text=True)
    assert '<script type="module"' not in html and "modulepreload" not in html
    assert 'id="editor"' in html  # the textarea still works without scripts
