# expect: output_limit_exceeded
# why: the first public example is answered with 8 million numbers (a NumPy array, 64 MB:
#   well within memory). However the box reports it, such an answer is output_limit_exceeded,
#   never a crash of the grader, and the stored rows stay small (test_grading_integrity.py).
import math

import numpy as np

calls = []


def softmax(row):
    calls.append(row)
    if len(calls) == 1:
        return np.zeros(8_000_000)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
