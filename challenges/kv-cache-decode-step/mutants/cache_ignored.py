import numpy as np


def decode_step(Q, K, V, cache_K, cache_V):
    """Causal attention among the new tokens only: the cache is never read."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    t, d = Q.shape
    scores = Q @ K.T / np.sqrt(d)
    scores = np.where(np.tril(np.ones((t, t), dtype=bool)), scores, -np.inf)
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return weights / weights.sum(axis=1, keepdims=True) @ V
