"""Prove a challenge's tests strong: the reference passes, the starter fails, every mutant is
caught by a hidden case and diagnosed as itself."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field

import numpy as np

from graders.challenge.prepared import Prepared
from graders.challenge.spec import ChallengeSpec, line_of_key
from graders.declarations.properties import RowsSumToOne
from graders.grading.budget import DEFAULT_BUDGET, Budget, Deadline, OutOfTime
from graders.grading.grade import grade
from graders.grading.prepare import PrepareError, prepare
from graders.judging.diagnosis import BREAKDOWN
from graders.locales import translated_locales
from graders.problems import Problem
from graders.report import GradeReport
from graders.sandbox.base import Sandbox
from graders.verdicts import Verdict


@dataclass(frozen=True)
class MutantCheck:
    """Whether the hidden cases caught one mutant, and whether the diagnosis named it."""

    name: str
    killed: bool
    named: bool
    diagnosis: str | None

    def to_json(self) -> dict:
        """Return the check as `{"name", "killed", "named", "diagnosis"}`."""
        return asdict(self)


@dataclass
class Validation:
    """The outcome of validating one challenge."""

    slug: str
    problems: list[Problem] = field(default_factory=list)
    mutants: list[MutantCheck] = field(default_factory=list)
    mutants_total: int = 0
    public_examples: int = 0
    hidden_cases: int = 0
    checked_cases: int = 0
    prepared: Prepared | None = None

    @property
    def ok(self) -> bool:
        """Tell whether the challenge passed every check."""
        return not self.problems

    @property
    def mutants_killed(self) -> int:
        """Count the mutants caught and named."""
        return sum(m.killed and m.named for m in self.mutants)


#: A starter's verdicts that prove nothing about its answers: a wall clock run out on a busy
#: machine, or the platform's own fault, would hide a starter the cases accept.
UNPROVEN = frozenset({Verdict.TIME_LIMIT_EXCEEDED, Verdict.INTERNAL_ERROR})


def steps(spec: ChallengeSpec) -> int:
    """Count the steps of validating `spec`: preparing, the reference, the starter, each mutant."""
    return 3 + len(spec.mutants)


def validate(spec: ChallengeSpec, sandbox: Sandbox,
             progress: Callable[[Validation, int], None] | None = None,
             budget: Budget = DEFAULT_BUDGET) -> Validation:
    """Run every check of a challenge's strength and collect what fails, all of it within
    `budget` (its prepared data, and its seconds for the whole validation).

    `progress(result so far, steps done)` is called after each step (see `steps`). A result
    without `prepared` data means that preparing failed: its problem says why.
    """
    result = Validation(spec.slug, mutants_total=len(spec.mutants))
    try:
        _check(spec, Deadline(sandbox, budget.seconds), budget, result,
               progress or (lambda _result, _done: None))
    except OutOfTime as exc:
        result.problems.append(Problem(f"{spec.slug}: {exc}"))
    return result


def _check(spec: ChallengeSpec, sandbox: Sandbox, budget: Budget, result: Validation,
           report: Callable[[Validation, int], None]) -> None:
    """Run `validate`'s steps, adding to `result` what fails."""
    try:
        prepared = prepare(spec, sandbox, budget)
    except PrepareError as exc:
        result.problems.append(Problem(str(exc), exc.file, exc.line or _line(spec, exc.file)))
        return
    result.prepared = prepared
    result.public_examples = sum(c.public for c in prepared.cases)
    result.hidden_cases = len(prepared.cases) - result.public_examples
    result.checked_cases = sum(bool(c.checks) for c in prepared.cases)
    result.problems.extend(_case_problems(spec, prepared))
    report(result, 1)
    reference = grade(spec, prepared, spec.reference, sandbox)  # proves every check holds too
    if reference.verdict != Verdict.ACCEPTED:
        failing = ", ".join(f"{t.name!r}: {t.message}" for t in reference.tests if not t.passed)
        result.problems.append(Problem(
            f"the reference is not accepted ({reference.verdict}: {failing})", "reference.py",
            _line(spec, "reference.py")))
    if spec.weights_probe and not _probe_reads_weights(reference):
        result.problems.append(Problem(
            "weights_probe reads no weights (rows summing to 1) from the reference on any "
            "public example", "challenge.toml", line_of_key(spec.toml, "weights_probe")))
    report(result, 2)
    starter = grade(spec, prepared, spec.starter, sandbox).verdict
    if starter == Verdict.ACCEPTED:
        result.problems.append(Problem("the starter code is accepted: it must not pass",
                                       "starter.py", _line(spec, "starter.py")))
    elif starter in UNPROVEN:  # the host's word, not the cases': it might still pass
        result.problems.append(Problem(
            f"the starter code ended in {starter}, not in wrong answers: validate again, or "
            "make it return quickly", "starter.py", _line(spec, "starter.py")))
    if not spec.mutants:
        result.problems.append(Problem("no mutant: add at least one (a file, and its "
                                       "explanation in a [mutants.<name>] table)", "mutants/"))
    report(result, 3)
    for done, mutant in enumerate(spec.mutants, 4):
        check = _check_mutant(spec, prepared, mutant.name, mutant.source, sandbox)
        result.mutants.append(check)
        if not check.killed:
            result.problems.append(Problem(f"mutant {mutant.name} passes every hidden case: "
                                           "add a case that catches it", "cases.py",
                                           _line(spec, "cases.py")))
        elif not check.named:
            path = f"mutants/{mutant.name}.py"
            result.problems.append(Problem(
                f"mutant {mutant.name} is diagnosed as {check.diagnosis or 'nothing'}",
                path, _line(spec, path)))
        report(result, done)


def _case_problems(spec: ChallengeSpec, prepared: Prepared) -> list[Problem]:
    """Say what the cases lack: a public example, a hidden case, a name in each language."""
    problems = []
    cases_line = _line(spec, "cases.py")
    if not any(c.public for c in prepared.cases):
        problems.append(Problem("no public example", "cases.py", cases_line))
    if all(c.public for c in prepared.cases):
        problems.append(Problem("no hidden case", "cases.py", cases_line))
    for locale in translated_locales():
        untranslated = [c.name for c in prepared.cases if not c.names.get(locale)]
        if untranslated:
            problems.append(Problem(
                f"cases without a name in {locale} (\"name\": {{\"en\": ..., \"{locale}\": "
                f"...}}): {untranslated}", "cases.py",
                _line(spec, "cases.py", repr(untranslated[0])[1:-1]) or cases_line))
    return problems


def _line(spec: ChallengeSpec, path: str, text: str | None = None) -> int | None:
    """Return the line of the file `path` where `text` first appears, or else where the code
    the problem is about starts (its entry point, or cases())."""
    sources = {"cases.py": spec.cases_source,
               "reference.py": spec.reference, "starter.py": spec.starter,
               **{f"mutants/{m.name}.py": m.source for m in spec.mutants}}
    source = sources.get(path)
    if source is None:
        return None
    lines = source.splitlines()
    if text is not None:
        found = next((n for n, line in enumerate(lines, 1) if text in line), None)
        if found is not None:
            return found
    name = "cases" if path == "cases.py" else spec.entry_point
    start = re.compile(rf"\s*def\s+{re.escape(name)}\s*\(")
    return next((n for n, line in enumerate(lines, 1) if start.match(line)), 1 if lines else None)


def _probe_reads_weights(report: GradeReport) -> bool:
    """Tell whether the probe read weights off the reference: rows of a softmax sum to 1."""
    read = [t.weights for t in report.tests if t.weights is not None]
    return bool(read) and all(RowsSumToOne().problem(np.asarray(w)) is None for w in read)


def _check_mutant(spec: ChallengeSpec, prepared: Prepared, name: str, source: str,
                  sandbox: Sandbox) -> MutantCheck:
    report = grade(spec, prepared, source, sandbox)
    killed = any(t.hidden and not t.passed for t in report.tests)
    if report.named_mutant is None and _breaks_down_only(report):
        return MutantCheck(name, killed, killed, BREAKDOWN)
    return MutantCheck(name, killed, killed and report.named_mutant == name,
                       report.named_mutant)


def _breaks_down_only(report: GradeReport) -> bool:
    """Tell whether every failure of a run was a numerical breakdown: a mutant that only ever
    shows as one is rightly diagnosed as a breakdown, never as itself (docs/authoring.md)."""
    failing = {t.name for t in report.tests if not t.passed}
    return bool(failing) and failing == set(report.breakdowns)


def validate_all(specs: list[ChallengeSpec], sandbox: Sandbox,
                 workers: int = 2) -> Iterator[Validation]:
    """Validate several challenges, `workers` at a time; yield each result as it finishes."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(validate, s, sandbox): s.slug for s in specs}
        for future in as_completed(futures):
            try:
                yield future.result()
            except Exception as exc:  # noqa: BLE001 - one broken sandbox run fails one row
                yield Validation(futures[future], [Problem(f"internal error: {exc!r}")])


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
        breakdowns = sorted(m.name for m in r.mutants if m.named and m.diagnosis == BREAKDOWN)
        if breakdowns:
            yield f"       caught as a numerical breakdown: {', '.join(breakdowns)}"
    failed = sum(not r.ok for r in results)
    total = len(results)
    yield (f"     {total} challenge{'s' * (total != 1)}, "
           f"{sum(r.public_examples for r in results)} public examples, "
           f"{sum(r.hidden_cases for r in results)} hidden cases "
           f"({sum(r.checked_cases for r in results)} with checks), mutants killed "
           f"{sum(r.mutants_killed for r in results)}/{sum(r.mutants_total for r in results)}; "
           + (f"{failed} failed" if failed else "all passed"))
