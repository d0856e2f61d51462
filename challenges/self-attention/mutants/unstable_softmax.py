import numpy as np


def self_attention(X, Wq, Wk, Wv):
    """Exponentiates the scaled scores without subtracting the row maximum."""
    X = np.asarray(X, dtype=float)
    Q, K, V = X @ np.asarray(Wq, float), X @ np.asarray(Wk, float), X @ np.asarray(Wv, float)
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    with np.errstate(over="ignore", invalid="ignore"):
        exps = np.exp(scores)
        return exps / exps.sum(axis=1, keepdims=True) @ V
