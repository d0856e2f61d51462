# expect: runtime_error
# why: a correct answer on the first case, then sys.exit(0) in the second call: SystemExit is
#   the learner's error like any other, and the cases after it do not pass by default.
import math
import sys

calls = []


def softmax(row):
    calls.append(row)
    if len(calls) > 1:
        sys.exit(0)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
