import numpy as np


def attention(Q, K, V):
    """softmax(Q K^T) V: the scores are never divided by sqrt(d)."""
    scores = np.asarray(Q, dtype=float) @ np.asarray(K, dtype=float).T
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
