# expect: output_limit_exceeded
# why: an answer just under the cap on the count of numbers (1.9 million) whose JSON line is
#   still about 40 MB, more than the host reads from the result stream (16 MiB): the host
#   stops at its cap and says output limit, without holding the rest in memory.
import math

calls = []


def softmax(row):
    calls.append(row)
    if len(calls) == 1:
        return [0.12345678901234567] * 1_900_000
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
