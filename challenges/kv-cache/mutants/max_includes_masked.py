import numpy as np


def decode_with_cache(X, Wq, Wk, Wv, cache_K, cache_V):
    """Batched decoding that subtracts each row's maximum over ALL keys, the later new tokens'
    included, then multiplies the exponentials by the causal mask and renormalises.

    When a later token's key scores far above every key an earlier token sees, the visible
    exponentials underflow to 0 and the row becomes 0 / 0 = nan.
    """
    X = np.asarray(X, dtype=float)
    Wq, Wk, Wv = (np.asarray(W, dtype=float) for W in (Wq, Wk, Wv))
    d = Wk.shape[1]
    keys = np.vstack([np.asarray(cache_K, dtype=float).reshape(-1, d), X @ Wk])
    values = np.vstack([np.asarray(cache_V, dtype=float).reshape(-1, Wv.shape[1]), X @ Wv])
    p = keys.shape[0] - X.shape[0]
    scores = (X @ Wq) @ keys.T / np.sqrt(d)
    visible = np.tril(np.ones(scores.shape), k=p)
    weights = np.exp(scores - scores.max(axis=1, keepdims=True)) * visible
    with np.errstate(invalid="ignore"):
        return weights / weights.sum(axis=1, keepdims=True) @ values
