"""The console: call the learner's entry point once, on arguments the learner typed, in a
public box (it holds that input and nothing else), and report everything: the value returned,
what was printed, or the learner's own traceback. Nothing is judged: there is no expected
output."""

from __future__ import annotations

from typing import Any

from graders.challenge.spec import ChallengeSpec
from graders.grading.grade import FILENAME, MAX_SHOWN_OUTPUT
from graders.judging.judge import display
from graders.judging.outcome import stop_reason
from graders.messages import Text
from graders.protocol import call_job, parse_run, stdout_budget
from graders.report import GradeReport, TestReport
from graders.sandbox.base import Limits, Sandbox
from graders.verdicts import Verdict

#: The most numbers a console call may return: far more than any example's answer.
MAX_CONSOLE_ELEMENTS = 100_000
CONSOLE = "console"


def call_once(spec: ChallengeSpec, call: dict[str, Any], code: str,
              sandbox: Sandbox) -> GradeReport:
    """Call the entry point on `call` ({"args", "kwargs"}) in a public box; the one row holds
    the input, the value returned as `got`, or the error with its line and traceback."""
    limits = Limits(wall_seconds=spec.time_limit, cpu_seconds=spec.time_limit,
                    memory_mb=spec.memory_mb,
                    max_stdout_bytes=stdout_budget([MAX_CONSOLE_ELEMENTS]))
    job = call_job(code, spec.entry_point, [call], FILENAME, [MAX_CONSOLE_ELEMENTS],
                   arguments=spec.arguments)
    outcome = sandbox.run(job, limits)
    parsed = parse_run(outcome.stdout, [MAX_CONSOLE_ELEMENTS])
    test = TestReport(name=CONSOLE, hidden=False, passed=False, input=display(call))
    printed = outcome.stderr.decode("utf-8", "replace")[:MAX_SHOWN_OUTPUT]
    error = parsed.compile_error or parsed.load_error
    if error:
        test.message, test.error_type = error["message"], error["error_type"]
        test.line, test.traceback = error.get("line"), error.get("traceback")
        verdict = (Verdict.COMPILATION_ERROR if parsed.compile_error else Verdict.RUNTIME_ERROR)
        message = (Text("missing_entry_point", name=spec.entry_point)
                   if error["error_type"] == "MissingEntryPoint" else error["message"])
        return GradeReport(verdict, [test], message, output=printed)
    if not parsed.results:
        verdict, message = stop_reason(parsed, outcome)
        test.message = message
        return GradeReport(verdict, [test], message, output=printed)
    result = parsed.results[0]
    test.seconds = result["seconds"]
    if "output" in result:
        test.passed, test.got = True, display(result["output"])
        return GradeReport(Verdict.ACCEPTED, [test], output=printed)
    test.message, test.error_type = result["message"], result["error_type"]
    test.line, test.traceback = result["line"], result.get("traceback")
    return GradeReport(Verdict.RUNTIME_ERROR, [test], output=printed)
