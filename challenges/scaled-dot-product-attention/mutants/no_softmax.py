import numpy as np


def attention(Q, K, V):
    """(Q K^T / sqrt(d)) V: the scaled scores are used as weights without a softmax."""
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    return scores @ np.asarray(V, dtype=float)
