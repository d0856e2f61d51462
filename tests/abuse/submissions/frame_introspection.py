# expect: accepted
# why: climbing the call stack (sys._getframe().f_back...) reaches the runner's frames and
#   their locals: the job with every case's inputs is there, the expected outputs must not be.
#   A list, tuple or array anywhere in those frames that equals the right answer for this
#   row (before this code computed it) is a marker; so is any key naming an expected value.
import math
import sys

import numpy as np

SUSPECT_KEYS = ("expected", "reference", "answer", "mutant", "want")


def right(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def same(candidate, want):
    try:
        values = np.asarray(candidate, dtype=np.float64).ravel()
    except (TypeError, ValueError):
        return False
    return values.shape == (len(want),) and bool(np.allclose(values, want, atol=1e-9))


def scan(value, want, depth=0):
    if depth > 6:
        return 0
    if isinstance(value, dict):
        if any(str(k).lower() in SUSPECT_KEYS for k in value):
            return 2
        return max((scan(v, want, depth + 1) for v in list(value.values())[:200]), default=0)
    if isinstance(value, str) and len(value) < 1_000_000:
        return 3 if any(f'"{key}": ' in value for key in SUSPECT_KEYS) else 0
    if isinstance(value, (list, tuple, np.ndarray)) and len(value) < 100_000:
        if len(want) > 1 and same(value, want):
            return 4
        if isinstance(value, (list, tuple)):
            return max((scan(v, want, depth + 1) for v in value[:200]), default=0)
    return 0


def softmax(row):
    want = right(row)
    frame = sys._getframe(1)
    code = 0
    while frame is not None and not code:
        code = scan(dict(frame.f_locals), want) or code
        frame = frame.f_back
    if code:
        return [float(code)] * len(row)
    return want
