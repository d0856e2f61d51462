import numpy as np


def decode_step(Q, K, V, cache_K, cache_V):
    """One new token at a time, each against the cache plus the new keys up to itself."""
    Q, K, V = np.array(Q, float), np.array(K, float), np.array(V, float)
    d = Q.shape[1]
    allK = np.vstack([np.array(cache_K, float).reshape(-1, d), K])
    allV = np.vstack([np.array(cache_V, float).reshape(-1, V.shape[1]), V])
    p = len(allK) - len(Q)
    rows = []
    for s, q in enumerate(Q):
        scores = allK[:p + s + 1] @ q / np.sqrt(d)
        w = np.exp(scores - scores.max())
        rows.append(w @ allV[:p + s + 1] / w.sum())
    return np.array(rows)
