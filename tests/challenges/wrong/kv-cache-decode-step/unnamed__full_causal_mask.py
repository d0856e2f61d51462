import numpy as np


def decode_step(Q, K, V, cache_K, cache_V):
    """Right answer, wrong cost: a causal mask for the whole sequence, sliced to the new rows."""
    Q, K, V = (np.asarray(M, dtype=np.float32) for M in (Q, K, V))
    t, d = Q.shape
    keys = np.concatenate([np.asarray(cache_K, np.float32).reshape(-1, d), K])
    values = np.concatenate([np.asarray(cache_V, np.float32).reshape(-1, V.shape[1]), V])
    n = len(keys)
    mask = np.tril(np.ones((n, n), dtype=bool))[n - t:]
    s = np.where(mask, Q @ keys.T / np.sqrt(np.float32(d)), -np.inf)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True) @ values
