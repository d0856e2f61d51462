"""Declared properties of an output, checked by the judge besides closeness to the reference."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from graders.core.messages import Text

PROPERTY_ATOL = 1e-6


def rows_sum_to_one(output: np.ndarray, rtol: float = 0.0) -> Text | None:
    """Each row along the last axis sums to 1: within rounding per entry, plus `rtol`, since
    weights each off by `rtol` (relatively) may sum to 1 +- rtol."""
    if output.ndim == 0:
        return Text("weights_not_array")
    tolerance = PROPERTY_ATOL * max(1, output.shape[-1]) + rtol
    if not np.allclose(output.sum(axis=-1), 1.0, rtol=0, atol=tolerance):
        return Text("rows_sum_to_one")
    return None


def nonnegative(output: np.ndarray, rtol: float = 0.0) -> Text | None:
    """No entry is negative."""
    return Text("nonnegative") if (output < -PROPERTY_ATOL).any() else None


def finite(output: np.ndarray, rtol: float = 0.0) -> Text | None:
    """No entry is NaN or infinite."""
    return None if np.isfinite(output).all() else Text("nonfinite")


#: Each takes an output and the case's relative tolerance.
PROPERTIES: dict[str, Callable[[np.ndarray, float], Text | None]] = {
    "rows_sum_to_one": rows_sum_to_one,
    "nonnegative": nonnegative,
    "finite": finite,
}
