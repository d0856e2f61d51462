"""The catalog API: readable without a token, texts in the asked language."""

import pytest

from arena.jobs.preparation import prepare_version
from arena.jobs.sandbox import get_sandbox
from arena.services.catalog import get_challenge


def test_list_is_anonymous_and_in_catalog_order(client, catalog):
    response = client.get("/api/v1/challenges")
    assert response.status_code == 200
    listed = response.get_json()["challenges"]
    assert [c["slug"] for c in listed] == catalog
    first = listed[0]
    assert {"slug", "title", "difficulty", "tags", "track", "entry_point"} <= set(first)
    assert first["title"] == "Softmax"


def test_list_in_korean(client, catalog):
    listed = client.get("/api/v1/challenges?lang=ko").get_json()["challenges"]
    assert listed[0]["title"] == "소프트맥스"


def test_the_accept_language_header_chooses_when_lang_is_absent(client, catalog):
    def first_title(query: str, header: str) -> str:
        answer = client.get(f"/api/v1/challenges{query}", headers={"Accept-Language": header})
        return answer.get_json()["challenges"][0]["title"]

    assert first_title("", "ko-KR,ko;q=0.9,en;q=0.5") == "소프트맥스"
    assert first_title("", "fr, en;q=0.1") == "Softmax"  # no catalog in French: English
    assert first_title("?lang=en", "ko") == "Softmax"  # the query wins


def test_show_a_challenge(client, unprepared_catalog):
    shown = client.get("/api/v1/challenges/softmax").get_json()
    assert shown["slug"] == "softmax" and shown["entry_point"] == "softmax"
    assert "def softmax" in shown["starter_code"] and shown["statement"].strip()
    assert shown["examples"] == [] and shown["hints"] and len(shown["version"]) >= 8
    korean = client.get("/api/v1/challenges/softmax?lang=ko").get_json()
    assert korean["statement"] != shown["statement"] and korean["hints"] != shown["hints"]


@pytest.mark.sandbox
def test_examples_appear_once_the_version_is_prepared(app, client, catalog):
    with app.app_context():
        prepare_version(get_challenge("scaled-dot-product-attention").current_version,
                        get_sandbox(app))
    examples = client.get("/api/v1/challenges/scaled-dot-product-attention").get_json()["examples"]
    lesson = examples[0]
    assert lesson["input"]["args"][2] == [[10, 0], [0, 10], [5, 5]]
    assert [[round(x, 2) for x in row] for row in lesson["expected"]] == [
        [6.02, 3.98], [3.98, 6.02], [5.0, 5.0]]
