# expect: output_limit_exceeded
# why: a "legal" answer to the first public example: a flat list of 1.5 million floats (0.0),
#   under the runner's element cap and, at ~7.5 MB, under the stream cap. An answer may be no
#   larger than the expected output allows plus a margin: far larger is output_limit_exceeded,
#   and the stored rows stay small (test_grading_integrity.py checks under 1 MB).
import math

calls = []


def softmax(row):
    calls.append(row)
    if len(calls) == 1:
        return [0.0] * 1_500_000
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
