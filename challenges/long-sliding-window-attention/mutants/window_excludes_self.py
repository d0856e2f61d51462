import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Keeps the `window` keys before i, i - window <= j < i, but not key i itself.

    Row 0 has no key left: every score of the band is -inf and the softmax gives nan, as
    NumPy code with an -inf mask does.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n, block = Q.shape[0], 128
    out = np.empty((n, V.shape[1]))
    for start in range(0, n, block):
        stop = min(start + block, n)
        first = max(0, start - window)
        scores = Q[start:stop] @ K[first:stop].T / np.sqrt(Q.shape[1])
        i, j = np.arange(start, stop)[:, None], np.arange(first, stop)[None, :]
        scores = np.where((j < i) & (j >= i - window), scores, -np.inf)
        with np.errstate(invalid="ignore"):
            weights = np.exp(scores - scores.max(axis=1, keepdims=True))
            out[start:stop] = weights / weights.sum(axis=1, keepdims=True) @ V[first:stop]
    return out
