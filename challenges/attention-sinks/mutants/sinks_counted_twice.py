import numpy as np


def sink_attention(Q, K, V, sinks, window):
    """Joins the sink keys and the window's keys without removing the overlap: while the
    window still reaches the sinks, a key in both is scored twice and gets double weight."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    out = np.empty((Q.shape[0], V.shape[1]))
    for i in range(Q.shape[0]):
        sink_keys = np.arange(min(sinks, i + 1))
        keys = np.concatenate([sink_keys, np.arange(max(0, i - window + 1), i + 1)])
        scores = K[keys] @ Q[i] / np.sqrt(Q.shape[1])
        weights = np.exp(scores - scores.max())
        out[i] = weights / weights.sum() @ V[keys]
    return out
