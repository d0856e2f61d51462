import numpy as np


def sink_attention(Q, K, V, sinks, window):
    """Plain sliding-window attention: the sink keys are dropped once the window leaves them."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    out = np.empty((Q.shape[0], V.shape[1]))
    for i in range(Q.shape[0]):
        keys = np.arange(max(0, i - window + 1), i + 1)
        scores = K[keys] @ Q[i] / np.sqrt(Q.shape[1])
        weights = np.exp(scores - scores.max())
        out[i] = weights / weights.sum() @ V[keys]
    return out
