import numpy as np


def cross_attention(X, Y, Wq, Wk, Wv):
    """Return softmax(Q K^T / sqrt(d_k)) V with Q = X Wq, K = Y Wk and V = Y Wv."""
    X = np.asarray(X, dtype=np.float64)
    Y = np.asarray(Y, dtype=np.float64)
    Q = X @ np.asarray(Wq, dtype=np.float64)  # the queries come from X ...
    K = Y @ np.asarray(Wk, dtype=np.float64)  # ... the keys and values from the context Y
    V = Y @ np.asarray(Wv, dtype=np.float64)
    scores = Q @ K.T / np.sqrt(Q.shape[1])  # n x m: no mask, every query sees all of Y
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = exps / exps.sum(axis=1, keepdims=True)
    return weights @ V
