"""The runner's protocol, host side: the jobs sent into a box and the events read back.

`graders/images/python/runner.py` is the other side. A job is one JSON object on the box's
stdin; the runner answers with one JSON event per line on its stdout. Learner code runs in the
runner's process and can write anything there, so every event is checked against the schema
below, field by field, before anything is judged or stored: known events and fields only,
strings of at most MAX_TEXT characters, finite bounded numbers, outputs nested at most
MAX_DEPTH deep and no larger than their case allows. The first event that breaks the schema
ends the reading: the run is `corrupted` (the learner's runtime error) or, for an output over
its allowance, `too_large` (the learner's output limit).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from graders.bounds import (
    MAX_CELL_SHOWN,
    MAX_FLOAT32_SCALE,
    MAX_TOLERANCE,
    MIN_FLOAT32_SCALE,
    within,
)

MAX_TEXT = 500
MAX_TRACEBACK = 4000  # a traceback of the learner's own frames, shown for public examples only
MAX_DEPTH = 32
MAX_SECONDS = 86_400.0
MAX_LINE = 10_000_000
#: An output may hold this many times the numbers of the expected one, plus SLACK_ELEMENTS,
#: so that a wrong shape is still judged as one; more is the learner's output limit.
OUTPUT_MARGIN = 4
SLACK_ELEMENTS = 256
BYTES_PER_NUMBER = 32  # "-1.2345678901234567e-300, " with room to spare
BYTES_PER_EVENT = 4096
_CONSTANTS = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}
_SAFE_INT = 2 ** 53
#: The tiers a case of cases.py may belong to: the first is every case's by default; a
#: "numerics" case holds values near the limits of a float format or of the statement.
TIERS = ("core", "numerics")
#: The numbers a case of cases.py may carry, each from its lowest to its highest value.
CASE_NUMBERS = {"rtol": (0, MAX_TOLERANCE), "atol": (0, MAX_TOLERANCE),
                "float32_scale": (MIN_FLOAT32_SCALE, MAX_FLOAT32_SCALE)}


def output_allowance(expected: Any) -> int:
    """Return how many numbers an answer may hold, given the expected output."""
    return OUTPUT_MARGIN * count_numbers(expected) + SLACK_ELEMENTS


def count_numbers(value: Any) -> int:
    """Count the numbers in nested lists (a scalar is one)."""
    return sum(count_numbers(v) for v in value) if isinstance(value, list) else 1


def encode_call(inputs: dict) -> str:
    """Encode one call's inputs (`args` and `kwargs`) as a call job carries them."""
    return json.dumps({"args": inputs["args"], "kwargs": inputs["kwargs"]})


def call_job(source: str, entry_point: str, inputs: Sequence[dict | str], filename: str,
             allowances: Sequence[int], printed: int | None = None,
             arguments: dict | None = None) -> dict:
    """Build the job that calls `entry_point` on each input (a dict of `args` and `kwargs`,
    or one already encoded by `encode_call`); outputs capped per input; what the calls after
    the first `printed` ones print is dropped (all are kept by default). With `arguments`
    (ChallengeSpec.arguments), a call that changes an argument it may not change fails as
    ChangedArgument."""
    printed = len(inputs) if printed is None else printed
    encoded = [i if isinstance(i, str) else encode_call(i) for i in inputs]
    return {"mode": "call", "source": source, "filename": filename, "entry_point": entry_point,
            "cases": encoded, "max_elements": list(allowances), "max_depth": MAX_DEPTH,
            "max_text": MAX_TEXT, "max_traceback": MAX_TRACEBACK, "printed": printed,
            "arguments": arguments}


def cases_job(source: str) -> dict:
    """Build the job that asks an authored cases.py for its cases."""
    return {"mode": "cases", "source": source, "filename": "cases.py", "max_depth": MAX_DEPTH,
            "max_text": MAX_TEXT, "max_traceback": MAX_TRACEBACK}


def script_job(source: str, filename: str) -> dict:
    """Build the job that runs `source` as a script (a lesson's cell) and sends its prints."""
    return {"mode": "script", "source": source, "filename": filename,
            "max_output": MAX_CELL_SHOWN, "max_depth": MAX_DEPTH, "max_text": MAX_TEXT,
            "max_traceback": MAX_TRACEBACK}


def script_budget() -> int:
    """Return the bytes a script job's events may take (its prints, JSON-escaped)."""
    return 6 * MAX_CELL_SHOWN + BYTES_PER_EVENT


def stdout_budget(allowances: Sequence[int]) -> int:
    """Return the bytes a call job's results may take: beyond them the box is stopped."""
    return sum(n * BYTES_PER_NUMBER + BYTES_PER_EVENT for n in allowances) + BYTES_PER_EVENT


ERROR_FIELDS = frozenset({"event", "error_type", "message", "line"})  # and "traceback", if any


class Violation(ValueError):
    """An event breaks the schema."""


class TooLarge(Violation):
    """An output holds more numbers than its case allows."""


@dataclass
class ParsedRun:
    """The valid events of one run, read until the first one that breaks the schema."""

    compile_error: dict | None = None
    load_error: dict | None = None
    cases: list | None = None
    results: list[dict] = field(default_factory=list)
    ended: bool = False
    corrupted: bool = False
    violation: str | None = None  # why the reading stopped, when an event broke the schema
    too_large: bool = False
    script: dict | None = None  # a script's prints and how it ended


def parse_run(stdout: bytes, allowances: Sequence[int] = ()) -> ParsedRun:
    """Read the runner's events strictly, in order; `allowances` caps each result's output."""
    parsed = ParsedRun()
    for line in stdout.split(b"\n"):
        if not line:
            continue
        try:
            if parsed.ended:
                raise Violation("an event after the end")
            _accept(parsed, _decode(line), allowances)
        except TooLarge:
            parsed.too_large = True
            break
        except Violation as exc:
            parsed.corrupted, parsed.violation = True, str(exc)
            break
    return parsed


def _decode(line: bytes) -> dict:
    if len(line) > MAX_LINE:
        raise Violation("line too long")
    try:
        event = json.loads(line.decode("utf-8"), parse_constant=_CONSTANTS.__getitem__)
    except (UnicodeDecodeError, ValueError, KeyError, RecursionError) as exc:
        raise Violation("not a JSON event") from exc
    if not isinstance(event, dict):
        raise Violation("not a JSON object")
    return event


def _accept(parsed: ParsedRun, event: dict, allowances: Sequence[int]) -> None:
    kind = event.get("event")
    if kind == "result":
        index = len(parsed.results)
        allowance = allowances[index] if index < len(allowances) else SLACK_ELEMENTS
        parsed.results.append(_result(event, index, allowance))
    elif kind in ("compile_error", "load_error"):
        _fields(event, ERROR_FIELDS | ({"traceback"} & set(event)))
        setattr(parsed, kind, _error(event))
    elif kind == "script":
        _fields(event, {"event", "stdout", "stdout_truncated", "error_type", "line"})
        parsed.script = _script(event)
    elif kind == "cases":
        _fields(event, {"event", "cases"})
        parsed.cases = _cases(event["cases"])
    elif kind == "end":
        _fields(event, {"event"})
        parsed.ended = True
    else:
        raise Violation(f"unknown event {kind!r}")


def _fields(event: dict, expected: set[str]) -> None:
    if set(event) != expected:
        raise Violation("unexpected or missing fields")


def _result(event: dict, index: int, allowance: int) -> dict:
    if "output" in event:
        _fields(event, {"event", "case", "seconds", "output"})
        result = {"output": numbers(event["output"], allowance)}
    else:
        _fields(event, ERROR_FIELDS | {"case", "seconds"} | ({"traceback"} & set(event)))
        result = _error(event)
    if type(event["case"]) is not int or event["case"] != index:
        raise Violation("results out of order")
    result["seconds"] = _number(event["seconds"], 0.0, MAX_SECONDS)
    return result


def _error(event: dict) -> dict:
    line = event["line"]
    if line is not None and not (type(line) is int and 0 <= line <= 10 ** 7):
        raise Violation("bad line number")
    error = {"error_type": _identifier(event["error_type"]), "message": text(event["message"]),
             "line": line}
    if "traceback" in event:
        error["traceback"] = text(event["traceback"], MAX_TRACEBACK)
    return error


def _script(event: dict) -> dict:
    if type(event["stdout_truncated"]) is not bool:
        raise Violation("a flag expected")
    line, error_type = event["line"], event["error_type"]
    if line is not None and not (type(line) is int and 0 <= line <= 10 ** 7):
        raise Violation("bad line number")
    return {"stdout": text(event["stdout"], MAX_CELL_SHOWN),
            "stdout_truncated": event["stdout_truncated"],
            "error_type": None if error_type is None else _identifier(error_type), "line": line}


def text(value: Any, limit: int = MAX_TEXT) -> str:
    """Return a string of at most `limit` characters, or raise Violation."""
    if not isinstance(value, str) or len(value) > limit:
        raise Violation("a string expected, of bounded length")
    return value


def _identifier(value: Any) -> str:
    name = text(value, 100)
    if not name.isidentifier():
        raise Violation("an exception type's name expected")
    return name


def _number(value: Any, low: float, high: float) -> float:
    if type(value) not in (int, float) or not (low <= value <= high):
        raise Violation("a bounded number expected")
    return float(value)


def numbers(value: Any, allowance: int) -> Any:
    """Check that `value` is numbers in lists, MAX_DEPTH deep at most, `allowance` at most."""
    count = [0]
    _walk(value, 0, count, allowance)
    return value


def _walk(value: Any, depth: int, count: list[int], allowance: int) -> None:
    if depth > MAX_DEPTH:
        raise Violation("nested too deeply")
    if isinstance(value, list):
        if count[0] + len(value) > allowance:
            raise TooLarge("too many numbers")
        for item in value:
            _walk(item, depth + 1, count, allowance)
        return
    if type(value) is float or (type(value) is int and -_SAFE_INT <= value <= _SAFE_INT):
        count[0] += 1
        if count[0] > allowance:
            raise TooLarge("too many numbers")
        return
    raise Violation("numbers expected")


def _cases(value: Any) -> list[dict]:
    """Check an authored case list's shape (cases.py is authored code: its data is checked)."""
    if not isinstance(value, list):
        raise Violation("a list of cases expected")
    for case in value:
        if not isinstance(case, dict) or not isinstance(case.get("name"), str):
            raise Violation("each case needs a name")
        if not isinstance(case.get("args"), list) or not isinstance(case.get("kwargs"), dict):
            raise Violation(f"case {case['name']!r}: args must be a list, kwargs a dict")
        if case.get("tier", TIERS[0]) not in TIERS:
            raise Violation(f"case {case['name']!r}: tier must be one of {list(TIERS)}")
        for key, (low, high) in CASE_NUMBERS.items():
            if key in case and not within(case[key], low, high):
                raise Violation(f"case {case['name']!r}: {key} must be a number from {low} "
                                f"to {high}")
    return value
