"""What the tests of the catalog's challenges share: the process sandbox and each challenge
loaded and prepared once per session."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from graders.challenge.prepared import Prepared
from graders.challenge.spec import ChallengeSpec, load_challenge
from graders.grading.prepare import prepare
from graders.sandbox.base import Sandbox
from graders.sandbox.selection import select_sandbox
from tests.prepared_store import PreparedStore

CHALLENGES = Path(__file__).resolve().parents[2] / "challenges"


@pytest.fixture(scope="session")
def sandbox() -> Sandbox:
    return select_sandbox("process")


@pytest.fixture(scope="session")
def prepared(sandbox: Sandbox, prepared_cache: PreparedStore
             ) -> Callable[[str], tuple[ChallengeSpec, Prepared]]:
    """Return a function that loads and prepares a challenge, once per session (or reads what
    another process of the same `make test` prepared)."""
    cache: dict[str, tuple[ChallengeSpec, Prepared]] = {}

    def get(slug: str) -> tuple[ChallengeSpec, Prepared]:
        if slug not in cache:
            spec = load_challenge(CHALLENGES / slug)
            kept = prepared_cache.get(spec.content_hash)
            if kept is None:
                made = prepare(spec, sandbox)
                prepared_cache.put(spec.content_hash, made.to_json())
            else:
                made = Prepared.from_json(kept)
            cache[slug] = spec, made
        return cache[slug]

    return get
