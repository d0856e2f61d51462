import numpy as np


def causal_attention(Q, K, V):
    """Causal softmax without subtracting the row maximum: inf / inf = nan for big scores."""
    Q = np.asarray(Q, dtype=float)
    n = Q.shape[0]
    scores = Q @ np.asarray(K, dtype=float).T / np.sqrt(Q.shape[1])
    scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
    with np.errstate(over="ignore", invalid="ignore"):
        exps = np.exp(scores)
        return exps / exps.sum(axis=1, keepdims=True) @ np.asarray(V, dtype=float)
