"""Grade one piece of code: run it on the cases in the sandbox, then judge the data outside."""

from __future__ import annotations

import math
from typing import Any

from graders.checks import first_failure
from graders.diagnose import name_bugs, suspects
from graders.judge import MalformedOutput, ParsedRun, compare, parse_run, to_array
from graders.messages import LOCALES, Text, join, text_of
from graders.outcome import ERROR_VERDICTS, stop_reason
from graders.prepare import Prepared, PreparedCase, call_job
from graders.probes import probe_inputs, weights_of
from graders.report import GradeReport, TestReport
from graders.sandbox import Limits, RunOutcome, Sandbox
from graders.spec import ChallengeSpec
from graders.verdicts import Verdict

FILENAME = "solution.py"
MAX_SHOWN_OUTPUT = 8 * 1024


def grade(spec: ChallengeSpec, prepared: Prepared, code: str, sandbox: Sandbox,
          *, public_only: bool = False) -> GradeReport:
    """Run `code` on the version's cases (public only for a run) and judge every output.

    Public tests of an attention challenge also get the learner's weights (graders.probes);
    those extra calls come after the cases and never change a verdict.
    """
    cases = [c for c in prepared.cases if c.public or not public_only]
    probes = _probes(spec, cases)
    inputs = [_inputs(c) for c in cases] + [inputs for _, inputs in probes]
    job = call_job(code, spec.entry_point, inputs, FILENAME)
    limits = Limits(wall_seconds=spec.time_limit, cpu_seconds=spec.time_limit,
                    memory_mb=spec.memory_mb)
    outcome = sandbox.run(job, limits)
    parsed = parse_run(outcome.stdout)
    probed = parsed.results[len(cases):]
    parsed.results = parsed.results[:len(cases)]
    report = judge_run(spec, cases, parsed, outcome)
    for (index, _), result in zip(probes, probed, strict=False):
        report.tests[index].weights = weights_of(result.get("output"))
    if public_only:
        report.output = outcome.stderr.decode("utf-8", errors="replace")[:MAX_SHOWN_OUTPUT]
    return report


def _inputs(case: PreparedCase) -> dict:
    return {"args": case.args, "kwargs": case.kwargs}


def _probes(spec: ChallengeSpec, cases: list[PreparedCase]) -> list[tuple[int, dict]]:
    """Pair each public case whose weights can be read with the inputs that read them."""
    if spec.weights_probe is None:
        return []
    found = [(i, probe_inputs(spec.weights_probe, c.args, c.kwargs))
             for i, c in enumerate(cases) if c.public]
    return [(i, inputs) for i, inputs in found if inputs is not None]


def judge_run(spec: ChallengeSpec, cases: list[PreparedCase], parsed: ParsedRun,
              outcome: RunOutcome) -> GradeReport:
    """Turn a parsed run into a report: one test per case, the first failure's verdict."""
    if parsed.compile_error:
        message = str(parsed.compile_error.get("message", "the code does not compile"))
        return _not_run(cases, Verdict.COMPILATION_ERROR, message)
    if parsed.load_error:
        error_type = parsed.load_error.get("error_type")
        verdict = ERROR_VERDICTS.get(error_type, Verdict.RUNTIME_ERROR)
        message = (Text("missing_entry_point", name=spec.entry_point)
                   if error_type == "MissingEntryPoint"
                   else str(parsed.load_error.get("message", "the code failed to load")))
        return _not_run(cases, verdict, message)
    tests, verdicts, found = [], [], []
    stop = stop_reason(parsed, outcome)
    # Checks relate cases: the outputs they name are read before any case is judged.
    named = {c.name for c in cases if c.checks} | {k.get("case") for c in cases for k in c.checks}
    outputs = {case.name: _array(result) if case.name in named else None
               for case, result in zip(cases, parsed.results, strict=False)}
    public = {case.name for case in cases if case.public}
    for index, case in enumerate(cases):
        if index < len(parsed.results):
            test, verdict = _judge_case(spec, case, parsed.results[index], outputs, public)
        else:
            test, verdict = _test(case, False, stop[1] if index == len(parsed.results)
                                  else Text("not_run")), stop[0]
        tests.append(test)
        verdicts.append(verdict)
        found.append(suspects(spec, case, parsed.results[index])
                     if index < len(parsed.results) and not test.passed else [])
    name_bugs(spec, tests, found)
    failed = [v for v, t in zip(verdicts, tests, strict=True) if not t.passed]
    return _translated(GradeReport(failed[0] if failed else Verdict.ACCEPTED, tests), cases)


def _array(result: dict) -> Any:
    """Return a result's output as an array, or None when it has no valid output."""
    try:
        return to_array(result["output"]) if "output" in result else None
    except MalformedOutput:
        return None


def _judge_case(spec: ChallengeSpec, case: PreparedCase, result: dict, outputs: dict,
                public: set[str]) -> tuple[TestReport, Verdict]:
    if "output" not in result:
        error_type = str(result.get("error_type", "Error"))[:100]
        verdict = ERROR_VERDICTS.get(error_type, Verdict.RUNTIME_ERROR)
        message = str(result.get("message", error_type)) if case.public else error_type
        test = _test(case, False, message, error_type=error_type)
        return test, verdict
    got = result["output"]
    mismatch = compare(got, case.expected, spec.rtol, spec.atol, spec.properties)
    failure = None
    if mismatch is None or mismatch.kind in ("values", "property"):
        failure = first_failure(case.checks, outputs[case.name], outputs,
                                case.args, spec.rtol, spec.atol)
    test = _test(case, mismatch is None and failure is None, got=got,
                 seconds=result.get("seconds"))
    if test.passed:
        return test, Verdict.ACCEPTED
    if failure is None:
        test.message = mismatch.detail if case.public else mismatch.hidden_message
    elif case.public:  # the check says more than "the values differ": say both
        shown = failure.case is None or failure.case in public  # no hidden case's numbers
        test.message = join([failure.message, failure.detail if shown else None,
                             mismatch.detail if mismatch else None])
    else:
        test.message = failure.message
    return test, Verdict.WRONG_ANSWER


def _test(case: PreparedCase, passed: bool, message: str = "", *, error_type: str | None = None,
          got: Any = None, seconds: Any = None) -> TestReport:
    test = TestReport(name=case.name, hidden=not case.public, passed=passed, message=message,
                      error_type=error_type,
                      seconds=float(seconds) if isinstance(seconds, (int, float)) else None)
    if case.public:
        test.input = display(_inputs(case))
        test.expected = display(case.expected)
        test.got = display(got)
    return test


def _not_run(cases: list[PreparedCase], verdict: Verdict, message: str) -> GradeReport:
    tests = [_test(c, False, Text("not_run")) for c in cases]
    return _translated(GradeReport(verdict, tests, message), cases)


def _translated(report: GradeReport, cases: list[PreparedCase]) -> GradeReport:
    """Add each test's name and message, and the report's message, in the other locales."""
    for lang in LOCALES[1:]:
        if report.message:
            report.translations[lang] = {"message": text_of(report.message).render(lang)}
        for test, case in zip(report.tests, cases, strict=True):
            test.translations[lang] = {"name": case.names.get(lang) or case.name,
                                       "message": text_of(test.message).render(lang)}
    return report


def display(value: Any) -> Any:
    """Make data safe for strict JSON: non-finite floats become strings."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, list):
        return [display(v) for v in value]
    if isinstance(value, dict):
        return {k: display(v) for k, v in value.items()}
    return value
