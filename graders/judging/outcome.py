"""Read what the host saw of a run: which errors are limits, why results stopped coming."""

from __future__ import annotations

import signal

from graders.messages import Text
from graders.protocol import ParsedRun
from graders.sandbox.base import RunOutcome
from graders.verdicts import Verdict

ERROR_VERDICTS = {"MemoryError": Verdict.MEMORY_LIMIT_EXCEEDED,
                  "OutputTooLarge": Verdict.OUTPUT_LIMIT_EXCEEDED,
                  "ChangedArgument": Verdict.WRONG_ANSWER}
CPU_SIGNALS = {signal.SIGXCPU}


def stop_reason(parsed: ParsedRun, outcome: RunOutcome) -> tuple[Verdict, Text]:
    """Say why results stopped coming, from what the host saw (never from the box's word)."""
    if outcome.timed_out:
        return Verdict.TIME_LIMIT_EXCEEDED, Text("time_limit")
    if outcome.output_exceeded or parsed.too_large:
        return Verdict.OUTPUT_LIMIT_EXCEEDED, Text("output_limit")
    if outcome.oom_killed:
        return Verdict.MEMORY_LIMIT_EXCEEDED, Text("memory_limit")
    number = _signal_of(outcome.exit_code)
    if number in CPU_SIGNALS:
        return Verdict.TIME_LIMIT_EXCEEDED, Text("cpu_limit")
    if parsed.corrupted:
        return Verdict.RUNTIME_ERROR, Text("stream_corrupted")
    if number:
        return Verdict.RUNTIME_ERROR, Text("killed", signal=signal.Signals(number).name)
    return Verdict.RUNTIME_ERROR, Text("exited_early")


def _signal_of(exit_code: int | None) -> int | None:
    if exit_code is None:
        return None
    number = -exit_code if exit_code < 0 else exit_code - 128 if exit_code > 128 else 0
    return number if number in signal.Signals._value2member_map_ else None
