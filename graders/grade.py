"""Grade one piece of code: run it on the cases in the sandbox, then judge the data outside."""

from __future__ import annotations

import math
import signal
from collections import Counter
from typing import Any

from graders.judge import ParsedRun, compare, matches, parse_run
from graders.prepare import Prepared, PreparedCase, call_job
from graders.report import GradeReport, TestReport
from graders.sandbox import Limits, RunOutcome, Sandbox
from graders.spec import ChallengeSpec
from graders.verdicts import Verdict

FILENAME = "solution.py"
MAX_SHOWN_OUTPUT = 8 * 1024
ERROR_VERDICTS = {"MemoryError": Verdict.MEMORY_LIMIT_EXCEEDED,
                  "OutputTooLarge": Verdict.OUTPUT_LIMIT_EXCEEDED}
CPU_SIGNALS = {signal.SIGXCPU}


def grade(spec: ChallengeSpec, prepared: Prepared, code: str, sandbox: Sandbox,
          *, public_only: bool = False) -> GradeReport:
    """Run `code` on the version's cases (public only for a run) and judge every output."""
    cases = [c for c in prepared.cases if c.public or not public_only]
    job = call_job(code, spec.entry_point, [_inputs(c) for c in cases], FILENAME)
    limits = Limits(wall_seconds=spec.time_limit, cpu_seconds=spec.time_limit,
                    memory_mb=spec.memory_mb)
    outcome = sandbox.run(job, limits)
    parsed = parse_run(outcome.stdout)
    report = judge_run(spec, cases, parsed, outcome)
    if public_only:
        report.output = outcome.stderr.decode("utf-8", errors="replace")[:MAX_SHOWN_OUTPUT]
    return report


def _inputs(case: PreparedCase) -> dict:
    return {"args": case.args, "kwargs": case.kwargs}


def judge_run(spec: ChallengeSpec, cases: list[PreparedCase], parsed: ParsedRun,
              outcome: RunOutcome) -> GradeReport:
    """Turn a parsed run into a report: one test per case, the first failure's verdict."""
    if parsed.compile_error:
        message = str(parsed.compile_error.get("message", "the code does not compile"))
        return _not_run(cases, Verdict.COMPILATION_ERROR, message)
    if parsed.load_error:
        verdict = ERROR_VERDICTS.get(parsed.load_error.get("error_type"), Verdict.RUNTIME_ERROR)
        message = str(parsed.load_error.get("message", "the code failed to load"))
        return _not_run(cases, verdict, message)
    tests, verdicts, suspects = [], [], []
    stop = _stop_reason(parsed, outcome)
    for index, case in enumerate(cases):
        if index < len(parsed.results):
            test, verdict = _judge_case(spec, case, parsed.results[index])
        else:
            test, verdict = _test(case, False, stop[1] if index == len(parsed.results)
                                  else "not run"), stop[0]
        tests.append(test)
        verdicts.append(verdict)
        suspects.append(_suspects(spec, case, parsed.results[index])
                        if index < len(parsed.results) and not test.passed else [])
    _name_bugs(spec, tests, suspects)
    failed = [v for v, t in zip(verdicts, tests, strict=True) if not t.passed]
    return GradeReport(failed[0] if failed else Verdict.ACCEPTED, tests)


def _suspects(spec: ChallengeSpec, case: PreparedCase, result: dict) -> list[str]:
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


def _name_bugs(spec: ChallengeSpec, tests: list[TestReport], suspects: list[list[str]]) -> None:
    """Name on each failing test the mutant that explains the most failing tests."""
    score = Counter(name for names in suspects for name in names)
    for test, names in zip(tests, suspects, strict=True):
        if names:
            test.mutant = max(names, key=lambda n: (score[n], -names.index(n)))
            test.diagnosis = dict(spec.mutant(test.mutant).explanation)


def _stop_reason(parsed: ParsedRun, outcome: RunOutcome) -> tuple[Verdict, str]:
    """Say why results stopped coming, from what the host saw (never from the box's word)."""
    if outcome.timed_out:
        return Verdict.TIME_LIMIT_EXCEEDED, "time limit exceeded"
    if outcome.output_exceeded:
        return Verdict.OUTPUT_LIMIT_EXCEEDED, "output limit exceeded"
    if outcome.oom_killed:
        return Verdict.MEMORY_LIMIT_EXCEEDED, "memory limit exceeded"
    number = _signal_of(outcome.exit_code)
    if number in CPU_SIGNALS:
        return Verdict.TIME_LIMIT_EXCEEDED, "CPU time limit exceeded"
    if parsed.corrupted:
        return Verdict.RUNTIME_ERROR, "the code wrote into the grader's result stream"
    if number:
        return Verdict.RUNTIME_ERROR, f"the process was killed by {signal.Signals(number).name}"
    return Verdict.RUNTIME_ERROR, "the process exited before finishing (sys.exit or os._exit?)"


def _signal_of(exit_code: int | None) -> int | None:
    if exit_code is None:
        return None
    number = -exit_code if exit_code < 0 else exit_code - 128 if exit_code > 128 else 0
    return number if number in signal.Signals._value2member_map_ else None


def _judge_case(spec: ChallengeSpec, case: PreparedCase,
                result: dict) -> tuple[TestReport, Verdict]:
    if "output" not in result:
        error_type = str(result.get("error_type", "Error"))[:100]
        verdict = ERROR_VERDICTS.get(error_type, Verdict.RUNTIME_ERROR)
        message = str(result.get("message", error_type)) if case.public else error_type
        test = _test(case, False, message, error_type=error_type)
        return test, verdict
    got = result["output"]
    mismatch = compare(got, case.expected, spec.rtol, spec.atol, spec.properties)
    test = _test(case, mismatch is None, got=got, seconds=result.get("seconds"))
    if mismatch is None:
        return test, Verdict.ACCEPTED
    test.message = mismatch.detail if case.public else mismatch.hidden_message
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
    tests = [_test(c, False, "not run") for c in cases]
    return GradeReport(verdict, tests, message)


def display(value: Any) -> Any:
    """Make data safe for strict JSON: non-finite floats become strings."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, list):
        return [display(v) for v in value]
    if isinstance(value, dict):
        return {k: display(v) for k, v in value.items()}
    return value
