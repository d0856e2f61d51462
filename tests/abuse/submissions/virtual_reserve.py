# expect: accepted
# needs: memory-per-box
# why: reserving address space without using it is not a memory bomb: a box whose memory is
#   limited as a whole (a container's cgroup, the process backend's where it can make one)
#   counts only the pages really used, and this submission uses almost none. Where the
#   process backend has no cgroup it limits address space instead, and this case is skipped.
import math

import numpy as np


def softmax(row):
    reserved = np.empty(2**27)  # 1 GiB of address space, never written
    top = max(row)
    exps = [math.exp(x - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps] if reserved.size else []
