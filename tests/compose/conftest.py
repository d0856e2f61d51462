"""The compose tier's fixture: a Stack (tests/compose/stack.py) taken away afterwards."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from tests.compose.stack import FILES, Stack, compose_program, run, unavailable


@pytest.fixture
def stack() -> Iterator[Stack]:
    program = compose_program()
    if shutil.which("mmdebstrap") is None:
        unavailable("no mmdebstrap to build the base images (apt-get install mmdebstrap)")
    live = Stack(program)
    yield live
    # Whatever happened, leave nothing behind: the project, then its workers' sandboxes.
    live.note_workers()
    if live.leftovers():
        run([*program, "-p", live.project, *FILES, "down", "-v", "--remove-orphans",
             "--timeout", "5"], timeout=300, check=False, env=live.env)
        for cid in live.leftovers().get("sandboxes", []):
            run(["docker", "rm", "-f", cid], check=False)


