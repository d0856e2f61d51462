import numpy as np


def attention(Q, K, V):
    """softmax(Q K^T / d) V instead of softmax(Q K^T / sqrt(d)) V."""
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / Q.shape[1]
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
