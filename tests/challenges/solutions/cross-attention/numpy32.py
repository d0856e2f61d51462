import numpy as np


def cross_attention(X, Y, Wq, Wk, Wv):
    X, Y, Wq, Wk, Wv = (np.asarray(a, dtype=np.float32) for a in (X, Y, Wq, Wk, Wv))
    Q = X @ Wq
    K = Y @ Wk
    V = Y @ Wv
    scores = (Q @ K.T) / np.sqrt(np.float32(Q.shape[1]))
    scores = scores - scores.max(axis=1, keepdims=True)
    weights = np.exp(scores)
    weights = weights / weights.sum(axis=1, keepdims=True)
    return weights @ V
