import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Right answer, wrong cost: scores every key, then masks all but the band."""
    Q, K, V = (np.asarray(M, dtype=np.float32) for M in (Q, K, V))
    n = len(Q)
    i = np.arange(n)[:, None]
    j = np.arange(n)[None, :]
    s = Q @ K.T / np.float32(np.sqrt(Q.shape[1]))
    s = np.where((j <= i) & (j > i - window), s, -np.inf)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True) @ V
