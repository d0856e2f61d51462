"""Name the bug: compare a learner's failing outputs with the known-wrong mutants' outputs."""

from __future__ import annotations

from collections import Counter

from graders.judge import matches
from graders.prepare import PreparedCase
from graders.report import TestReport
from graders.spec import ChallengeSpec


def suspects(spec: ChallengeSpec, case: PreparedCase, result: dict) -> list[str]:
    """List the mutants that behaved exactly like this result on this case."""
    names = []
    for name, mutant in sorted(case.mutant_outputs.items()):
        if "output" in result and "output" in mutant:
            same = matches(result["output"], mutant["output"], spec.rtol, spec.atol)
        else:
            same = "error_type" in mutant and mutant["error_type"] == result.get("error_type")
        if same:
            names.append(name)
    return names


def name_bugs(spec: ChallengeSpec, tests: list[TestReport], found: list[list[str]]) -> None:
    """Name on each failing test the mutant that explains the most failing tests."""
    score = Counter(name for names in found for name in names)
    for test, names in zip(tests, found, strict=True):
        if names:
            test.mutant = max(names, key=lambda n: (score[n], -names.index(n)))
            test.diagnosis = dict(spec.mutant(test.mutant).explanation)
