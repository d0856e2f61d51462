# expect: accepted
# why: gc.get_objects() lists every container the interpreter tracks: the runner's job,
#   parsed cases, earlier results. None of them may be an expected output: a list, tuple or
#   array equal to the right answer for this row that this code did not make, or a dict with
#   an "expected" key, is a marker.
import gc
import math

import numpy as np


def right(row):
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def matches(candidate, want):
    if len(candidate) != len(want):
        return False
    try:
        values = np.asarray(candidate, dtype=np.float64).ravel()
    except (TypeError, ValueError):
        return False
    return values.shape == (len(want),) and bool(np.allclose(values, want, atol=1e-9))


def softmax(row):
    mine = right(row)
    if len(mine) > 1 and len(set(mine)) > 1:
        for item in gc.get_objects():
            if item is mine or item is row:
                continue
            if isinstance(item, dict) and ("expected" in item or "mutant_outputs" in item):
                return [2.0] * len(row)
            if isinstance(item, (list, tuple)) and matches(item, mine):
                return [3.0] * len(row)
        for item in gc.get_objects():
            if isinstance(item, np.ndarray) and item.size == len(mine) \
                    and matches(item, mine):
                return [4.0] * len(row)
    return mine
