"""Grade one piece of code: prepare the jobs, run them in boxes, parse, judge outside.

A submission runs in two boxes, one after the other. The public box holds the public
examples (and the weights probes read on them): everything shown in detail comes from it. The
hidden box holds the hidden cases (and the public ones their checks compare with): from it
only pass or fail, a fixed category, an allow-listed exception type and the named bug reach
the learner, since learner code could carry anything it read there out through any other
field. The hidden box runs after the public one has ended, from files of its own
(Sandbox.run's `hidden`), so that the public box cannot watch it either (docs/security.md).
A run of the public examples uses the public box alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from graders.challenge.prepared import Prepared, PreparedCase
from graders.challenge.spec import ChallengeSpec
from graders.declarations.probes import probe_allowance, probe_inputs, weights_of
from graders.judging.diagnosis import name_bug
from graders.judging.judge import Judged, judge_box
from graders.messages import Text
from graders.protocol import ParsedRun, call_job, parse_run, stdout_budget
from graders.report import GradeReport
from graders.sandbox.base import Limits, RunOutcome, Sandbox
from graders.verdicts import Verdict

FILENAME = "solution.py"
MAX_SHOWN_OUTPUT = 8 * 1024


@dataclass
class Box:
    """One box's job and what came back: the cases' results first, then the probes'."""

    cases: list[PreparedCase]
    probes: list[tuple[int, dict]]
    parsed: ParsedRun
    outcome: RunOutcome


def grade(spec: ChallengeSpec, prepared: Prepared, code: str, sandbox: Sandbox,
          *, public_only: bool = False) -> GradeReport:
    """Run `code` on the version's cases (public only for a run) and judge every output."""
    public = [c for c in prepared.cases if c.public]
    hidden = [] if public_only else [c for c in prepared.cases if not c.public]
    box = run_box(spec, public, code, sandbox, probed=True)
    compared = _compared(public, hidden)
    secret = run_box(spec, compared + hidden, code, sandbox, hidden=True) if hidden else None
    rows, message = judge_box(spec, box.cases, box.parsed, box.outcome)
    for index, result in zip([i for i, _ in box.probes], box.parsed.results[len(public):],
                             strict=False):
        rows[index].test.weights = weights_of(result.get("output"))
    if secret is not None:
        rows += _hidden_rows(spec, secret, len(compared), box.parsed)
    report = GradeReport(_verdict(rows), [row.test for row in rows], message,
                         output=box.outcome.stderr.decode("utf-8", "replace")[:MAX_SHOWN_OUTPUT])
    report.named_mutant, report.breakdowns = name_bug(spec, rows)
    return report


def _compared(public: list[PreparedCase], hidden: list[PreparedCase]) -> list[PreparedCase]:
    """Return the public cases that hidden cases' checks compare with (they run again)."""
    names = {check.get("case") for case in hidden for check in case.checks}
    return [case for case in public if case.name in names]


def run_box(spec: ChallengeSpec, cases: list[PreparedCase], code: str, sandbox: Sandbox,
            probed: bool = False, hidden: bool = False) -> Box:
    """Run one box: the cases, then (public box only) the weights probes."""
    probes = _probes(spec, cases) if probed else []
    inputs = [c.call for c in cases] + [inputs for _, inputs in probes]
    allowances = [c.allowance for c in cases] + [
        probe_allowance(spec.weights_probe, inputs, cases[i].expected)
        for i, inputs in probes]
    limits = Limits(wall_seconds=spec.time_limit, cpu_seconds=spec.time_limit,
                    memory_mb=spec.memory_mb, max_stdout_bytes=stdout_budget(allowances))
    # The probes call the examples again: what they print would show every print twice.
    job = call_job(code, spec.entry_point, inputs, FILENAME, allowances, printed=len(cases),
                   arguments=spec.arguments)
    outcome = sandbox.run(job, limits, hidden=hidden)
    return Box(cases, probes, parse_run(outcome.stdout, allowances), outcome)


def _probes(spec: ChallengeSpec, cases: list[PreparedCase]) -> list[tuple[int, dict]]:
    """Pair each public case whose weights can be read with the inputs that read them."""
    if spec.weights_probe is None:
        return []
    found = [(i, probe_inputs(spec.weights_probe, c.args, c.kwargs)) for i, c in enumerate(cases)]
    return [(i, inputs) for i, inputs in found if inputs is not None]


def _hidden_rows(spec: ChallengeSpec, box: Box, compared: int,
                 public: ParsedRun) -> list[Judged]:
    """Judge the hidden box; its rows say only what redaction lets through."""
    if public.compile_error or public.load_error:  # the public box has said why already
        rows, _ = judge_box(spec, box.cases, public, box.outcome)
    else:
        rows, message = judge_box(spec, box.cases, box.parsed, box.outcome)
        if message:  # it loaded in the public box but not here: say no more than that
            for row in rows:
                row.test.message = Text("failed_to_load")
    return rows[compared:]


def _verdict(rows: list[Judged]) -> Verdict:
    """Return the first failing row's verdict, or accepted."""
    return next((row.verdict for row in rows if not row.test.passed), Verdict.ACCEPTED)
