"""The judge: strict parsing of what a sandbox returned, and comparison as numbers.

Runs on the host, outside the sandbox. Trusts nothing from the box: not its exit code, not
anything printed, only well-formed result lines, coerced to float64 arrays.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graders.messages import Text
from graders.properties import PROPERTIES

EVENTS = ("compile_error", "load_error", "cases", "result", "end")
_CONSTANTS = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}


class MalformedOutput(ValueError):
    """The output is not a rectangular array of numbers."""


@dataclass
class ParsedRun:
    """The events of one run, read until the first malformed or out-of-order line."""

    compile_error: dict | None = None
    load_error: dict | None = None
    cases: list | None = None
    results: list[dict] = field(default_factory=list)
    ended: bool = False
    corrupted: bool = False


def _event(line: bytes) -> dict | None:
    try:
        event = json.loads(line.decode("utf-8"), parse_constant=_CONSTANTS.__getitem__)
    except (UnicodeDecodeError, ValueError, KeyError, RecursionError):
        return None
    if not isinstance(event, dict) or event.get("event") not in EVENTS:
        return None
    return event


def parse_run(stdout: bytes) -> ParsedRun:
    """Read the runner's result lines strictly, in order, stopping at anything unexpected."""
    parsed = ParsedRun()
    for line in stdout.split(b"\n"):
        if not line:
            continue
        event = _event(line)
        if event is None or parsed.ended:
            parsed.corrupted = True
            break
        kind = event["event"]
        if kind == "result":
            if event.get("case") != len(parsed.results):
                parsed.corrupted = True
                break
            parsed.results.append(event)
        elif kind == "end":
            parsed.ended = True
        elif kind == "cases":
            parsed.cases = event.get("cases")
        else:
            setattr(parsed, kind, event)
    return parsed


def _check_numbers(value: Any, depth: int = 0) -> None:
    if depth > 32:
        raise MalformedOutput(Text("nested_too_deeply"))
    if isinstance(value, list):
        for item in value:
            _check_numbers(item, depth + 1)
    elif type(value) not in (int, float):
        raise MalformedOutput(Text("numbers_only"))


def to_array(value: Any) -> np.ndarray:
    """Coerce parsed output to a float64 array, refusing ragged or non-numeric data."""
    _check_numbers(value)
    try:
        return np.array(value, dtype=np.float64)
    except (ValueError, OverflowError) as exc:
        raise MalformedOutput(Text("ragged")) from exc


def _shape(shape: tuple) -> str:
    return "x".join(map(str, shape)) if shape else Text("a_scalar")


@dataclass(frozen=True)
class Mismatch:
    """Why an output is wrong: a kind (safe to show for hidden tests) and the details."""

    kind: str
    detail: Text

    @property
    def hidden_message(self) -> Text:
        """Say what is wrong without revealing a hidden case's numbers."""
        return Text(self.kind)


def compare(got: Any, expected: Any, rtol: float, atol: float,
            properties: tuple[str, ...] = ()) -> Mismatch | None:
    """Return None when `got` matches `expected`, else how it does not."""
    try:
        actual = to_array(got)
    except MalformedOutput as exc:
        return Mismatch("malformed", exc.args[0])
    want = to_array(expected)
    if actual.shape != want.shape:
        return Mismatch("shape", Text("shape_detail", expected=_shape(want.shape),
                                      got=_shape(actual.shape)))
    if (~np.isfinite(actual) & np.isfinite(want)).any():
        return Mismatch("nonfinite", Text("nonfinite"))
    close = np.isclose(actual, want, rtol=rtol, atol=atol, equal_nan=True)
    if not close.all():
        where = np.unravel_index(int(np.argmin(close)), close.shape) if close.ndim else ()
        with np.errstate(invalid="ignore"):
            error = float(np.max(np.where(close, 0.0, np.abs(actual - want))))
        if where:
            return Mismatch("values", Text("values_detail_at", error=f"{error:.3g}",
                                           at=str(list(map(int, where)))))
        return Mismatch("values", Text("values_detail", error=f"{error:.3g}"))
    for name in properties:
        problem = PROPERTIES[name](actual)
        if problem:
            return Mismatch("property", problem)
    return None


def matches(got: Any, other: Any, rtol: float, atol: float) -> bool:
    """Tell whether two outputs agree within tolerance (None never matches)."""
    try:
        return got is not None and other is not None and compare(got, other, rtol, atol) is None
    except MalformedOutput:
        return False
