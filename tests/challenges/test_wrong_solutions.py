"""Wrong solutions written by hand are rejected, and named as the bug they hold (issue 28).

Every file under `wrong/<slug>/` was written from the statement, with one known bug, by
someone who did not copy the challenge's mutant: `<mutant>.py` (or `<mutant>__<variant>.py`
for a second way to write the same bug) must be rejected and named as that mutant;
`unnamed__<variant>.py` must be rejected with no bug named (no mutant holds its bug, and a
guess would be wrong); `breakdown__<variant>.py` must be rejected with no bug named and a
numerical breakdown said (NaN, infinity or an overflow shows no more than that). Graded
through the real engine (prepare, process sandbox, outside judge).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.challenge.spec import load_challenge
from graders.grading.grade import grade
from graders.sandbox.base import Sandbox
from graders.verdicts import Verdict
from tests.challenges.conftest import CHALLENGES

WRONG = Path(__file__).resolve().parent / "wrong"
UNNAMED = "unnamed"
BREAKDOWN = "breakdown"


def wrong_files() -> list[Path]:
    return sorted(WRONG.glob("*/*.py"))


def expected_name(path: Path) -> str | None:
    name = path.stem.split("__")[0]
    return None if name in (UNNAMED, BREAKDOWN) else name


@pytest.mark.sandbox
@pytest.mark.parametrize("path", wrong_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_wrong_solution_is_rejected_and_named_as_its_bug(path: Path, prepared,
                                                          sandbox: Sandbox) -> None:
    spec, cases = prepared(path.parent.name)
    report = grade(spec, cases, path.read_text(encoding="utf-8"), sandbox)
    assert report.verdict != Verdict.ACCEPTED, f"{path.parent.name}/{path.name} was accepted"
    assert report.named_mutant == expected_name(path), (
        f"{path.parent.name}/{path.name}: named {report.named_mutant!r}")
    if path.stem.startswith(f"{BREAKDOWN}__"):
        assert report.breakdowns, f"{path.parent.name}/{path.name}: no breakdown said"


def test_every_wrong_solution_names_a_mutant_of_its_challenge() -> None:
    strays = []
    for path in wrong_files():
        name = expected_name(path)
        spec = load_challenge(CHALLENGES / path.parent.name)
        if name is not None and name not in {m.name for m in spec.mutants}:
            strays.append(str(path.relative_to(WRONG)))
    assert not strays, f"wrong solutions named after no mutant of their challenge: {strays}"
