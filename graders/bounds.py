"""The numbers a challenge's files may hold, checked before anything is stored or computed.

`order` and `track_order` end in the database's 32-bit integer columns (`order = 10**20` failed
there); tolerances and float32 scales end in arithmetic and in JSON (a NaN tolerance is JSON
that PostgreSQL refuses, `10**400` no float can hold, a scale of 0 has no logarithm). The
platform's own bounds on requests are `arena.bounds`; graders never import the platform.
"""

from __future__ import annotations

from typing import Any

#: `order` and `track_order`: positions, from 0 (order's default) to this.
MAX_ORDER = 1_000_000
#: `time_limit`: seconds of wall clock, above 0 and at most this.
MAX_TIME_LIMIT = 60.0
#: `memory_mb`: the sandbox's memory, MiB.
MIN_MEMORY_MB, MAX_MEMORY_MB = 64, 2048
#: `rtol` and `atol`, of a challenge or of one case: from 0 to this (a whole unit, or 100%).
MAX_TOLERANCE = 1.0
#: A case's `float32_scale`, the largest score in size: from 1 to this (its tolerance is then
#: at most 0.3, graders.judging.compare.float32_tolerance).
MIN_FLOAT32_SCALE, MAX_FLOAT32_SCALE = 1.0, 1e6
#: An editorial (`editorial.<locale>.md`): bytes per file, a page's reading at most.
MAX_EDITORIAL_BYTES = 16 * 1024


def within(value: Any, low: float, high: float) -> bool:
    """Tell whether `value` is a number (an int or a float, not a bool) from `low` to `high`;
    NaN never is, and an int of any size is compared exactly, never converted."""
    return type(value) in (int, float) and low <= value <= high

#: A lesson's cell (graders.lessons): its code, in bytes of UTF-8 (an author's or a learner's),
#: and its expected output, in bytes.
MAX_CELL_CODE_BYTES = 8 * 1024
MAX_CELL_OUTPUT_BYTES = 4 * 1024
#: What a cell's run shows of each of its streams (stdout, stderr), in characters; the rest is
#: cut and said to be.
MAX_CELL_SHOWN = 16 * 1024
#: A lesson: its Markdown file per language, in bytes, and its cells.
MAX_LESSON_BYTES = 64 * 1024
MAX_LESSON_CELLS = 30
