import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Slices K[i - window + 1 : i + 1] without clamping the start at 0.

    For the first window - 1 queries the start is negative, so the slice counts from the end
    of the sequence and comes out empty: the maximum of no scores raises ValueError.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    out = np.empty((Q.shape[0], V.shape[1]))
    for i in range(Q.shape[0]):
        keys, values = K[i - window + 1:i + 1], V[i - window + 1:i + 1]
        scores = keys @ Q[i] / np.sqrt(Q.shape[1])
        weights = np.exp(scores - scores.max())
        out[i] = weights / weights.sum() @ values
    return out
