import numpy as np


def sink_attention(Q, K, V, sinks, window):
    """Token by token: the visible keys of query i are a sorted union of two ranges."""
    Q, K, V = (np.array(M, dtype=float) for M in (Q, K, V))
    out = np.zeros((len(Q), V.shape[1]))
    for i in range(len(Q)):
        seen = sorted(set(range(min(sinks, i + 1))) | set(range(max(0, i - window + 1), i + 1)))
        s = K[seen] @ Q[i] / np.sqrt(Q.shape[1])
        p = np.exp(s - s.max())
        out[i] = p @ V[seen] / p.sum()
    return out
