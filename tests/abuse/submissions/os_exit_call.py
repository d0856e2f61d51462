# expect: runtime_error
# why: right on the first case, then os._exit(0) in the second call, after printing a
#   convincing "all tests passed": the missing results fail, whatever the exit code says.
import math
import os
import sys

calls = []


def softmax(row):
    calls.append(row)
    if len(calls) > 1:
        print("OK: all 19 tests passed", flush=True)
        sys.stdout.flush()
        os._exit(0)
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]
