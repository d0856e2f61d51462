import numpy as np


def decode_step(Q, K, V, cache_K, cache_V):
    """Masks new key j >= s (instead of j > s) from new token s."""
    Q, K, V = (np.asarray(M, dtype=np.float64) for M in (Q, K, V))
    t, d = Q.shape
    ck = np.asarray(cache_K, dtype=np.float64).reshape(-1, d)
    cv = np.asarray(cache_V, dtype=np.float64).reshape(-1, V.shape[1])
    s = np.hstack([Q @ ck.T, Q @ K.T]) / np.sqrt(d)
    s[:, len(ck):][np.triu(np.ones((t, t), dtype=bool))] = -np.inf
    with np.errstate(invalid="ignore"):
        e = np.exp(s - s.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True) @ np.vstack([cv, V])
