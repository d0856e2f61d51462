import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Causal attention in which query i sees only its `window` most recent keys (itself too)."""
    Q = np.asarray(Q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    V = np.asarray(V, dtype=np.float64)
    out = np.empty((Q.shape[0], V.shape[1]))
    for i, query in enumerate(Q):
        start = max(0, i - window + 1)  # keys start..i: `window` of them, fewer near the start
        scores = K[start:i + 1] @ query / np.sqrt(Q.shape[1])
        exps = np.exp(scores - scores.max())
        out[i] = exps / exps.sum() @ V[start:i + 1]
    return out
