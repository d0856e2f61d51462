import numpy as np


def cross_attention(X, Y, Wq, Wk, Wv):
    """Exponentiates the scaled scores without subtracting the row maximum."""
    X, Y = np.asarray(X, dtype=float), np.asarray(Y, dtype=float)
    Q, K, V = X @ np.asarray(Wq, float), Y @ np.asarray(Wk, float), Y @ np.asarray(Wv, float)
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    with np.errstate(over="ignore", invalid="ignore"):
        exps = np.exp(scores)
        return exps / exps.sum(axis=1, keepdims=True) @ V
