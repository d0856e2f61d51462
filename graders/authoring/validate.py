"""Prove a challenge's tests strong: the reference passes, the starter fails, every mutant is
caught by a hidden case and diagnosed as itself."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field

import numpy as np

from graders.grade import grade
from graders.judging.properties import rows_sum_to_one
from graders.prepare import Prepared, PrepareError, prepare
from graders.report import GradeReport
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
    public_examples: int = 0
    hidden_cases: int = 0
    checked_cases: int = 0

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
    result.public_examples = sum(c.public for c in prepared.cases)
    result.hidden_cases = len(prepared.cases) - result.public_examples
    result.checked_cases = sum(bool(c.checks) for c in prepared.cases)
    if not result.public_examples:
        result.problems.append("no public example")
    if not result.hidden_cases:
        result.problems.append("no hidden case")
    untranslated = [c.name for c in prepared.cases if not c.names.get("ko")]
    if untranslated:
        result.problems.append(f"cases without a Korean name (name_ko): {untranslated}")
    reference = grade(spec, prepared, spec.reference, sandbox)  # proves every check holds too
    if reference.verdict != Verdict.ACCEPTED:
        failing = ", ".join(f"{t.name!r}: {t.message}" for t in reference.tests if not t.passed)
        result.problems.append(f"the reference is not accepted ({reference.verdict}: {failing})")
    if spec.weights_probe and not _probe_reads_weights(reference):
        result.problems.append("weights_probe reads no weights (rows summing to 1) from the "
                               "reference on any public example")
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


def _probe_reads_weights(report: GradeReport) -> bool:
    """Tell whether the probe read weights off the reference: rows of a softmax sum to 1."""
    read = [t.weights for t in report.tests if t.weights is not None]
    return bool(read) and all(rows_sum_to_one(np.asarray(w)) is None for w in read)


def _check_mutant(spec: ChallengeSpec, prepared: Prepared, name: str, source: str,
                  sandbox: Sandbox) -> str | None:
    report = grade(spec, prepared, source, sandbox)
    if not any(t.hidden and not t.passed for t in report.tests):
        return "passes every hidden case"
    if report.diagnosis != name:
        return f"diagnosed as {report.diagnosis or 'nothing'}"
    return None


def validate_all(specs: list[ChallengeSpec], sandbox: Sandbox,
                 workers: int = 2) -> Iterator[Validation]:
    """Validate several challenges, `workers` at a time; yield each result as it finishes."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(validate, s, sandbox): s.slug for s in specs}
        for future in as_completed(futures):
            try:
                yield future.result()
            except Exception as exc:  # noqa: BLE001 - one broken sandbox run fails one row
                yield Validation(futures[future], [f"internal error: {exc!r}"])


COLUMNS = ("public", "hidden", "checked", "mutants killed")


def strength_table(results: list[Validation]) -> Iterator[str]:
    """Yield the test-strength table: a row per challenge, its problems, then a total line."""
    width = max([len(r.slug) for r in results] + [9])
    yield f"     {'challenge':{width}}  " + "  ".join(COLUMNS)
    for r in results:
        counts = (r.public_examples, r.hidden_cases, r.checked_cases)
        cells = "  ".join(f"{n:{len(c)}}" for n, c in zip(counts, COLUMNS, strict=False))
        killed = f"{r.mutants_killed}/{r.mutants_total}"
        yield f"{'ok  ' if r.ok else 'FAIL'} {r.slug:{width}}  {cells}  {killed:>14}"
        yield from (f"     - {problem}" for problem in r.problems)
    failed = sum(not r.ok for r in results)
    total = len(results)
    yield (f"     {total} challenge{'s' * (total != 1)}, "
           f"{sum(r.public_examples for r in results)} public examples, "
           f"{sum(r.hidden_cases for r in results)} hidden cases "
           f"({sum(r.checked_cases for r in results)} with checks), mutants killed "
           f"{sum(r.mutants_killed for r in results)}/{sum(r.mutants_total for r in results)}; "
           + (f"{failed} failed" if failed else "all passed"))
