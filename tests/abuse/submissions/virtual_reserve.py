# expect: accepted
# process: memory_limit_exceeded
# process-why: the process backend limits address space (RLIMIT_AS), not resident memory, so
#   reserving 1 GiB that is never touched already fails there; a container counts only the
#   pages really used, and this submission uses almost none.
# why: reserving address space without using it is not a memory bomb: a container accepts it.
import math

import numpy as np


def softmax(row):
    reserved = np.empty(2**27)  # 1 GiB of address space, never written
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps] if reserved.size else []
