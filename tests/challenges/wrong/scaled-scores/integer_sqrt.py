import math

import numpy as np


def scaled_scores(Q, K):
    q = np.array(Q, dtype=np.float64)
    k = np.array(K, dtype=np.float64)
    return (q @ k.T) / math.isqrt(q.shape[-1])
