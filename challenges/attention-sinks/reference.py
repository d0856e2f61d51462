import numpy as np

QUERY_BLOCK = 256


def sink_attention(Q, K, V, sinks, window):
    """Streaming attention: query i sees the first `sinks` keys and its last `window` keys
    (never a key after i, never one key twice), one block of queries at a time.

    NumPy in float64: a block of B queries scores at most sinks + B + window - 1 keys, so
    memory and time grow with n * (sinks + window), never n * n.
    """
    Q, K, V = (np.asarray(M, dtype=np.float64) for M in (Q, K, V))
    n = Q.shape[0]
    out = np.empty((n, V.shape[1]))
    for start in range(0, n, QUERY_BLOCK):
        stop = min(start + QUERY_BLOCK, n)
        band = max(0, start - window + 1)  # the oldest key the block's window reaches
        # Sinks below the band, then the band itself: each key at most once.
        keys = np.concatenate([np.arange(min(sinks, band)), np.arange(band, stop)])
        scores = Q[start:stop] @ K[keys].T / np.sqrt(Q.shape[1])
        i, j = np.arange(start, stop)[:, None], keys[None, :]
        scores[(j > i) | ((j <= i - window) & (j >= sinks))] = -np.inf
        weights = np.exp(scores - scores.max(axis=1, keepdims=True))
        out[start:stop] = weights / weights.sum(axis=1, keepdims=True) @ V[keys]
    return out
