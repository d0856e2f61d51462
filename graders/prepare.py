"""Turn a challenge version into cached data: its cases, the reference's and mutants' outputs,
and the reference's attention weights on each public example.

Authored code is code: cases.py, the reference and the mutants all run in the sandbox, once
per version. The host keeps only the data that comes back.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from graders.authoring.check_rules import declaration_problems
from graders.judging.compare import MalformedOutput, float32_tolerance, to_array
from graders.judging.probes import probe_inputs, weights_of
from graders.protocol import call_job, cases_job, output_allowance, parse_run
from graders.sandbox import Limits, Sandbox
from graders.spec import ChallengeSpec

AUTHORING_WALL_SECONDS = 60.0
#: The most numbers a reference may answer with, per case.
REFERENCE_ELEMENTS = 2_000_000


class PrepareError(RuntimeError):
    """The challenge's own code failed: it cannot grade anything until an author fixes it.

    `file` names the authored file at fault (relative to the challenge folder).
    """

    def __init__(self, message: str, file: str) -> None:
        super().__init__(message)
        self.file = file


@dataclass
class PreparedCase:
    """One case as data: its inputs, the reference's output, each mutant's outcome, its checks."""

    name: str
    public: bool
    args: list
    kwargs: dict
    expected: Any
    mutant_outputs: dict[str, Any] = field(default_factory=dict)
    checks: list[dict] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # the name in other locales
    rtol: float | None = None  # the case's own tolerance, where cases.py sets one
    atol: float | None = None
    weights: list | None = None  # the reference's weights, read by the challenge's weights probe

    def tolerance(self, spec: ChallengeSpec) -> tuple[float, float]:
        """Return (rtol, atol) for this case: its own, else the challenge's."""
        return (spec.rtol if self.rtol is None else self.rtol,
                spec.atol if self.atol is None else self.atol)

    @property
    def allowance(self) -> int:
        """Return how many numbers an answer to this case may hold."""
        return output_allowance(self.expected)

    def inputs(self) -> dict:
        """Return the arguments the entry point is called with."""
        return {"args": self.args, "kwargs": self.kwargs}


@dataclass
class Prepared:
    """A challenge version's cases, public ones first."""

    content_hash: str
    cases: list[PreparedCase]

    def public_examples(self) -> list[dict]:
        """Return the public cases in full, for showing."""
        return [{"name": c.name, "names": c.names, "args": c.args, "kwargs": c.kwargs,
                 "expected": c.expected, "weights": c.weights} for c in self.cases if c.public]

    def to_json(self) -> dict:
        """Return the prepared data as JSON-ready data."""
        return {"content_hash": self.content_hash, "cases": [asdict(c) for c in self.cases]}

    @classmethod
    def from_json(cls, data: dict) -> Prepared:
        """Rebuild prepared data from `to_json`'s output."""
        return cls(data["content_hash"], [PreparedCase(**c) for c in data["cases"]])


def _authoring_limits(spec: ChallengeSpec) -> Limits:
    wall = max(spec.time_limit, AUTHORING_WALL_SECONDS)
    return Limits(wall_seconds=wall, cpu_seconds=wall, memory_mb=max(spec.memory_mb, 1024))


def generate_cases(spec: ChallengeSpec, sandbox: Sandbox) -> list[dict]:
    """Run cases.py in the sandbox and return its cases, public ones first."""
    outcome = sandbox.run(cases_job(spec.cases_source), _authoring_limits(spec))
    parsed = parse_run(outcome.stdout)
    problem = parsed.compile_error or parsed.load_error
    if problem or parsed.cases is None:
        detail = (problem["message"] if problem else parsed.violation
                  or outcome.stderr.decode(errors="replace")[-500:])
        raise PrepareError(f"{spec.slug}: cases.py failed: {detail}", "cases.py")
    if not parsed.cases:
        raise PrepareError(f"{spec.slug}: cases.py returned no cases", "cases.py")
    names = [c["name"] for c in parsed.cases]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise PrepareError(f"{spec.slug}: case names must be unique: {twice}", "cases.py")
    return sorted(parsed.cases, key=lambda c: not c["public"])


def run_outcomes(spec: ChallengeSpec, source: str, cases: list[dict], sandbox: Sandbox,
                 filename: str, allowances: list[int]) -> list[dict]:
    """Run `source` on every case; return each `{"output": ...}` or `{"error_type": ...}`."""
    outcome = sandbox.run(call_job(source, spec.entry_point, cases, filename, allowances),
                          _authoring_limits(spec))
    parsed = parse_run(outcome.stdout, allowances)
    failed = parsed.compile_error or parsed.load_error or {"error_type": "NoResult"}
    results = [{"output": r["output"]} if "output" in r
               else {"error_type": str(r.get("error_type"))} for r in parsed.results]
    return results + [{"error_type": str(failed.get("error_type"))}] * (len(cases) - len(results))


def prepare(spec: ChallengeSpec, sandbox: Sandbox) -> Prepared:
    """Compute a version's cases and outputs; raise PrepareError if the reference fails."""
    cases = generate_cases(spec, sandbox)
    probes = _probes(spec, cases)
    # One run: the cases, then the probes (a probe that fails costs its drawing only).
    inputs = cases + [probed for _, probed in probes]
    outcomes = run_outcomes(spec, spec.reference, inputs, sandbox, "reference.py",
                            [REFERENCE_ELEMENTS] * len(inputs))
    expected, read = outcomes[:len(cases)], outcomes[len(cases):]
    weights = {i: weights_of(r.get("output")) for (i, _), r in zip(probes, read, strict=True)}
    for case, result in zip(cases, expected, strict=True):
        try:
            to_array(result.get("output"))
        except MalformedOutput as exc:
            raise PrepareError(f"{spec.slug}: the reference gives no valid output for case "
                               f"{case['name']!r}: {result.get('error_type') or exc}",
                               "reference.py") from exc
    problems = declaration_problems(cases, [r["output"] for r in expected])
    if problems:
        raise PrepareError(f"{spec.slug}: " + "; ".join(problems), "cases.py")
    allowances = [output_allowance(r["output"]) for r in expected]
    with ThreadPoolExecutor(max_workers=2) as pool:
        mutant_runs = pool.map(
            lambda m: (m.name, run_outcomes(spec, m.source, cases, sandbox, f"{m.name}.py",
                                            allowances)),
            spec.mutants)
        by_mutant = dict(mutant_runs)
    return Prepared(spec.content_hash, [
        PreparedCase(c["name"], c["public"], c["args"], c["kwargs"], expected[i]["output"],
                     {name: outputs[i] for name, outputs in by_mutant.items()},
                     c.get("checks", []), c.get("names", {}), *_tolerance(spec, c),
                     weights.get(i))
        for i, c in enumerate(cases)
    ])


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
