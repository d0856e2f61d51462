import numpy as np


def attention(Q, K, V):
    """Softmax without subtracting the row maximum: inf / inf = nan for big scores."""
    Q = np.asarray(Q, dtype=float)
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    with np.errstate(over="ignore", invalid="ignore"):
        exps = np.exp(scores)
        return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
