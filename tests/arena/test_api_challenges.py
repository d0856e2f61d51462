"""The catalog API: readable without a token, texts in the asked language."""

import pytest

from arena.extensions import db
from arena.jobs.examples import EXAMPLES, request_examples
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


def test_the_rules_are_said_in_the_readers_language(client, unprepared_catalog):
    shown = client.get("/api/v1/challenges/kv-cache").get_json()["rules"]
    assert shown[0] == ("Your function may change cache_K, cache_V; every other argument is "
                        "read-only.")
    assert shown[2] == "You may import NumPy, PyTorch (CPU) and Python's standard library."
    korean = client.get("/api/v1/challenges/softmax?lang=ko").get_json()["rules"]
    assert korean[0].startswith("인자는 읽기 전용입니다") and len(korean) == 4
    page = client.get("/challenges/softmax", headers={"Accept-Language": "ko"}).get_data(
        as_text=True)
    assert 'data-testid="rules"' in page and "규칙" in page and korean[3] in page


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


@pytest.mark.sandbox
def test_examples_show_before_the_version_is_prepared(app, client, unprepared_catalog):
    with app.app_context():
        version = get_challenge("scaled-dot-product-attention").current_version
        assert request_examples(version.id) and not request_examples(version.id)
        db.session.commit()
        assert EXAMPLES.claim(version.id)
        EXAMPLES.run(version.id, get_sandbox(app))
        db.session.refresh(version)
        assert version.prepared is None and version.examples_status == "done"
        public = len(version.examples["cases"])
    shown = client.get("/api/v1/challenges/scaled-dot-product-attention").get_json()["examples"]
    assert [[round(x, 2) for x in row] for row in shown[0]["expected"]] == [
        [6.02, 3.98], [3.98, 6.02], [5.0, 5.0]]
    assert shown[0]["weights"] and len(shown) == public >= 2
    page = client.get("/challenges/scaled-dot-product-attention").get_data(as_text=True)
    assert "6.02" in page


@pytest.mark.sandbox
def test_a_prepared_version_needs_no_examples_of_their_own(app, unprepared_catalog):
    with app.app_context():
        version = get_challenge("softmax").current_version
        prepare_version(version, get_sandbox(app))
        assert request_examples(version.id)
        db.session.commit()
        assert EXAMPLES.claim(version.id)
        EXAMPLES.run(version.id, get_sandbox(app))
        db.session.refresh(version)
        assert version.examples_status == "done" and version.examples is None
