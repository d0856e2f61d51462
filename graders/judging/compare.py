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


#: The powers of ten a hidden case's worst relative error is said as (beyond: the nearest).
MIN_SHOWN_EXPONENT, MAX_SHOWN_EXPONENT = -9, 3


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


def to_parts(value: Any) -> tuple[np.ndarray, ...]:
    """Coerce an output to its arrays: itself when rectangular, else one array per item of a
    list of rectangular items of different shapes, such as a backward pass's gradients
    `(dx, dgamma, dbeta)`."""
    try:
        return (to_array(value),)
    except MalformedOutput:
        if not isinstance(value, list) or len(value) < 2:
            raise
        return tuple(to_array(item) for item in value)


def _shape(shape: tuple) -> str | Text:
    return "x".join(map(str, shape)) if shape else Text("a_scalar")


def _shapes(parts: tuple[np.ndarray, ...]) -> str | Text:
    """Say the parts' shapes: one part's as _shape does (a Text, translated when shown)."""
    if len(parts) == 1:
        return _shape(parts[0].shape)
    return ", ".join(_shape(part.shape) for part in parts)


@dataclass(frozen=True)
class Mismatch:
    """Why an output is wrong: a kind (safe to show for hidden tests) and the details."""

    kind: str
    detail: Text
    hidden: Text | None = None  # what a hidden case may say beyond its kind

    def hidden_message(self, detailed: bool = False) -> Text:
        """Say what is wrong without revealing a hidden case's numbers: its kind and, when
        `detailed` (a numerics-tier case), how far off the values are (the worst relative
        error and where), never an input or an expected value."""
        return (self.hidden if detailed else None) or Text(self.kind)


def compare(got: Any, expected: Any, rtol: float, atol: float,
            properties: tuple[str, ...] = ()) -> Mismatch | None:
    """Return None when `got` matches `expected`, else how it does not; an expected output of
    several parts (to_parts) is matched part by part, a position then starting with the part."""
    want = to_parts(expected)
    try:
        actual = to_parts(got) if len(want) > 1 else (to_array(got),)
    except MalformedOutput as exc:
        return Mismatch("malformed", exc.args[0])
    if [part.shape for part in actual] != [part.shape for part in want]:
        return Mismatch("shape", Text("shape_detail", expected=_shapes(want), got=_shapes(actual)))
    if any((~np.isfinite(a) & np.isfinite(w)).any() for a, w in zip(actual, want, strict=True)):
        return Mismatch("nonfinite", Text("nonfinite"))
    for index, (a, w) in enumerate(zip(actual, want, strict=True)):
        close = np.isclose(a, w, rtol=rtol, atol=atol, equal_nan=True)
        if not close.all():
            part = (index,) if len(want) > 1 else ()
            where = part + (tuple(np.unravel_index(int(np.argmin(close)), close.shape))
                            if close.ndim else ())
            with np.errstate(invalid="ignore"):
                error = float(np.max(np.where(close, 0.0, np.abs(a - w))))
            far = _worst_relative(a, w, close, atol, part)
            if where:
                return Mismatch("values", Text("values_detail_at", error=f"{error:.3g}",
                                               at=str(list(map(int, where)))), far)
            return Mismatch("values", Text("values_detail", error=f"{error:.3g}"), far)
    for name in properties:
        for part in actual:
            problem = PROPERTIES[name].problem(part, rtol)
            if problem:
                return Mismatch("property", problem)
    return None


def _worst_relative(actual: np.ndarray, want: np.ndarray, close: np.ndarray,
                    atol: float, part: tuple[int, ...] = ()) -> Text:
    """Say the worst relative error |got - expected| / max(|expected|, atol) among the values
    out of tolerance, as its nearest power of ten from 1e-9 to 1e3 (few values: a hidden
    box's output chooses it, docs/security.md), and its index; nothing of the values."""
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        relative = np.abs(actual - want) / np.maximum(np.abs(want), max(atol, 1e-300))
    relative = np.where(close | np.isnan(relative), -1.0, relative)
    worst = int(np.argmax(relative))
    exponent = round(math.log10(max(float(relative.flat[worst]), 1e-300)))
    error = f"1e{min(max(exponent, MIN_SHOWN_EXPONENT), MAX_SHOWN_EXPONENT)}"
    if actual.ndim == 0 and not part:
        return Text("relative_error", error=error)
    at = [*part, *map(int, np.unravel_index(worst, actual.shape))]
    return Text("relative_error_at", error=error, at=str(at))


def matches(got: Any, other: Any, rtol: float, atol: float) -> bool:
    """Tell whether two outputs agree within tolerance (None never matches)."""
    try:
        return got is not None and other is not None and compare(got, other, rtol, atol) is None
    except MalformedOutput:
        return False
