import numpy as np


def causal_attention(Q, K, V):
    """Mask with j < i instead of j <= i (filling with -1e9, as the lesson does).

    The first row is then masked everywhere; all its scores equal -1e9, so it averages all
    the values uniformly.
    """
    Q = np.asarray(Q, dtype=float)
    n = Q.shape[0]
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    scores = np.where(np.tril(np.ones((n, n), dtype=bool), k=-1), scores, -1e9)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
