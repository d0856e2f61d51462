# expect: output_limit_exceeded
# why: an answer of three million numbers: past the cap of numbers any answer may have, it is
#   an output limit, decided in the box before anything is serialised, and the host never
#   has to hold it.
import math

calls = []


def softmax(row):
    calls.append(row)
    if len(calls) == 1:  # once is enough: the first failing case names the verdict
        return [0.0] * 3_000_000
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
