"""Prove a challenge's tests strong: the reference passes, the starter fails, every mutant is
caught by a hidden case and diagnosed as itself."""

from __future__ import annotations

from dataclasses import dataclass, field

from graders.grade import grade
from graders.prepare import Prepared, PrepareError, prepare
from graders.sandbox import Sandbox
from graders.spec import ChallengeSpec
from graders.verdicts import Verdict


@dataclass
class Validation:
    """The outcome of validating one challenge."""

    slug: str
    problems: list[str] = field(default_factory=list)
    mutants_killed: int = 0
    mutants_total: int = 0
    hidden_cases: int = 0

    @property
    def ok(self) -> bool:
        """Tell whether the challenge passed every check."""
        return not self.problems


def validate(spec: ChallengeSpec, sandbox: Sandbox) -> Validation:
    """Run every check of a challenge's strength and collect what fails."""
    result = Validation(spec.slug, mutants_total=len(spec.mutants))
    try:
        prepared = prepare(spec, sandbox)
    except PrepareError as exc:
        result.problems.append(str(exc))
        return result
    result.hidden_cases = sum(not c.public for c in prepared.cases)
    if not any(c.public for c in prepared.cases):
        result.problems.append("no public example")
    if not result.hidden_cases:
        result.problems.append("no hidden case")
    reference = grade(spec, prepared, spec.reference, sandbox)
    if reference.verdict != Verdict.ACCEPTED:
        failing = ", ".join(t.name for t in reference.tests if not t.passed)
        result.problems.append(f"the reference is not accepted ({reference.verdict}: {failing})")
    if grade(spec, prepared, spec.starter, sandbox).verdict == Verdict.ACCEPTED:
        result.problems.append("the starter code is accepted")
    if len(spec.mutants) < 1:
        result.problems.append("no mutant")
    for mutant in spec.mutants:
        problem = _check_mutant(spec, prepared, mutant.name, mutant.source, sandbox)
        if problem:
            result.problems.append(f"mutant {mutant.name}: {problem}")
        else:
            result.mutants_killed += 1
    return result


def _check_mutant(spec: ChallengeSpec, prepared: Prepared, name: str, source: str,
                  sandbox: Sandbox) -> str | None:
    report = grade(spec, prepared, source, sandbox)
    if not any(t.hidden and not t.passed for t in report.tests):
        return "passes every hidden case"
    if report.diagnosis != name:
        return f"diagnosed as {report.diagnosis or 'nothing'}"
    return None
