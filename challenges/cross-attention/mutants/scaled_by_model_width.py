import numpy as np


def cross_attention(X, Y, Wq, Wk, Wv):
    """Scales by sqrt(d_x), the width of a token of X, instead of sqrt(d_k)."""
    X, Y = np.asarray(X, dtype=float), np.asarray(Y, dtype=float)
    Q, K, V = X @ np.asarray(Wq, float), Y @ np.asarray(Wk, float), Y @ np.asarray(Wv, float)
    scores = Q @ K.T / np.sqrt(X.shape[1])
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ V
