import numpy as np


def sliding_window_attention(Q, K, V, window):
    """Causal softmax over all earlier keys, then zero the weights outside the window.

    The weights that are left are not renormalised, so they sum to less than 1.
    """
    Q, K, V = (np.asarray(M, dtype=float) for M in (Q, K, V))
    n = Q.shape[0]
    i, j = np.arange(n)[:, None], np.arange(n)[None, :]
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    scores = np.where(j <= i, scores, -np.inf)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = exps / exps.sum(axis=1, keepdims=True)
    return np.where(j > i - window, weights, 0.0) @ V
