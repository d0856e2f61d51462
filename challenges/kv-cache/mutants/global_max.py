import numpy as np


def decode_with_cache(X, Wq, Wk, Wv, cache_K, cache_V):
    """Batched decoding with the right causal mask, but one maximum for the whole t x (p + t)
    score matrix instead of one per new token.

    When one token's scores are near 10000 and another's near 0, every exponential of the low
    row underflows to 0 and that row becomes 0 / 0 = nan.
    """
    X = np.asarray(X, dtype=float)
    Wq, Wk, Wv = (np.asarray(W, dtype=float) for W in (Wq, Wk, Wv))
    d = Wk.shape[1]
    keys = np.vstack([np.asarray(cache_K, dtype=float).reshape(-1, d), X @ Wk])
    values = np.vstack([np.asarray(cache_V, dtype=float).reshape(-1, Wv.shape[1]), X @ Wv])
    p = keys.shape[0] - X.shape[0]
    scores = (X @ Wq) @ keys.T / np.sqrt(d)
    visible = np.tril(np.ones(scores.shape, dtype=bool), k=p)
    scores = np.where(visible, scores, -np.inf)
    weights = np.exp(scores - scores.max())
    with np.errstate(invalid="ignore"):
        return weights / weights.sum(axis=1, keepdims=True) @ values
