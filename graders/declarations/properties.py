"""Declared properties of an output (challenge.toml `properties`), checked by the judge besides
closeness to the reference: one class per property, registered in PROPERTIES by its `kind`."""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from graders.messages import Text

PROPERTY_ATOL = 1e-6

#: Each property by its kind, in the order of their classes below.
PROPERTIES: dict[str, Property] = {}


class Property:
    """A property every output must have; a subclass with a `kind` registers itself."""

    kind: ClassVar[str]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        PROPERTIES[cls.kind] = cls()

    def problem(self, output: np.ndarray, rtol: float = 0.0) -> Text | None:
        """Return None when `output` has the property, else what is wrong (no numbers: it is
        shown on hidden tests too); `rtol` is the case's relative tolerance."""
        raise NotImplementedError


class RowsSumToOne(Property):
    """Each row along the last axis sums to 1: within rounding per entry, plus `rtol`, since
    weights each off by `rtol` (relatively) may sum to 1 +- rtol."""

    kind = "rows_sum_to_one"

    def problem(self, output: np.ndarray, rtol: float = 0.0) -> Text | None:
        if output.ndim == 0:
            return Text("weights_not_array")
        tolerance = PROPERTY_ATOL * max(1, output.shape[-1]) + rtol
        if not np.allclose(output.sum(axis=-1), 1.0, rtol=0, atol=tolerance):
            return Text("rows_sum_to_one")
        return None


class Nonnegative(Property):
    """No entry is negative."""

    kind = "nonnegative"

    def problem(self, output: np.ndarray, rtol: float = 0.0) -> Text | None:
        return Text("nonnegative") if (output < -PROPERTY_ATOL).any() else None


class Finite(Property):
    """No entry is NaN or infinite."""

    kind = "finite"

    def problem(self, output: np.ndarray, rtol: float = 0.0) -> Text | None:
        return None if np.isfinite(output).all() else Text("nonfinite")
