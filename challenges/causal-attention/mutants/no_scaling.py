import numpy as np


def causal_attention(Q, K, V):
    """Causal attention on Q K^T, never divided by sqrt(d)."""
    Q = np.asarray(Q, dtype=float)
    n = Q.shape[0]
    scores = Q @ np.asarray(K, dtype=float).T
    scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
