"""The review section of the challenge page: always there (the named bug), its button only when
the server has an AI reviewer, and its words in the page's language."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("url", "button"), [(None, False), ("http://127.0.0.1:9/v1", True)])
def test_the_review_section_offers_the_reviewer_only_when_there_is_one(app, client, catalog, url,
                                                                      button):
    app.config["REVIEW_URL"] = url
    page = client.get("/challenges/softmax").get_data(as_text=True)
    assert page.count('data-testid="review"') == 1
    assert ('data-action="ask-review"' in page) is button
    assert 'id="review-messages"' in page


def test_the_review_speaks_korean(app, client, catalog):
    app.config["REVIEW_URL"] = "http://127.0.0.1:9/v1"
    page = client.get("/challenges/softmax", headers={"Accept-Language": "ko"}).get_data(
        as_text=True)
    assert "리뷰 요청" in page and "Ask for a review" not in page
