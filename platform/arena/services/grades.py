"""What a gradebook cell is worth: an accepted challenge's points, less the late penalty of
its first accept (the best of a student's counted submissions, since the penalty only grows
with time); nothing without an accept. Rounded to hundredths, as every total is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta

DAY = timedelta(days=1)
#: The most one challenge of an assignment may be worth.
MAX_POINTS = 1000


@dataclass(frozen=True)
class LatePenalty:
    """The share of its points late work loses per started day after the student's due time,
    up to a cap (percentages)."""

    percent_per_day: float = 0.0
    max_percent: float = 100.0

    def kept(self, late_by: timedelta) -> float:
        """Return the share of its points an accept made `late_by` after the due time keeps."""
        if late_by <= timedelta(0) or not self.percent_per_day:
            return 1.0
        days = math.ceil(late_by / DAY)
        return 1 - min(self.max_percent, self.percent_per_day * days) / 100


def rounded(points: float) -> float:
    """Round points to hundredths (a cell's, a score's, a total)."""
    return round(points, 2)


def number(points: float) -> str:
    """Write points without a trailing `.0` (3, 2.5), as the page and the CSV show them."""
    return f"{points:g}"
