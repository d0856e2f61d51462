import numpy as np


def decode_step(Q, K, V, cache_K, cache_V):
    """Attend from t new tokens over a cache of p tokens and themselves, in O(t * (p + t)).

    NumPy in float64. Only the t new rows are scored; the mask covers the new keys only, since
    every cached key is in every new token's past.
    """
    Q, K, V = (np.asarray(M, dtype=np.float64) for M in (Q, K, V))
    t, d = Q.shape
    # An empty cache arrives as [], which NumPy reads as shape (0,): give it its width.
    keys = np.concatenate([np.asarray(cache_K, dtype=np.float64).reshape(-1, d), K])
    values = np.concatenate([np.asarray(cache_V, dtype=np.float64).reshape(-1, V.shape[1]), V])
    p = keys.shape[0] - t
    scores = Q @ keys.T / np.sqrt(d)
    # New token s sits at position p + s: it sees every cached key and new keys 0..s.
    scores[:, p:][np.triu(np.ones((t, t), dtype=bool), k=1)] = -np.inf
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return weights / weights.sum(axis=1, keepdims=True) @ values
