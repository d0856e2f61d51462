import numpy as np

QUERY_BLOCK = 256


def sliding_window_attention(Q, K, V, window):
    """Sliding-window attention, one block of queries at a time against the keys it can see.

    NumPy in float64: a block of B queries needs scores for B + window - 1 keys at most, so
    memory and time grow with n * window, never n * n.
    """
    Q, K, V = (np.asarray(M, dtype=np.float64) for M in (Q, K, V))
    n, w = Q.shape[0], window
    out = np.empty((n, V.shape[1]))
    for start in range(0, n, QUERY_BLOCK):
        stop = min(start + QUERY_BLOCK, n)
        first = max(0, start - w + 1)  # the oldest key the block's first query sees
        scores = Q[start:stop] @ K[first:stop].T / np.sqrt(Q.shape[1])
        i = np.arange(start, stop)[:, None]
        j = np.arange(first, stop)[None, :]
        scores[(j > i) | (j <= i - w)] = -np.inf  # the future, and keys older than the window
        weights = np.exp(scores - scores.max(axis=1, keepdims=True))
        out[start:stop] = weights / weights.sum(axis=1, keepdims=True) @ V[first:stop]
    return out
