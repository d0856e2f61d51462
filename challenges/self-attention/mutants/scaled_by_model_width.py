import numpy as np


def self_attention(X, Wq, Wk, Wv):
    """Scales by sqrt(d_model), the width of a token, instead of sqrt(d_k)."""
    X = np.asarray(X, dtype=float)
    Q, K, V = X @ np.asarray(Wq, float), X @ np.asarray(Wk, float), X @ np.asarray(Wv, float)
    scores = Q @ K.T / np.sqrt(X.shape[1])
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exps / exps.sum(axis=1, keepdims=True) @ V
