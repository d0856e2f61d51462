import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Pads with `window` rows in front and takes window + 1 keys per query."""
    Q, K, V = (np.asarray(M, dtype=np.float32) for M in (Q, K, V))
    n, d = Q.shape
    out = np.zeros((n, V.shape[1]), dtype=np.float32)
    for i in range(n):
        lo = i - window if i >= window else 0
        s = K[lo:i + 1] @ Q[i] / np.sqrt(np.float32(d))
        e = np.exp(s - s.max())
        out[i] = e @ V[lo:i + 1] / e.sum()
    return out
