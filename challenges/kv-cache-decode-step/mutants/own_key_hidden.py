import numpy as np


def decode_step(Q, K, V, cache_K, cache_V):
    """Masks with j < s among the new tokens: new token s sees the cache and the new tokens
    before it, but not its own key. With an empty cache the first new token sees nothing and
    its row is 0 / 0 = nan."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    t, d = Q.shape
    keys = np.vstack([np.reshape(cache_K, (-1, d)), K])
    values = np.vstack([np.reshape(cache_V, (-1, V.shape[1])), V])
    p = keys.shape[0] - t
    scores = Q @ keys.T / np.sqrt(d)
    scores[:, p:] = np.where(np.tril(np.ones((t, t), dtype=bool), k=-1), scores[:, p:], -np.inf)
    with np.errstate(invalid="ignore"):
        weights = np.exp(scores - scores.max(axis=1, keepdims=True))
        return weights / weights.sum(axis=1, keepdims=True) @ values
