"""The efficiency track's limits: stated in each statement, and what stops the wasteful solution.

The challenge page does not show `memory_mb` and `time_limit` (only the API's detail carries
them), and in this track they are part of the task: a solution that holds an n x n matrix is
stopped by the memory limit. So each statement says them, this test keeps what it says equal to
what the judge enforces, and each challenge's wasteful but correct solution
(`wrong/<slug>/unnamed__full_*.py`, right wherever it fits) must end in memory_limit_exceeded.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.challenge.spec import load_challenge
from graders.grading.grade import grade
from graders.sandbox.base import Sandbox
from graders.verdicts import Verdict
from tests.challenges.conftest import CHALLENGES

TRACK = "efficiency"
#: How each language writes "M MiB of memory" and "T seconds", as the statements bold them.
LIMITS_IN = {"en": ("**{memory} MiB** of memory", "**{seconds:g} seconds**"),
             "ko": ("메모리 **{memory} MiB**", "**{seconds:g}초**")}


def efficiency_specs() -> list:
    specs = [load_challenge(p.parent) for p in sorted(CHALLENGES.glob("*/challenge.toml"))]
    return [s for s in specs if s.track == TRACK]


def test_the_track_has_challenges() -> None:
    assert len(efficiency_specs()) >= 3


@pytest.mark.parametrize("spec", efficiency_specs(), ids=lambda s: s.slug)
def test_each_statement_states_the_enforced_limits(spec) -> None:
    for locale, statement in spec.statement.items():
        memory, seconds = LIMITS_IN[locale]
        assert memory.format(memory=spec.memory_mb) in statement, (spec.slug, locale)
        assert seconds.format(seconds=spec.time_limit) in statement, (spec.slug, locale)


@pytest.mark.sandbox
@pytest.mark.parametrize("spec", efficiency_specs(), ids=lambda s: s.slug)
def test_the_full_matrix_solution_is_stopped_by_the_memory_limit(spec, prepared,
                                                                 sandbox: Sandbox) -> None:
    wasteful = sorted((Path(__file__).parent / "wrong" / spec.slug).glob("unnamed__full_*.py"))
    assert len(wasteful) == 1, spec.slug
    _, cases = prepared(spec.slug)
    report = grade(spec, cases, wasteful[0].read_text(encoding="utf-8"), sandbox)
    assert report.verdict == Verdict.MEMORY_LIMIT_EXCEEDED, (spec.slug, report.verdict)
    assert [t.name for t in report.tests if not t.passed] == [report.tests[-1].name]
