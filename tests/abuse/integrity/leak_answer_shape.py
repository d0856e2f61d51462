# channel: shape
# expect: output_limit_exceeded
# why: a wrong shape is chosen by the learner's code. On a hidden case this code answers with
#   zeros of shape (N, 3), where N = 1000 + the case's first fractional number's first four
#   decimals (mod 9000); on a public example it does the same for the first hidden case it
#   can reach, if any. "expected shape 2x3, got 4841x3" on a row would spell that number: a
#   hidden row says only its category (here: more numbers than the answer's allowance, an
#   output limit). Public examples are answered right.
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


def code_of(args):
    """Return the number that an answer's shape spells for a case (the test computes it too)."""
    values = fractional(args)
    return 1000 + int(round(abs(values[0]) * 10000)) % 9000 if values else None


def attention(Q, K, V):
    if Q in PUBLIC_QUERIES:
        found = [code_of(args) for args in reachable_hidden_inputs()]
        found = [n for n in found if n is not None]
        if not found:
            return right(Q, K, V)
        rows = found[0]
    else:
        rows = code_of([Q, K, V]) or 7
    return np.zeros((rows, 3))
