# expect: memory_limit_exceeded
# why: one request for 74.5 GiB at once must fail as a memory limit, whatever the host has.
import numpy as np


def softmax(row):
    return np.ones((10**5, 10**5)).sum(axis=0)[: len(row)]
