import numpy as np


def decode_step(Q, K, V, cache_K, cache_V):
    Q = np.asarray(Q, dtype=np.float32)
    K = np.asarray(K, dtype=np.float32)
    V = np.asarray(V, dtype=np.float32)
    t, d = Q.shape
    ck = np.asarray(cache_K, dtype=np.float32).reshape(-1, d)
    cv = np.asarray(cache_V, dtype=np.float32).reshape(-1, V.shape[1])
    p = len(ck)
    s_cache = Q @ ck.T / np.sqrt(np.float32(d))
    s_new = Q @ K.T / np.sqrt(np.float32(d))
    s_new[np.arange(t)[:, None] < np.arange(t)[None, :]] = -np.inf
    s = np.concatenate([s_cache, s_new], axis=1)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    w = e / e.sum(axis=1, keepdims=True)
    return w[:, :p] @ cv + w[:, p:] @ V
