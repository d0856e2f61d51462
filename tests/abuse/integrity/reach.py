"""Shared by the leak submissions: reach every case input this process holds.

tests/abuse/test_grading_integrity.py puts this in front of each integrity/leak_*.py before
submitting it, so that each file holds only its own way out. Learner code runs in the runner's
process: the runner's frames and gc.get_objects() hold whatever the box was given.
"""
import gc
import json
import sys

import numpy as np

PUBLIC_QUERIES = ([[1, 0], [0, 1], [1, 1]], [[1, 0, 2, -1], [0, 3, 1, 1]])


def case_args(value):
    if isinstance(value, str) and value.startswith("{") and '"args"' in value[:12]:
        try:
            value = json.loads(value)
        except ValueError:
            return None
    if isinstance(value, dict) and isinstance(value.get("args"), list) \
            and len(value["args"]) == 3:
        return value["args"]
    return None


def reachable_hidden_inputs():
    """Return the args of every case this process can reach that is not a public example."""
    found, seen = [], set()

    def take(value):
        args = case_args(value)
        if args is not None and args[0] not in PUBLIC_QUERIES:
            key = json.dumps(args)
            if key not in seen:
                seen.add(key)
                found.append(args)

    frame = sys._getframe(1)
    while frame is not None:
        for value in list(frame.f_locals.values()):
            if isinstance(value, dict) and isinstance(value.get("cases"), list):
                for item in value["cases"]:
                    take(item)
            take(value)
        frame = frame.f_back
    for obj in gc.get_objects():
        if isinstance(obj, list) and obj and isinstance(obj[0], str):
            for item in obj:
                take(item)
        elif isinstance(obj, dict):
            take(obj)
    return found


def fractional(args):
    """Return the numbers of `args` that are not whole, in order, each once."""
    values = np.concatenate([np.asarray(a, dtype=np.float64).ravel() for a in args])
    return list(dict.fromkeys(float(v) for v in values if v != int(v)))


def right(Q, K, V):
    Q, K, V = (np.asarray(m, dtype=np.float64) for m in (Q, K, V))
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (weights / weights.sum(axis=1, keepdims=True)) @ V


