# expect: memory_limit_exceeded
# why: NumPy arrays, filled so that every page is really used, until the memory limit stops
#   them; the error must read as a memory limit, not as a crash of the platform.
import numpy as np

calls = []


def softmax(row):
    calls.append(row)
    if len(calls) > 1:  # once is enough: the first failing case names the verdict
        return [1.0 / len(row)] * len(row)
    hoard = []
    while True:
        hoard.append(np.ones(10_000_000))  # 80 MB, every page touched
