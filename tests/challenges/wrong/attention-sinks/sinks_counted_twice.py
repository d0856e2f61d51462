import numpy as np


def sink_attention(Q, K, V, sinks, window):
    """Scores the sinks and the window separately and softmaxes them together: a key in both
    appears twice."""
    Q, K, V = (np.asarray(M, dtype=np.float64) for M in (Q, K, V))
    d = Q.shape[1]
    rows = []
    for i, q in enumerate(Q):
        sink_k, sink_v = K[:min(sinks, i + 1)], V[:min(sinks, i + 1)]
        lo = max(0, i - window + 1)
        win_k, win_v = K[lo:i + 1], V[lo:i + 1]
        s = np.concatenate([sink_k @ q, win_k @ q]) / np.sqrt(d)
        p = np.exp(s - s.max())
        rows.append(p @ np.vstack([sink_v, win_v]) / p.sum())
    return np.array(rows)
