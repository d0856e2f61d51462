"""Declared properties of an output, checked by the judge besides closeness to the reference."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from graders.messages import Text

PROPERTY_ATOL = 1e-6


def rows_sum_to_one(output: np.ndarray) -> Text | None:
    """Each row along the last axis sums to 1."""
    if output.ndim == 0:
        return Text("weights_not_array")
    tolerance = PROPERTY_ATOL * max(1, output.shape[-1])
    if not np.allclose(output.sum(axis=-1), 1.0, rtol=0, atol=tolerance):
        return Text("rows_sum_to_one")
    return None


def nonnegative(output: np.ndarray) -> Text | None:
    """No entry is negative."""
    return Text("nonnegative") if (output < -PROPERTY_ATOL).any() else None


def finite(output: np.ndarray) -> Text | None:
    """No entry is NaN or infinite."""
    return None if np.isfinite(output).all() else Text("nonfinite")


PROPERTIES: dict[str, Callable[[np.ndarray], Text | None]] = {
    "rows_sum_to_one": rows_sum_to_one,
    "nonnegative": nonnegative,
    "finite": finite,
}
