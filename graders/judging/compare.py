"""Compare an output with the expected one, as float64 arrays, on the host.

The output has passed the protocol's schema (graders.protocol): numbers in lists, bounded.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from graders.declarations.properties import PROPERTIES
from graders.messages import Text


def float32_tolerance(scale: float) -> float:
    """Return the relative (and absolute) tolerance honest float32 code needs on scores up to
    `scale` in size.

    float32 holds a number x only to within 2**-24 * |x| (near 10000 its numbers are 2**-10
    apart). A float32 softmax written as exp(s - logsumexp(s)) rounds the log-sum-exp by that
    much and moves every weight by as much, relatively; 4 * 2**-24 * scale leaves room for the
    other roundings. Rounded up to one significant digit: 3e-4 near 1000, 3e-3 near 10000.
    """
    bound = 4 * 2.0**-24 * scale
    exponent = math.floor(math.log10(bound))
    return float(f"{math.ceil(bound / 10.0**exponent)}e{exponent}")


class MalformedOutput(ValueError):
    """The output is not a rectangular array of numbers."""


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
        problem = PROPERTIES[name].problem(actual, rtol)
        if problem:
            return Mismatch("property", problem)
    return None


def matches(got: Any, other: Any, rtol: float, atol: float) -> bool:
    """Tell whether two outputs agree within tolerance (None never matches)."""
    try:
        return got is not None and other is not None and compare(got, other, rtol, atol) is None
    except MalformedOutput:
        return False
