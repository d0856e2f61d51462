"""Judge one box's run: a row per case, each with the verdict it stands for."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from graders.challenge.prepared import PreparedCase
from graders.challenge.spec import ChallengeSpec
from graders.declarations.checks import first_failure
from graders.judging.compare import MalformedOutput, compare, to_array
from graders.judging.outcome import ERROR_VERDICTS, stop_reason
from graders.judging.redact import hidden_error, raised
from graders.messages import Text, join
from graders.protocol import ParsedRun
from graders.report import TestReport
from graders.sandbox.base import RunOutcome
from graders.verdicts import Verdict


@dataclass
class Judged:
    """One case's row, the verdict it stands for, and the learner's result it came from."""

    case: PreparedCase
    test: TestReport
    verdict: Verdict
    result: dict | None = None  # None when the case got no result (not run, or cut short)


def judge_box(spec: ChallengeSpec, cases: list[PreparedCase], parsed: ParsedRun,
              outcome: RunOutcome) -> tuple[list[Judged], str]:
    """Judge every case of one run; return the rows and the run's own message, if any."""
    if parsed.compile_error:
        return (_not_run(cases, Verdict.COMPILATION_ERROR, parsed.compile_error),
                parsed.compile_error["message"])
    if parsed.load_error:
        error_type = parsed.load_error["error_type"]
        message = (Text("missing_entry_point", name=spec.entry_point)
                   if error_type == "MissingEntryPoint" else parsed.load_error["message"])
        verdict = ERROR_VERDICTS.get(error_type, Verdict.RUNTIME_ERROR)
        return _not_run(cases, verdict, parsed.load_error), message
    stop_verdict, stop_message = stop_reason(parsed, outcome)
    results = parsed.results[:len(cases)]
    # Checks relate cases: the outputs they name are read before any case is judged.
    named = {c.name for c in cases if c.checks} | {k.get("case") for c in cases for k in c.checks}
    outputs = {case.name: _array(result) if case.name in named else None
               for case, result in zip(cases, results, strict=False)}
    public = {case.name for case in cases if case.public}
    rows = []
    for index, case in enumerate(cases):
        if index < len(results):
            rows.append(_judge_case(spec, case, results[index], outputs, public))
        else:
            message = stop_message if index == len(results) else Text("not_run")
            rows.append(Judged(case, _test(case, False, message), stop_verdict))
    return rows, ""


def _array(result: dict) -> Any:
    """Return a result's output as an array, or None when it has no valid output."""
    try:
        return to_array(result["output"]) if "output" in result else None
    except MalformedOutput:
        return None


def _judge_case(spec: ChallengeSpec, case: PreparedCase, result: dict, outputs: dict,
                public: set[str]) -> Judged:
    if "output" not in result:
        error_type = result["error_type"]
        verdict = ERROR_VERDICTS.get(error_type, Verdict.RUNTIME_ERROR)
        if case.public:
            message = (Text("changed_argument", name=result["message"])
                       if error_type == "ChangedArgument" else result["message"])
            test = _test(case, False, message, error_type=error_type)
            _locate(test, result)
        else:
            shown = hidden_error(error_type)
            test = _test(case, False, raised(shown), error_type=shown)
        return Judged(case, test, verdict, result)
    got = result["output"]
    rtol, atol = case.tolerance(spec)
    mismatch = compare(got, case.expected, rtol, atol, spec.properties)
    failure = None
    if mismatch is None or mismatch.kind in ("values", "property"):
        failure = first_failure(case.checks, outputs[case.name], outputs, case.args, rtol, atol)
    test = _test(case, mismatch is None and failure is None, got=got,
                 seconds=result["seconds"])
    if test.passed:
        return Judged(case, test, Verdict.ACCEPTED, result)
    if failure is None:
        test.message = (mismatch.detail if case.public
                        else mismatch.hidden_message(detailed=case.tier == "numerics"))
    elif case.public:  # the check says more than "the values differ": say both
        shown = failure.case is None or failure.case in public  # no hidden case's numbers
        test.message = join([failure.message, failure.detail if shown else None,
                             mismatch.detail if mismatch else None])
    else:
        test.message = failure.message
    return Judged(case, test, Verdict.WRONG_ANSWER, result)


def _test(case: PreparedCase, passed: bool, message: str = "", *, error_type: str | None = None,
          got: Any = None, seconds: float | None = None) -> TestReport:
    """Build a row: a public case shows its input, expected and got; a hidden one, nothing."""
    test = TestReport(name=case.name, hidden=not case.public, passed=passed, message=message,
                      error_type=error_type, names=dict(case.names), tier=case.tier)
    if case.public:
        test.seconds = seconds
        test.input = display(case.inputs())
        test.expected = display(case.expected)
        test.got = display(got)
    return test


def _not_run(cases: list[PreparedCase], verdict: Verdict, error: dict) -> list[Judged]:
    """Rows for cases that never ran: the code did not compile or load. A public row keeps
    where it failed (line, traceback), for the editor to mark."""
    rows = [Judged(c, _test(c, False, Text("not_run")), verdict) for c in cases]
    for row in rows:
        if row.case.public:
            _locate(row.test, error)
    return rows


def _locate(test: TestReport, error: dict) -> None:
    """Keep, on a public row, the learner's line and own traceback of an error."""
    test.line, test.traceback = error.get("line"), error.get("traceback")


def display(value: Any) -> Any:
    """Make data safe for strict JSON: non-finite floats become strings."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, list):
        return [display(v) for v in value]
    if isinstance(value, dict):
        return {k: display(v) for k, v in value.items()}
    return value
