import numpy as np


def sink_attention(Q, K, V, sinks, window):
    """Keeps the sinks right but takes keys i - window .. i: window + 1 recent keys."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    out = np.empty((Q.shape[0], V.shape[1]))
    for i in range(Q.shape[0]):
        keys = np.union1d(np.arange(min(sinks, i + 1)), np.arange(max(0, i - window), i + 1))
        scores = K[keys] @ Q[i] / np.sqrt(Q.shape[1])
        weights = np.exp(scores - scores.max())
        out[i] = weights / weights.sum() @ V[keys]
    return out
