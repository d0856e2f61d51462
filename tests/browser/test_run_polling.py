"""The editor's Run and Submit when the server has no place to wait (every run answers `202`,
every stream of events ends after its first): the page polls, pausing between reads, to the
result."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from bench.live_server import LiveServer, environment
from tests.browser.conftest import prepared_data_folder
from tests.browser.steps import GRADING, SOFTMAX, run_summary, type_code, verdict

pytestmark = pytest.mark.sandbox


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory,
         prepared_catalog_file: Path) -> Iterator[LiveServer]:
    """A platform whose runs never wait: every one answers 202 at once."""
    data = prepared_data_folder(tmp_path_factory, "polling-data", prepared_catalog_file)
    server = LiveServer(environment(ARENA_DATA_DIR=str(data), ARENA_RUN_WAITERS="0",
                                    ARENA_DATABASE_URL=f"sqlite:///{data / 'arena.db'}"))
    server.start()
    yield server
    server.stop()


def test_a_run_answered_202_is_polled_to_its_result(page: Page, learner: str):
    answers = []
    page.on("response", lambda r: answers.append(r.status)
            if urlsplit(r.url).path.endswith("/runs") else None)
    page.goto("/challenges/softmax")
    type_code(page, SOFTMAX)
    page.get_by_test_id("run-button").click()
    expect(run_summary(page)).to_have_attribute("data-state", "pass", timeout=GRADING)
    assert answers == [202]
    rows = page.locator("#results [data-testid='test-result']")
    assert rows.count() >= 1 and all(r.get_attribute("data-hidden") == "false"
                                     for r in rows.all())


def test_a_submission_read_without_a_place_to_wait_is_polled_to_its_verdict(page: Page,
                                                                            learner: str):
    """Each stream of events says the status and ends; the browser connects again (the
    server's `retry`) until a stream says the verdict."""
    reads = []
    page.on("request", lambda r: reads.append(r.url) if "/api/v1/submissions/" in r.url else None)
    page.goto("/challenges/softmax")
    type_code(page, SOFTMAX)
    page.get_by_test_id("submit-button").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "accepted", timeout=GRADING)
    assert reads and all(urlsplit(url).path.endswith("/events") for url in reads)
