"""After a Submit, without a reload: a wrong answer brings the editorial one attempt nearer, an
accept reveals the next challenge with the track's progress and unlocks the editorial (the
approach, its cost and the common bugs), on a desktop and on a 390 px phone."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from bench.live_server import LiveServer, environment
from graders.challenge.spec import load_challenge
from tests.browser.conftest import prepared_data_folder
from tests.browser.steps import GRADING, SOFTMAX, show_code, type_code, verdict

pytestmark = pytest.mark.sandbox

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"
WRONG = ("import math\n"
         "def softmax(row): top = max(row); e = [math.exp(x - top) for x in row]; "
         "return [v / len(e) for v in e]")
# This test's own editorial of softmax, in its own copy of the catalog.
EDITORIAL = {"en": "## Approach\n\nSubtract the row's maximum, exponentiate, divide by the sum: "
                   "$e^{x_i - m} / \\sum_j e^{x_j - m}$.\n\n## Cost\n\nTwo passes, $O(n)$.\n",
             "ko": "## 접근\n\n최댓값을 빼고 지수를 취해 합으로 나눕니다.\n\n## 비용\n\n$O(n)$.\n"}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory,
         prepared_catalog_file: Path) -> Iterator[LiveServer]:
    """A platform on a copy of the catalog whose softmax has an editorial.

    The editorial changes the folder's content hash, not what grading runs (the reference,
    cases and mutants validated in the repository), so the copy's validation record names the
    new hash: sync publishes it at start instead of validating softmax again in a sandbox.
    """
    root = prepared_data_folder(tmp_path_factory, "next-step", prepared_catalog_file)
    catalog = shutil.copytree(CHALLENGES, root / "challenges")
    for locale, text in EDITORIAL.items():
        (catalog / "softmax" / f"editorial.{locale}.md").write_text(text, encoding="utf-8")
    record = catalog / "validated.toml"
    old, new = (load_challenge(folder).content_hash
                for folder in (CHALLENGES / "softmax", catalog / "softmax"))
    assert f'"softmax" = "{old}"' in record.read_text(encoding="utf-8")
    record.write_text(record.read_text(encoding="utf-8").replace(
        f'"softmax" = "{old}"', f'"softmax" = "{new}"'), encoding="utf-8")
    server = LiveServer(environment(
        ARENA_DATA_DIR=str(root), ARENA_DATABASE_URL=f"sqlite:///{root / 'arena.db'}",
        ARENA_CHALLENGES_DIR=str(catalog), ARENA_REGISTER_RATE_LIMIT="200 per minute"))
    server.start()
    yield server
    server.stop()


def test_an_accept_reveals_the_next_challenge_and_unlocks_the_editorial(page: Page,
                                                                        learner: str, screen):
    page.goto("/challenges/softmax")
    expect(page.get_by_role("heading", level=1)).to_have_text("Softmax")
    next_challenge = page.get_by_test_id("next-challenge")
    editorial = page.get_by_test_id("editorial")
    expect(next_challenge).to_be_hidden()
    expect(editorial).to_contain_text("or after 3 more graded submissions")
    page.evaluate("window.notReloaded = true")

    show_code(page)
    type_code(page, WRONG)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "wrong_answer", timeout=GRADING)
    expect(editorial).to_contain_text("or after 2 more graded submissions")
    expect(next_challenge).to_be_hidden()

    show_code(page)  # on a phone the results tab showed the verdict
    type_code(page, SOFTMAX)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "accepted", timeout=GRADING)
    expect(next_challenge).to_be_visible()
    expect(next_challenge).to_contain_text("1 of 5 solved in Foundations")
    link = next_challenge.get_by_test_id("next-challenge-link")
    expect(link).to_have_attribute("href", "/challenges/scaled-scores")
    expect(editorial).to_have_attribute("data-state", "unlocked")
    expect(editorial.get_by_role("heading", name="Approach")).to_be_visible()
    expect(editorial.get_by_role("heading", name="Common bugs")).to_be_visible()
    expect(editorial.locator(".common-bugs li").first).to_be_visible()
    expect(editorial.locator(".katex").first).to_be_attached()  # the math typeset
    assert page.evaluate("window.notReloaded") is True
    box = editorial.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= screen["width"]
    link.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Scaled attention scores")
