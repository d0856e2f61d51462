"""Declared properties of an output, checked by the judge besides closeness to the reference."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

PROPERTY_ATOL = 1e-6


def rows_sum_to_one(output: np.ndarray) -> str | None:
    """Each row along the last axis sums to 1."""
    if output.ndim == 0:
        return "weights must be an array"
    tolerance = PROPERTY_ATOL * max(1, output.shape[-1])
    if not np.allclose(output.sum(axis=-1), 1.0, rtol=0, atol=tolerance):
        return "each row of weights must sum to 1"
    return None


def nonnegative(output: np.ndarray) -> str | None:
    """No entry is negative."""
    return "weights must not be negative" if (output < -PROPERTY_ATOL).any() else None


def finite(output: np.ndarray) -> str | None:
    """No entry is NaN or infinite."""
    return None if np.isfinite(output).all() else "the output contains NaN or infinity"


PROPERTIES: dict[str, Callable[[np.ndarray], str | None]] = {
    "rows_sum_to_one": rows_sum_to_one,
    "nonnegative": nonnegative,
    "finite": finite,
}
