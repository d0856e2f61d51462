"""Hidden inputs cannot be read through the host's page cache, in either form (issue 25).

integrity/page_cache.py marks the bits of a hidden input on pages of a standard-library file
from a hidden box, and times reading those pages from a public box, printing what it decodes.
1. Marked by a submission, read by a later Run: decodes nothing, since a hidden box reads
   files of its own (the hidden image; the process backend's private copy), never the files a
   public box reads.
2. Marked and read within one submission: decodes nothing, since its hidden box runs only
   after its public box has ended (and no two jobs of one user run at once:
   tests/arena/test_jobs.py).
Each test first runs the control: form 1 with the hidden box on the public files, as before
issue 25, which decodes the secret where the channel is real, so that "nothing" means
something. Where the control cannot decode it (the kernel does not evict or split the pages
as the attack needs: seen on some machines after the rest of the abuse suite has run), the
channel cannot be observed there, by the attack either, and the test is skipped saying so;
the files hidden boxes read are proven apart without timing in
tests/graders/test_docker_sandbox.py and tests/graders/test_process_sandbox.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from abuse_harness import BACKENDS, Engine, Engines, HostState

from graders.grading.grade import grade
from graders.sandbox.base import Limits, RunOutcome, Sandbox

pytestmark = [pytest.mark.sandbox, pytest.mark.abuse]

ATTACK = Path(__file__).resolve().parent / "integrity" / "page_cache.py"
SETTINGS = 'MODE = "read"\nFIRST_PAGE = 40\nPUBLIC_ROWS = []\n'
BITS = 64
NOTHING = "0" * BITS


@pytest.fixture(scope="module")
def engines(abuse_host: HostState) -> Iterator[Engines]:
    """Backends of this module's own, closed when it ends: it runs after test_abuse.py has
    closed the session's, and no warm box of it may outlive it into later tiers."""
    built = Engines(abuse_host)
    yield built
    built.close()


class SharedFiles:
    """The control: a backend whose hidden boxes read the public boxes' files."""

    def __init__(self, sandbox: Sandbox) -> None:
        self.sandbox, self.name, self.reason = sandbox, sandbox.name, "the control"
        self.memory_per_box = sandbox.memory_per_box

    def run(self, job: dict, limits: Limits, hidden: bool = False) -> RunOutcome:
        return self.sandbox.run(job, limits)

    def close(self) -> None:
        """The wrapped backend is the suite's: it closes it."""


class Attack:
    """The attack on one engine's softmax, with its settings written in."""

    def __init__(self, engine: Engine, sandbox: Sandbox | None = None) -> None:
        self.engine, self.sandbox = engine, sandbox or engine.sandbox
        self.public = [c.args[0] for c in engine.prepared.cases if c.public]
        first_hidden = next(c for c in engine.prepared.cases if not c.public)
        text = json.dumps(first_hidden.args[0]).encode()[:BITS // 8].ljust(BITS // 8)
        self.secret = "".join(f"{byte:08b}" for byte in text)
        assert "1" in self.secret

    def code(self, mode: str) -> str:
        source = ATTACK.read_text(encoding="utf-8")
        assert SETTINGS in source
        return source.replace(SETTINGS, f"MODE = {mode!r}\nFIRST_PAGE = 40\n"
                                        f"PUBLIC_ROWS = {self.public!r}\n")

    def grade(self, mode: str, public_only: bool = False) -> str:
        """Grade the attack in `mode`; return what it decoded ('' when it printed nothing)."""
        report = grade(self.engine.spec, self.engine.prepared, self.code(mode), self.sandbox,
                       public_only=public_only)
        assert report.verdict == "accepted", report.to_json()
        return next((line.removeprefix("decoded:") for line in report.output.splitlines()
                     if line.startswith("decoded:")), "")

    def run(self, mode: str) -> str:
        """Run the attack on the public examples, as a learner's Run does."""
        return self.grade(mode, public_only=True)


def require_the_channel(engines: Engines, backend: str) -> None:
    """Run the control; skip, saying what it decoded, when it cannot read the secret here."""
    attack = Attack(engines.get(backend), SharedFiles(engines.get(backend).sandbox))
    attack.run("evict")
    attack.grade("write")
    decoded = attack.run("read")
    wrong = sum(a != b for a, b in zip(decoded, attack.secret, strict=True))
    if wrong > BITS // 16:
        pytest.skip(f"the page-cache channel cannot be observed on this machine now: the "
                    f"control decoded {wrong} of {BITS} bits wrong ({decoded} for "
                    f"{attack.secret})")


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_later_run_decodes_nothing_a_submissions_hidden_box_marked(engines: Engines,
                                                                    backend: str):
    require_the_channel(engines, backend)
    attack = Attack(engines.get(backend))
    attack.run("evict")
    assert attack.grade("write") == ""
    assert attack.run("read") == NOTHING


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_submissions_public_box_decodes_nothing_its_hidden_box_marks(engines: Engines,
                                                                       backend: str):
    require_the_channel(engines, backend)
    attack = Attack(engines.get(backend))
    attack.run("evict")
    assert attack.grade("both") == NOTHING
