import numpy as np


def decode_step(Q, K, V, cache_K, cache_V):
    """Builds the causal mask as if new token s stood at position s, not p + s: it sees only
    keys 0..s of the whole sequence, the oldest cached ones."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    t, d = Q.shape
    keys = np.vstack([np.reshape(cache_K, (-1, d)), K])
    values = np.vstack([np.reshape(cache_V, (-1, V.shape[1])), V])
    scores = Q @ keys.T / np.sqrt(d)
    scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return weights / weights.sum(axis=1, keepdims=True) @ values
