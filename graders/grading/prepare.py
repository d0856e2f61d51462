"""Turn a challenge version into cached data: its cases, the reference's and mutants' outputs,
and the reference's attention weights on each public example.

Authored code is code: cases.py, the reference and the mutants all run in the sandbox, once
per version. The host keeps only the data that comes back, within the version's budget
(graders.grading.budget): each box's stdout is capped at what its part of the budget allows,
and a part past it is refused, naming the limit.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from graders.challenge.prepared import Prepared, PreparedCase
from graders.challenge.spec import ChallengeSpec
from graders.declarations.checks import declaration_problems
from graders.declarations.probes import probe_inputs, weights_of
from graders.grading.budget import DEFAULT_BUDGET, Budget, Deadline
from graders.judging.compare import MalformedOutput, float32_tolerance, to_parts
from graders.protocol import (
    BYTES_PER_EVENT,
    TIERS,
    call_job,
    cases_job,
    output_allowance,
    parse_run,
)
from graders.sandbox.base import Limits, Sandbox

AUTHORING_WALL_SECONDS = 60.0
#: The most numbers a reference may answer with, per case.
REFERENCE_ELEMENTS = 2_000_000


class PrepareError(RuntimeError):
    """The challenge's own code failed: it cannot grade anything until an author fixes it.

    `file` names the authored file at fault (relative to the challenge folder); `line` the
    line, where the sandbox said which.
    """

    def __init__(self, message: str, file: str, line: int | None = None) -> None:
        super().__init__(message)
        self.file = file
        self.line = line


def _authoring_limits(spec: ChallengeSpec, stdout_bytes: int) -> Limits:
    wall = max(spec.time_limit, AUTHORING_WALL_SECONDS)
    return Limits(wall_seconds=wall, cpu_seconds=wall, memory_mb=max(spec.memory_mb, 1024),
                  max_stdout_bytes=stdout_bytes)


def generate_cases(spec: ChallengeSpec, sandbox: Sandbox,
                   budget: Budget = DEFAULT_BUDGET) -> list[dict]:
    """Run cases.py in the sandbox and return its cases, public ones first."""
    outcome = sandbox.run(cases_job(spec.cases_source),
                          _authoring_limits(spec, budget.input_bytes + BYTES_PER_EVENT))
    if outcome.output_exceeded:
        raise PrepareError(f"{spec.slug}: the cases take more than {budget.input_bytes:,} bytes "
                           "as JSON, the most a version's cases may take", "cases.py")
    parsed = parse_run(outcome.stdout)
    problem = parsed.compile_error or parsed.load_error
    if problem or parsed.cases is None:
        detail = (problem["message"] if problem else parsed.violation
                  or outcome.stderr.decode(errors="replace")[-500:])
        raise PrepareError(f"{spec.slug}: cases.py failed: {detail}", "cases.py",
                           problem.get("line") if problem else None)
    if not parsed.cases:
        raise PrepareError(f"{spec.slug}: cases.py returned no cases", "cases.py")
    if len(parsed.cases) > budget.cases:
        raise PrepareError(f"{spec.slug}: cases.py returned {len(parsed.cases):,} cases; a "
                           f"version may have at most {budget.cases:,}", "cases.py")
    names = [c["name"] for c in parsed.cases]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise PrepareError(f"{spec.slug}: case names must be unique: {twice}", "cases.py")
    return sorted(parsed.cases, key=lambda c: not c["public"])


def run_outcomes(spec: ChallengeSpec, source: str, cases: list[dict], sandbox: Sandbox,
                 path: str, allowances: list[int], share: int) -> list[dict]:
    """Run `source` (the folder's file `path`) on every case; return each `{"output": ...}`
    or `{"error_type": ...}`. Its answers may take `share` bytes: more is refused."""
    filename = path.rsplit("/", 1)[-1]
    outcome = sandbox.run(call_job(source, spec.entry_point, cases, filename, allowances,
                                   arguments=spec.arguments),
                          _authoring_limits(spec, share))
    parsed = parse_run(outcome.stdout, allowances)
    if outcome.output_exceeded:
        raise PrepareError(
            f"{spec.slug}: {path}'s outputs take more than {share:,} bytes (after "
            f"{len(parsed.results)} of {len(cases)} cases), its share of the output budget: "
            f"the reference and each mutant ({1 + len(spec.mutants)} in all) may answer with "
            "that much", path)
    failed = parsed.compile_error or parsed.load_error or {"error_type": "NoResult"}
    results = [{"output": r["output"]} if "output" in r
               else {"error_type": str(r.get("error_type"))} for r in parsed.results]
    return results + [{"error_type": str(failed.get("error_type"))}] * (len(cases) - len(results))


def prepare(spec: ChallengeSpec, sandbox: Sandbox, budget: Budget = DEFAULT_BUDGET) -> Prepared:
    """Compute a version's cases and outputs within `budget`; raise PrepareError if the
    reference fails or a part passes its budget, OutOfTime past its seconds."""
    sandbox = Deadline(sandbox, budget.seconds)
    share = budget.output_share(len(spec.mutants))
    cases = generate_cases(spec, sandbox, budget)
    expected, weights = _reference_outputs(spec, cases, sandbox, share)
    allowances = [output_allowance(output) for output in expected]
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = {m.name: pool.submit(run_outcomes, spec, m.source, cases, sandbox,
                                    f"mutants/{m.name}.py", allowances, share)
                for m in spec.mutants}
        try:
            by_mutant = {name: run.result() for name, run in runs.items()}
        except BaseException:
            pool.shutdown(cancel_futures=True)  # one mutant refused: the others need not run
            raise
    return Prepared(spec.content_hash, [
        _prepared_case(spec, case, expected[i], weights.get(i),
                       {name: outputs[i] for name, outputs in by_mutant.items()})
        for i, case in enumerate(cases)])


def prepare_examples(spec: ChallengeSpec, sandbox: Sandbox,
                     budget: Budget = DEFAULT_BUDGET) -> Prepared:
    """Compute a version's public cases and the reference's outputs on them alone (no hidden
    output, no mutant): what its page shows, in a small part of a preparation's time."""
    sandbox = Deadline(sandbox, budget.seconds)
    cases = [case for case in generate_cases(spec, sandbox, budget) if case["public"]]
    expected, weights = _reference_outputs(spec, cases, sandbox,
                                           budget.output_share(len(spec.mutants)))
    return Prepared(spec.content_hash, [_prepared_case(spec, case, expected[i], weights.get(i))
                                        for i, case in enumerate(cases)])


def _reference_outputs(spec: ChallengeSpec, cases: list[dict], sandbox: Sandbox,
                       share: int) -> tuple[list, dict[int, list]]:
    """Run the reference on `cases` and, in the same run, on the weights probes of the public
    ones; return its outputs and the weights by case index. Raise PrepareError when an
    output is not valid or breaks the cases' declarations."""
    probes = _probes(spec, cases)
    inputs = cases + [probed for _, probed in probes]  # a probe that fails costs its drawing
    outcomes = run_outcomes(spec, spec.reference, inputs, sandbox, "reference.py",
                            [REFERENCE_ELEMENTS] * len(inputs), share)
    expected, read = outcomes[:len(cases)], outcomes[len(cases):]
    weights = {i: weights_of(r.get("output")) for (i, _), r in zip(probes, read, strict=True)}
    for case, result in zip(cases, expected, strict=True):
        try:
            to_parts(result.get("output"))
        except MalformedOutput as exc:
            raise PrepareError(f"{spec.slug}: the reference gives no valid output for case "
                               f"{case['name']!r}: {result.get('error_type') or exc}",
                               "reference.py") from exc
    outputs = [r["output"] for r in expected]
    problems = declaration_problems(cases, outputs)
    if problems:
        raise PrepareError(f"{spec.slug}: " + "; ".join(problems), "cases.py")
    return outputs, weights


def _prepared_case(spec: ChallengeSpec, case: dict, expected: object, weights: list | None,
                   mutant_outputs: dict | None = None) -> PreparedCase:
    """Return one case as prepared data."""
    return PreparedCase(case["name"], case["public"], case["args"], case["kwargs"], expected,
                        mutant_outputs or {}, case.get("checks", []), case.get("names", {}),
                        *_tolerance(spec, case), weights, case.get("tier", TIERS[0]))


def _probes(spec: ChallengeSpec, cases: list[dict]) -> list[tuple[int, dict]]:
    """Pair each public case whose weights can be read with the inputs that read them."""
    if spec.weights_probe is None:
        return []
    found = [(i, probe_inputs(spec.weights_probe, c["args"], c["kwargs"]))
             for i, c in enumerate(cases) if c["public"]]
    return [(i, inputs) for i, inputs in found if inputs is not None]


def _tolerance(spec: ChallengeSpec, case: dict) -> tuple[float | None, float | None]:
    """Return a case's own (rtol, atol): as declared, widened to what float32 can hold on
    scores up to its `float32_scale`, or (None, None) for the challenge's."""
    rtol, atol = case.get("rtol"), case.get("atol")
    if "float32_scale" in case:
        needed = float32_tolerance(case["float32_scale"])
        rtol = max(spec.rtol if rtol is None else rtol, needed)
        atol = max(spec.atol if atol is None else atol, needed)
    return rtol, atol
