import numpy as np


def self_attention(X, Wq, Wk, Wv):
    """Return softmax(Q K^T / sqrt(d_k)) V with Q = X Wq, K = X Wk and V = X Wv."""
    X = np.asarray(X, dtype=np.float64)
    # Every token asks (query), offers (key) and carries (value) through its own projection.
    Q = X @ np.asarray(Wq, dtype=np.float64)
    K = X @ np.asarray(Wk, dtype=np.float64)
    V = X @ np.asarray(Wv, dtype=np.float64)
    scores = Q @ K.T / np.sqrt(Q.shape[1])  # d_k, the width of a query, not of a token
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = exps / exps.sum(axis=1, keepdims=True)
    return weights @ V
